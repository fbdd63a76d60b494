import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { type BuildOptions, buildApp } from "../app";
import { loadConfig } from "../config";
import type { TestDatabase } from "./databases";

/** A small built site for the static-file and SPA-fallback tests. */
export function siteFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), "ct-site-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    "<!doctype html><html><head><title>Chess trainer</title></head><body><div id=root></div></body></html>",
  );
  writeFileSync(join(dir, "assets", "app-abc123.js"), "console.log('app')");
  // What the site's build writes beside index.html (apps/site/vite.config.ts, screenPreloads).
  const preloads = [
    { pattern: "/training/:moduleId", js: ["/assets/module-1.js", "/assets/board-2.js"], css: [] },
    {
      pattern: "/blog/:slug",
      js: ["/assets/post-3.js"],
      css: ["/assets/post-4.css"],
      data: ["/api/blog/posts/:slug"],
    },
  ];
  writeFileSync(join(dir, "preloads.json"), JSON.stringify(preloads));
  return dir;
}

/** The real app on a test database, driven with `app.inject`. */
export async function testApp(
  database: TestDatabase,
  overrides: { env?: Record<string, string>; extraApiRoutes?: BuildOptions["extraApiRoutes"] } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SITE_DIR: siteFixture(),
    ...database.env,
    ...overrides.env,
  });
  return buildApp({
    config,
    db: database.db,
    kind: database.kind,
    version: "test",
    logger: false,
    ...(overrides.extraApiRoutes ? { extraApiRoutes: overrides.extraApiRoutes } : {}),
  });
}
