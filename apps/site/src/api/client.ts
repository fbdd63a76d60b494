import ky, { type KyInstance } from "ky";

const unauthorizedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever a call carrying an admin bearer token is answered 401: the server no longer accepts the
 * token (expired, revoked, logged out elsewhere). The admin session listens, so that every admin call, whichever
 * screen makes it, sends the admin to the login page instead of leaving the screen with a failure. Answers the
 * function that stops listening.
 */
export function onAdminUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/**
 * The API lives on the site's own origin under /api (spec section 7). In development Vite proxies /api to the
 * server (see vite.config.ts), so the same base works everywhere.
 */
export const api = ky.create({
  prefixUrl: "/api",
  timeout: 15_000,
  retry: { limit: 1, methods: ["get"] },
  hooks: {
    afterResponse: [
      (request, _options, response) => {
        if (response.status === 401 && /^Bearer /i.test(request.headers.get("authorization") ?? "")) {
          for (const listener of unauthorizedListeners) listener();
        }
      },
    ],
  },
});

/**
 * The API client of a route loader: the server's own (rendering a page, it answers the loader's reads itself, see
 * entry-server.tsx) when the loader runs there; in the browser, none (`null`), since the screens load their data.
 */
export function serverApiOf(context: unknown): KyInstance | null {
  const given = (context as { api?: KyInstance } | null | undefined)?.api;
  return given ?? null;
}
