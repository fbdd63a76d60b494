import type { FastifyRequest } from "fastify";

/** A host as a Host header may carry it: a name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The site's address for absolute links: PUBLIC_URL when configured, else the scheme and host the request came to
 * (behind a trusted proxy, its X-Forwarded-* headers). A Host header that is not a plain host name is not echoed.
 */
export function siteBaseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = request.host;
  const protocol = request.protocol === "https" ? "https" : "http";
  return `${protocol}://${host && HOST.test(host) ? host.toLowerCase() : "localhost"}`;
}

/** An absolute URL for a site path (`/uploads/x.png`) or an absolute http(s) URL as given. */
export function absoluteUrl(base: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
