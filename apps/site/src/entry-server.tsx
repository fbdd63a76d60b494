/**
 * The site rendered on the server (apps/server/src/http/site-render.ts loads the build of this file from
 * dist-server/): the route's screen with its loaders' data, in the visitor's language, as a React 19 stream. The
 * browser hydrates it (main.tsx) in the same language, starting from the same loader data, which the page carries.
 */
import type { PurifierLike } from "@ct/contract";
import { createI18n, type Language } from "@ct/texts";
import { setPostHtmlEnvironment } from "@ct/ui";
import createDOMPurify, { type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import ky from "ky";
import { renderToPipeableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppRoot } from "./app/app-root";
import { routes } from "./app/router";
import { routerDataScript } from "./app/router-data";

const handler = createStaticHandler(routes);

// A post's body is rendered here as in the browser: sanitised by the shared policy with DOMPurify, parsed by a DOM.
const dom = new JSDOM("").window;
setPostHtmlEnvironment({
  purifier: createDOMPurify(dom as unknown as WindowLike) as unknown as PurifierLike,
  parse: (html) => new dom.DOMParser().parseFromString(html, "text/html"),
});

export interface RenderRequest {
  /** The page's absolute address, query string included. */
  url: string;
  language: Language;
  /** Answers the loaders' API reads (`/api/...` on the page's origin): the server answers them itself. */
  fetch: (request: Request) => Promise<Response>;
  /** Stops the rendering (the visitor went away). */
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** Writes the page's `#root` content into `out` (not ending it). */
  pipe(out: NodeJS.WritableStream): void;
  /** The router data's script element, to follow `#root`. */
  data: string;
}

/** How long a loader's API read may take before the page is rendered without it (the screen then loads it). */
const LOADER_TIMEOUT_MS = 5000;

/**
 * Renders a page: runs the matched routes' loaders (which load the lazy screens too), then renders once everything is
 * ready, so the stream holds the whole page for readers without JavaScript. Rejects when the page cannot be
 * rendered; the server then sends it unrendered (the browser renders it, as before server rendering).
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const api = ky.create({
    prefixUrl: new URL("/api", request.url).href,
    fetch: (input, init) => request.fetch(new Request(input, init)),
    retry: 0,
    timeout: LOADER_TIMEOUT_MS,
  });
  const page = new Request(request.url, request.signal ? { signal: request.signal } : {});
  const context = await handler.query(page, {
    // The visitor's language too: a loader may read what depends on it (the blog lists its language first).
    requestContext: { api, language: request.language },
  });
  if (context instanceof Response) throw new Error(`the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <AppRoot language={request.language} i18n={createI18n(request.language)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>
  );
  const data = routerDataScript({ loaderData: context.loaderData });
  return new Promise((resolve, reject) => {
    let failed = false;
    const stream = renderToPipeableStream(app, {
      // Never move a finished boundary's content out of line: React would then reveal it with an inline script,
      // which the Content-Security-Policy refuses (only the theme script runs inline, by its hash).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (!failed) resolve({ pipe: (out) => stream.pipe(out), data });
      },
      onShellError(error) {
        failed = true;
        reject(error);
      },
      onError(error) {
        // A part that failed is left to the browser, which renders it again; the rest of the page stands.
        if (!request.signal?.aborted) console.error("server rendering:", error);
      },
    });
    request.signal?.addEventListener("abort", () => stream.abort());
  });
}
