import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { analysisRoutes } from "./analysis/routes";
import type { HashCost } from "./auth/accounts";
import { adminRoutes, adminTokenVerifier } from "./auth/routes";
import { feedRoutes } from "./blog/feeds";
import { registerBlogPages } from "./blog/og";
import { revisionRoutes } from "./blog/revisions";
import { blogRoutes } from "./blog/routes";
import { contactRoutes } from "./contact/routes";
import type { AppContext } from "./context";
import { registerCompression } from "./http/compression";
import {
  apiErrorHandler,
  clientErrorHandler,
  frameworkErrors,
  refuseTunnels,
  refuseUnknownExpectations,
} from "./http/errors";
import { registerEtags } from "./http/etag";
import { openApiDocument } from "./http/openapi";
import { RouteRegistry } from "./http/route";
import { registerSecurityHeaders } from "./http/security-headers";
import { SitePages, sendSitePage } from "./http/site-html";
import { injectedFetch, loadSiteRenderer } from "./http/site-render";
import { importRoutes } from "./importers/routes";
import { playerPasskeyRoutes } from "./players/passkey-routes";
import { progressRoutes } from "./players/progress-routes";
import { playerRoutes } from "./players/routes";
import { registerPlayerSessions } from "./players/session";
import { positionRoutes } from "./positions/routes";
import { type RacerRoutesOptions, racerRoutes } from "./racer/routes";
import { healthRoutes } from "./routes/health";
import { registerThemePages } from "./routes/theme-pages";
import { stormRoutes } from "./storm/routes";
import { uploadFileRoutes, uploadRoutes } from "./uploads/routes";

export interface BuildOptions extends Pick<AppContext, "config" | "db" | "kind" | "version"> {
  /** Pino logger options; false turns logging off (tests). */
  logger?: boolean | { level: string };
  /** Extra API routes (tests use it to probe the error handling). */
  extraApiRoutes?: (api: FastifyInstance) => Promise<void>;
  /** Called when a PGN file is queued, so an in-process analysis worker starts at once. */
  onAnalysisEnqueued?: () => void;
  /** Called when a contact message is stored, so the outbox's delivery loop mails it at once. */
  onContactStored?: () => void;
  /** Called when a mail to a player (a reset link) is stored, so its outbox's loop mails it at once. */
  onPlayerMailQueued?: () => void;
  /** argon2 cost of players' new password hashes (default PASSWORD_HASH_COST; tests pass a cheap one). */
  playerHashCost?: HashCost;
  /** Shorter race countdowns and races (tests). */
  racerTiming?: RacerRoutesOptions["racerTiming"];
}

