import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";

/** The weak ETag of a body: a hash of its bytes. */
export function etagOf(payload: string | Buffer): string {
  return `W/"${createHash("sha1").update(payload).digest("base64url")}"`;
}

const knownTags = new WeakMap<FastifyReply, string>();

/** The ETag of the body a reply sends, when the route has it already (a kept answer): it is not hashed again. */
export function sendsEtag(reply: FastifyReply, tag: string): void {
  knownTags.set(reply, tag);
}

/**
 * Weak ETags on successful API reads that allow caching: a client sending If-None-Match with the current tag gets
 * an empty 304 instead of the body.
 */
export function registerEtags(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || reply.statusCode !== 200) return payload;
    if (!String(reply.getHeader("cache-control") ?? "").startsWith("public")) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const tag = knownTags.get(reply) ?? etagOf(payload);
    reply.header("etag", tag);
    const match = request.headers["if-none-match"];
    if (match?.split(",").some((candidate) => candidate.trim() === tag)) {
      reply.code(304);
      return "";
    }
    return payload;
  });
}
