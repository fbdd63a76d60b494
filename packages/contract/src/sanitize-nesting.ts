/** How deep post markup nests, and what is left of markup too deep to parse (used by sanitize-policy.ts). */

/**
 * Deepest nesting kept. The editor's content nests a few levels (lists in lists); HTML parsers take time that grows
 * with the square of the depth (20,000 nested elements keep jsdom busy for minutes), so deeper input is reduced to
 * its text before any parser sees it.
 */
export const SANITIZE_MAX_NESTING = 100;

/** Elements that never contain others, and elements a following sibling closes (so they do not nest). */
const NOT_NESTING = new Set(
  "area base br col embed hr img input link meta param source track wbr p li dt dd option optgroup tr td th rb rt rp".split(
    " ",
  ),
);

/** Elements whose content is text to the parser, up to their own end tag. */
const RAW_TEXT = new Set("script style textarea title xmp iframe noembed noframes noscript".split(" "));

/**
 * How deep the markup nests, estimated in one linear pass the way an HTML tokenizer reads it: start tags deepen,
 * end tags climb back; quoted attribute values, comments and raw-text elements (script, style, textarea, ...) are
 * skipped; void elements and elements a sibling closes (p, li, td, ...) do not count.
 */
export function nestingDepth(html: string): number {
  const length = html.length;
  let depth = 0;
  let deepest = 0;
  let at = 0;
  while (at < length) {
    const open = html.indexOf("<", at);
    if (open === -1) break;
    const next = html[open + 1];
    if (next === "!" || next === "?") {
      const end = html.startsWith("<!--", open) ? html.indexOf("-->", open + 4) : html.indexOf(">", open + 2);
      if (end === -1) break;
      at = end + 1;
      continue;
    }
    const closing = next === "/";
    const nameAt = open + (closing ? 2 : 1);
    let nameEnd = nameAt;
    while (nameEnd < length && nameEnd - nameAt < 64 && /[a-zA-Z0-9-]/.test(html[nameEnd] ?? "")) nameEnd++;
    if (nameEnd === nameAt || !/[a-zA-Z]/.test(html[nameAt] ?? "")) {
      at = open + 1;
      continue;
    }
    const name = html.slice(nameAt, nameEnd).toLowerCase();
    // The end of the tag: the first ">" outside a quoted attribute value.
    let cursor = nameEnd;
    let quote = "";
    let afterEquals = false;
    for (; cursor < length; cursor++) {
      const char = html[cursor];
      if (quote) {
        if (char === quote) quote = "";
      } else if (char === ">") break;
      else if ((char === '"' || char === "'") && afterEquals) quote = char;
      if (char === "=") afterEquals = true;
      else if (char !== " " && char !== "\t" && char !== "\n" && char !== "\r" && char !== "\f")
        afterEquals = false;
    }
    at = cursor + 1;
    if (NOT_NESTING.has(name)) continue;
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    deepest = Math.max(deepest, ++depth);
    if (RAW_TEXT.has(name)) {
      const end = new RegExp(`</${name}`, "gi");
      end.lastIndex = at;
      if (!end.exec(html)) break;
      at = end.lastIndex - name.length - 2;
    }
  }
  return deepest;
}

/** Markup too deep to parse in reasonable time, as one paragraph of its text (every tag removed, "<" escaped). */
export function asText(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\s+/g, " ");
  return `<p>${text.trim()}</p>`;
}
