/** The admin account the end-to-end server is started with (playwright.config.ts passes it as ADMIN_*). */
export const ADMIN = { username: "e2e-admin", password: "e2e-admin-password-1234" } as const;
