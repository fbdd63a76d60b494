/** Where a player goes after signing in or up when the address names nowhere (or somewhere not allowed). */
export const DEFAULT_NEXT = "/training";

/** The account pages that lead to a sign-in: going back to them after it would go round in a circle. */
const LOOPING = /^\/account\/(sign-in|sign-up|reset)(\/|$)/i;

/**
 * The `next` of a sign-in or sign-up address (`?next=/training/endgame`), if it is a page of this site: a path
 * starting with one slash, not another origin (`//evil.example`, `https:`, `/\evil.example`), not the API, not
 * the sign-in pages themselves. Anything else: DEFAULT_NEXT.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\") || hasControl(next)) {
    return DEFAULT_NEXT;
  }
  let url: URL;
  try {
    url = new URL(next, "https://site.invalid");
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== "https://site.invalid") return DEFAULT_NEXT;
  if (url.pathname === "/api" || url.pathname.startsWith("/api/") || LOOPING.test(url.pathname))
    return DEFAULT_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A tab, a line break or another control character (browsers drop some of them from an address). */
function hasControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) < 0x20) return true;
  return false;
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  return `/account/sign-in?next=${encodeURIComponent(path)}`;
}
