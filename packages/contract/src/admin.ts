import { z } from "zod";

/** Shortest admin password the server accepts (configuration, CLI and account store alike). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Longest password accepted anywhere: a bound on the work one login request can cause. */
export const ADMIN_PASSWORD_MAX_LENGTH = 1024;

/**
 * Names of admin accounts: letters, digits and `._@-`, starting with a letter or digit, so a name is safe in logs,
 * shells and rate-limit keys. Checked where accounts are made (configuration, CLI), not at login.
 */
export const adminUsernameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/,
    "must be 1-64 letters, digits or . _ @ -, starting with a letter or digit",
  );

/** A new admin password: long enough to resist guessing, bounded so hashing it stays cheap. */
export const adminPasswordSchema = z
  .string()
  .min(ADMIN_PASSWORD_MIN_LENGTH, `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`)
  .max(ADMIN_PASSWORD_MAX_LENGTH, `must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters`);

/**
 * Body of POST /api/admin/login (spec section 5: both fields required). No format rules beyond that: a login with
 * a name that cannot exist simply fails like any wrong name, so the answer reveals nothing.
 */
export const adminLoginSchema = z.object({
  username: z.string({ error: "Username is required" }).min(1, "Username is required").max(200),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(ADMIN_PASSWORD_MAX_LENGTH),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;

/** A successful login: the bearer token and when it stops working (ISO 8601). */
export const adminTokenSchema = z.object({
  access_token: z.string(),
  expires_at: z.string(),
});
export type AdminToken = z.infer<typeof adminTokenSchema>;

/** GET /api/admin/validate: whether the bearer token still grants admin rights. */
export const adminValidationSchema = z.object({ valid: z.boolean() });

/** POST /api/admin/logout: `revoked` is false when the session had already ended (expired or logged out). */
export const adminLogoutSchema = z.object({ revoked: z.boolean() });
