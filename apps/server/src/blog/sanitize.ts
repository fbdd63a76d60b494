import { sanitizeWith } from "@ct/contract";
import createDOMPurify, { type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";

/** One jsdom window and one DOMPurify instance for the whole process; sanitising is synchronous. */
const purify = createDOMPurify(new JSDOM("").window as unknown as WindowLike);

/**
 * Post HTML reduced to what the shared policy allows (packages/contract/src/sanitize-policy.ts): the same policy the
 * browser applies again before rendering.
 */
export function sanitizePostHtml(html: string): string {
  return sanitizeWith(purify, html);
}