/** Body limit of JSON requests; the batch route allows more. */
export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, logger = { level: config.logLevel } } = options;
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // A request must arrive whole (headers and body) within this time, else Node answers 408 (clientErrorHandler)
    // and closes the connection. Fastify's default (0) turns Node's bound off, so a client that declared a body and
    // never sent it, or trickled it, held its connection for ever. Node enforces it only while the headers' bound
    // (60 s) is not longer (measured on Node 20: a body then never expired), so that one is capped to it, as Node's
    // own default does; and it checks every `connectionsCheckingInterval` (30 s): a quarter of the bound here.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.requestTimeoutMs / 4))),
    },
    // Fastify answers 414 to a longer path parameter (default 100); slugs run to 80 characters plus a numeric
    // suffix, and posts stored with the older 120-character cap must stay reachable.
    routerOptions: { maxParamLength: 200 },
    // Every refusal, including those Fastify and Node's parser make before a route runs, is `{ error, message }`.
    frameworkErrors,
    clientErrorHandler,
  });

  registerSecurityHeaders(app);
  registerEtags(app);
  // After the ETag hook: onSend hooks run in the order they are added (see http/compression.ts).
  registerCompression(app);
  const context: AppContext = {
    config,
    db: options.db,
    kind: options.kind,
    version: options.version,
    docs: new RouteRegistry(),
    writer: { apiKey: config.apiKey, verifyAdminToken: adminTokenVerifier(options.db, config.tokenSecret) },
  };

  app.setErrorHandler(apiErrorHandler);
  // A player's session cookie is renewed on the answer of any request that used it (players/session.ts).
  registerPlayerSessions(app, context);
  refuseUnknownExpectations(app);
  refuseTunnels(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, context);
      await api.register(adminRoutes, context);
      await api.register(playerRoutes, {
        ...context,
        ...(options.playerHashCost ? { hashCost: options.playerHashCost } : {}),
        ...(options.onPlayerMailQueued ? { onMailQueued: options.onPlayerMailQueued } : {}),
      });
      await api.register(playerPasskeyRoutes, context);
      await api.register(progressRoutes, context);
      await api.register(racerRoutes, {
        ...context,
        ...(options.racerTiming ? { racerTiming: options.racerTiming } : {}),
      });
      await api.register(positionRoutes, context);
      await api.register(stormRoutes, context);
      await api.register(blogRoutes, context);
      await api.register(revisionRoutes, context);
      await api.register(uploadRoutes, context);
      await api.register(contactRoutes, {
        ...context,
        ...(options.onContactStored ? { onStored: options.onContactStored } : {}),
      });
      await api.register(importRoutes, context);
      await api.register(analysisRoutes, {
        ...context,
        ...(options.onAnalysisEnqueued ? { onEnqueued: options.onAnalysisEnqueued } : {}),
      });
      api.get("/docs", async () => openApiDocument(context.docs, context.version));
      if (options.extraApiRoutes) await api.register(options.extraApiRoutes);
      api.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .send({ error: "not_found", message: `No API route for ${request.method} ${request.url}` }),
      );
    },
    { prefix: "/api" },
  );

  await app.register(feedRoutes, context);
  await app.register(uploadFileRoutes, context);
  await registerSite(app, config.siteDir, context);
  return app;
}

/** Whether a request's body is a form's as a browser sends it natively. */
function isFormPost(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
}

/**
 * The built single-page site: files from SITE_DIR (hashed assets cached for a year), and index.html for every
 * other GET so client routes like /training/endgame load the app.
 */
async function registerSite(app: FastifyInstance, siteDir: string, context: AppContext): Promise<void> {
  const indexFile = join(siteDir, "index.html");
  if (!existsSync(indexFile)) {
    app.setNotFoundHandler((_request, reply) =>
      reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The site is not built. Run `npm run build`, then start the server again."),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: siteDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside every text asset (apps/site/vite.config.ts): sent by Accept-Encoding.
    preCompressed: true,
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(siteDir, "assets")}`);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      res.setHeader("vary", "accept-encoding");
    },
  });
  // index.html per path, with preload links for the path's screen (see http/site-html.ts).
  // The site's server build renders public pages (http/site-render.ts); without one they go unrendered.
  const render = await loadSiteRenderer(siteDir);
  const pages = new SitePages(siteDir, {
    publicUrl: context.config.publicUrl,
    renderer: render ? { render, fetchApi: injectedFetch(app) } : null,
  });
  // Blog post pages: that, plus the post's title and Open Graph tags for link previews.
  registerBlogPages(app, context, pages);
  // Theme pages: found when a stored puzzle has the theme, titled with its name.
  registerThemePages(context, pages);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // A page's form sent before its scripts ran (the account forms are POST forms): the page again, by GET, its
    // fields dropped; the query it was on kept. Always to a path of this site: never `//host` or `/\host`, which
    // browsers read as another site's address.
    if (
      request.method === "POST" &&
      !/\.[a-z0-9]+$/i.test(path) &&
      isFormPost(request.headers["content-type"])
    ) {
      return reply.redirect(request.url.replace(/^[/\\]+/, "/"), 303);
    }
    // A missing file (a stale hashed asset, say) is a 404, not the app's HTML.
    if ((request.method !== "GET" && request.method !== "HEAD") || /\.[a-z0-9]+$/i.test(path)) {
      return reply.status(404).send({ error: "not_found", message: "Not found" });
    }
    // The app's page, with a 404 for an address the site does not have (see http/site-html.ts).
    return sendSitePage(request, reply, pages);
  });
}
