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
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Chess trainer</title><div id=root></div>");
  writeFileSync(join(dir, "assets", "app-abc123.js"), "console.log('app')");
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
