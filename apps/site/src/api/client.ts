import ky from "ky";

/**
 * The API lives on the site's own origin under /api (spec section 7). In development Vite proxies /api to the
 * server (see vite.config.ts), so the same base works everywhere.
 */
export const api = ky.create({
  prefixUrl: "/api",
  timeout: 15_000,
  retry: { limit: 1, methods: ["get"] },
});
