import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { PassThrough, type Readable, Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { SiteLanguage } from "@ct/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { chooseEncoding } from "./compression";

/** What the site's server build (apps/site/src/entry-server.tsx) renders: a page's `#root` and its router data. */
export interface RenderedPage {
  pipe(out: NodeJS.WritableStream): void;
  data: string;
}

/** The site's server build: renders a page of the site in a language. */
export interface SiteRenderer {
  renderPage(request: {
    url: string;
    language: SiteLanguage;
    fetch: (request: Request) => Promise<Response>;
    signal?: AbortSignal;
  }): Promise<RenderedPage>;
}

/** Where the site's server build is: `dist-server/` beside the site's `dist/` (apps/site's `npm run build`). */
export function siteServerEntry(siteDir: string): string {
  return join(dirname(siteDir), "dist-server", "entry-server.js");
}

/**
 * Loads the site's server build, or null when there is none (a build from before server rendering): pages are then
 * sent unrendered and the browser renders them, as before.
 */
export async function loadSiteRenderer(siteDir: string): Promise<SiteRenderer | null> {
  const entry = siteServerEntry(siteDir);
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as Partial<SiteRenderer>;
  if (typeof module.renderPage !== "function") throw new Error(`${entry} does not export renderPage`);
  return { renderPage: module.renderPage };
}

/**
 * The loaders' API reads, answered by this server in-process (`inject`): no socket, no second trip through the
 * network stack, and the same routes, validation and caches as any other read.
 */
export function injectedFetch(app: FastifyInstance): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const answer = await app.inject({
      method: request.method === "HEAD" ? "HEAD" : "GET",
      url: `${url.pathname}${url.search}`,
      headers: { accept: "application/json" },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (typeof value === "string") headers.set(name, value);
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || request.method === "HEAD";
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}

/** The empty root of index.html, which a rendered page fills. */
export const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Streams a server-rendered page: the head goes out at once (its preload links start the scripts and styles
 * downloading while the page renders), then the rendered `#root`, the router data and the rest of index.html. When
 * rendering fails, the page goes out unrendered (the browser renders it). Compressed with the encoding the client
 * accepts; React flushes the compressor whenever it has written a part.
 */
export function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { html: string; status: number; url: string; language: SiteLanguage },
  renderer: SiteRenderer,
  fetchApi: (request: Request) => Promise<Response>,
): FastifyReply {
  const at = page.html.indexOf(EMPTY_ROOT);
  const before = `${page.html.slice(0, at)}<div id="root">`;
  const rest = page.html.slice(at + EMPTY_ROOT.length);
  const encoding = chooseEncoding(request.headers["accept-encoding"]);
  const body = new PassThrough();
  const compressor =
    encoding === "br"
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : encoding === "gzip"
        ? createGzip({ level: 6 })
        : null;
  const out: Readable = compressor ? body.pipe(compressor) : body;
  const flush = () => compressor?.flush();
  const stopped = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) stopped.abort();
  });

  body.write(before);
  flush();
  renderer
    .renderPage({ url: page.url, language: page.language, fetch: fetchApi, signal: stopped.signal })
    .then(
      (rendered) => {
        const sink = new Writable({
          write(chunk, _encoding, done) {
            body.write(chunk, done);
          },
          final(done) {
            body.end(`</div>${rendered.data}${rest}`);
            done();
          },
        });
        Object.assign(sink, { flush });
        rendered.pipe(sink);
      },
      (error: unknown) => {
        if (!stopped.signal.aborted) request.log.error({ err: error }, "server rendering failed");
        body.end(`</div>${rest}`);
      },
    );

  reply.status(page.status).header("cache-control", "no-cache");
  reply.header("vary", "Cookie, Accept-Language, Accept-Encoding");
  if (encoding) reply.header("content-encoding", encoding);
  return reply.type("text/html; charset=utf-8").send(out);
}
