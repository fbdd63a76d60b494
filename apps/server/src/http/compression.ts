import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Answers smaller than this go as they are: compressing them saves too little to pay for itself. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * The types compressed here: the API's JSON, the site's pages and the feeds (RSS, sitemap). The site's scripts and
 * styles never reach this: @fastify/static sends them as streams, and the build wrote their .br and .gz copies.
 */
const COMPRESSIBLE = /^(?:application\/(?:json|rss\+xml|xml)|text\/(?:html|xml))(?:;|$)/i;

export type Encoding = "gzip" | "br";

/**
 * The encoding to answer with, by Accept-Encoding (RFC 9110 §12.5.3): gzip or br, whichever the client rates higher
 * (`*` stands for both; q=0 refuses one), gzip when it rates them alike; null when it takes neither (no header, or
 * `identity` alone). Gzip first because these answers are made per request: at the same size (a 1.5 kB puzzle
 * answer becomes about 820 bytes either way) gzip level 6 takes half the time of brotli at quality 4, and brotli
 * only pays at qualities too slow for a request (docs/operations.md has the figures).
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const rated = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.split(";").map((text) => text.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    rated.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const weightOf = (name: Encoding) => rated.get(name) ?? rated.get("*") ?? 0;
  const gzip = weightOf("gzip");
  const br = weightOf("br");
  if (gzip <= 0 && br <= 0) return null;
  return gzip >= br ? "gzip" : "br";
}

const COMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  gzip: (body) => gzipSync(body, { level: 6 }),
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
};

/** Bytes of bodies and their compressed forms kept, per encoding. */
const KEPT_BYTES = 8 * 1024 * 1024;

/**
 * Compressed forms of the text bodies sent recently, by body: most answers are sent again as they are (a puzzle's
 * kept answer, a stats answer, a page), and compressing one costs more than the rest of its request. The oldest go
 * first once the bodies and their compressed forms pass KEPT_BYTES.
 */
class CompressedBodies {
  readonly #kept = new Map<string, Buffer>();
  #bytes = 0;

  constructor(private readonly encoding: Encoding) {}

  get(body: string): Buffer {
    const kept = this.#kept.get(body);
    if (kept) return kept;
    const compressed = COMPRESS[this.encoding](Buffer.from(body));
    this.#kept.set(body, compressed);
    this.#bytes += body.length * 2 + compressed.length;
    for (const [oldest, value] of this.#kept) {
      if (this.#bytes <= KEPT_BYTES) break;
      this.#kept.delete(oldest);
      this.#bytes -= oldest.length * 2 + value.length;
    }
    return compressed;
  }
}

/** Adds a name to the reply's Vary header unless it is there already. */
function varyOn(reply: FastifyReply, name: string): void {
  const vary = String(reply.getHeader("vary") ?? "");
  if (
    vary === "*" ||
    vary
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name)
  )
    return;
  reply.header("vary", vary ? `${vary}, ${name}` : name);
}

/**
 * Compresses text answers (JSON, HTML, XML) of COMPRESSION_THRESHOLD bytes and more with gzip or brotli, as the
 * client's Accept-Encoding allows (chooseEncoding), and says `Vary: Accept-Encoding` on them whether compressed or
 * not. Registered after the ETag hook (onSend hooks run in the order they are added), so the ETag is the hash of
 * the uncompressed body, alike for every encoding (a weak tag), and a 304's empty body is never compressed. Streams
 * (the site's files, uploads) and answers that already carry a Content-Encoding are sent as they are.
 */
export function registerCompression(app: FastifyInstance): void {
  const kept: Record<Encoding, CompressedBodies> = {
    gzip: new CompressedBodies("gzip"),
    br: new CompressedBodies("br"),
  };
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader("content-encoding")) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    // A string of 1,024 characters or more has at least as many bytes: only shorter ones are measured.
    const long = payload.length >= COMPRESSION_THRESHOLD;
    if (!long && (typeof payload !== "string" || Buffer.byteLength(payload) < COMPRESSION_THRESHOLD))
      return payload;
    varyOn(reply, "accept-encoding");
    const encoding = chooseEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return typeof payload === "string" ? kept[encoding].get(payload) : COMPRESS[encoding](payload);
  });
}
