/**
 * Text for the HTML the server writes (the site's pages, a post's head, feeds): plain functions with no imports, so
 * every module that writes markup can use them without importing the modules that build pages.
 */

/** Characters PostgreSQL text cannot hold (NUL) and other C0 controls that have no place in a title or a tag. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Removes control characters (keeps tab, line feed and carriage return). */
export function withoutControls(text: string): string {
  return text.replace(CONTROL, "");
}

/** Text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return withoutControls(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
