import ky, { type KyInstance } from "ky";

/**
 * The API lives on the site's own origin under /api (spec section 7). In development Vite proxies /api to the
 * server (see vite.config.ts), so the same base works everywhere.
 */
export const api = ky.create({
  prefixUrl: "/api",
  timeout: 15_000,
  retry: { limit: 1, methods: ["get"] },
});

/**
 * The API client of a route loader: the server's own (rendering a page, it answers the loader's reads itself, see
 * entry-server.tsx) when the loader runs there; in the browser, none (`null`), since the screens load their data.
 */
export function serverApiOf(context: unknown): KyInstance | null {
  const given = (context as { api?: KyInstance } | null | undefined)?.api;
  return given ?? null;
}
