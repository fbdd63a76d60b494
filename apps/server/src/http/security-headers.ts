import type { FastifyInstance } from "fastify";

/**
 * Content-Security-Policy: the site's own scripts and styles, images from the site and from any https address (a post
 * may show an image hosted elsewhere: the post sanitiser keeps https images and uploads only), YouTube embeds (the privacy-enhanced host and
 * www.youtube.com, the two the post sanitiser allows), nothing else. Inline styles are allowed because the board
 * library positions pieces with style attributes. The site's own Web Worker may compile WebAssembly
 * ('wasm-unsafe-eval' allows WebAssembly only, not JavaScript eval): Stockfish for "why not my move".
 */
export const CONTENT_SECURITY_POLICY = policyAllowing([]);

/**
 * The policy, with inline scripts allowed by their SHA-256 hashes (base64): the site's pages carry one, the theme
 * script that must run before the first paint (apps/site/src/app/theme-script.js). Any other inline script, injected
 * or not, stays refused.
 */
export function policyAllowing(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval'${scriptHashes.map((hash) => ` 'sha256-${hash}'`).join("")}`,
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    // A route may set a stricter policy of its own (uploaded files: "default-src 'none'; sandbox").
    if (!reply.hasHeader("content-security-policy"))
      reply.header("content-security-policy", CONTENT_SECURITY_POLICY);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "DENY");
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
    if (request.protocol === "https") {
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
  });
}
