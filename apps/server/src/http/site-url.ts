/**
 * The site's address for absolute links (RSS, sitemap, canonical, og:url): the configured PUBLIC_URL, whose default
 * is `http://localhost:PORT` (config.ts). Never the request's Host or X-Forwarded-Host: a page or feed whose links
 * followed a forged Host could be kept by a shared cache and served to every visitor. Callers without a
 * configuration (tests of a page alone) get `http://localhost`.
 */
export function siteBaseUrl(publicUrl: string | undefined): string {
  return publicUrl ?? "http://localhost";
}

/** An absolute URL for a site path (`/uploads/x.png`) or an absolute http(s) URL as given. */
export function absoluteUrl(base: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
