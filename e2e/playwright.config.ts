import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import pg from "pg";
import { ADMIN } from "./admin";
import { chromiumLaunchOptions } from "./chromium";
import { CONTACT_TO } from "./smtp-sink";

/**
 * End-to-end suite: the built site served by the real server on a fresh SQLite database, driven in Chromium.
 * Run `npm run build` first (the test script does).
 */
const port = Number(process.env.E2E_PORT ?? 4321);
/** The second server, on PostgreSQL (project "postgres"): the next port. */
const postgresPort = port + 1;
/**
 * As the server suites do: the PostgreSQL project runs when PostgreSQL answers (TEST_POSTGRES_URL, or
 * postgres@127.0.0.1:5432), and is left out with a warning when it does not, unless REQUIRE_POSTGRES=1.
 */
const postgres = await postgresReachable();
if (!postgres) {
  if (process.env.REQUIRE_POSTGRES === "1") throw new Error("PostgreSQL is required but not reachable");
  console.warn("PostgreSQL not reachable: the end-to-end suite runs on SQLite only");
}
// In the environment too, so the test workers (which load this file again) can reach the server's database.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "ct-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
/**
 * The SMTP sink of the contact tests (smtp-sink.ts, started as global setup): its port follows E2E_PORT so parallel
 * runs do not collide, and the mails it receives land in E2E_MAIL_DIR. Both go into the environment so the workers
 * (which load this file again) read the same values.
 */
process.env.E2E_SMTP_PORT ??= String(port + 20000);
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), "ct-e2e-mail-"));

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./smtp-sink.ts",
  // Playwright empties its output folder when a run starts: a run on another port (parallel work) keeps its own.
  outputDir: process.env.E2E_PORT ? `../test-results/e2e-${port}` : "../test-results/e2e",
  fullyParallel: true,
  // A page is rendered by the server, then hydrated, then its screen starts (the trainer fetches its first position
  // only after hydration): beside another browser on two cores that took up to 6 s on a fast machine, and twice
  // that on a slow one. Timeouts bound a hang; how fast the site is, the benchmarks measure.
  expect: { timeout: 20_000 },
  // A test's whole time: three times Playwright's default, for the same slow machines (a page load costs a second
  // of a renderer's main thread there; on a machine of 2026-11-28 most tests took 10-25 s, and beside two other
  // browsers a third of them ran out of 30 s).
  timeout: 90_000,
  // Two browsers on two cores. Measured on that machine: one, two and three workers ran a spec file in the same
  // time (each browser keeps both cores busy while a page loads), and with three each test took three times as
  // long. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A failed test runs once more, recording its trace (below); a test that passes then is "flaky", and a flaky test
  // fails the run as a failure does (failOnFlakyTests, and scripts/test-summary.mjs counts it failed).
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: true,
  reporter: [["list"], ["json", { outputFile: "../test-results/e2e.json" }]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    reducedMotion: "reduce",
    // A failed test's second run keeps its trace: every action with the page's DOM as it was then, its network and
    // its console. Only the retry records it: recording every test's (passing ones too) made each action snapshot
    // the page's DOM and cost 11-16 % of the suite's time (three spec files, 2026-11-30: 129 s without, 145 s with),
    // as the screencast had cost a third before it went. `--trace on` records everything when a failure needs it.
    trace: { mode: "on-first-retry", screenshots: false, snapshots: true },
  },
  projects: [
    { name: "main", testIgnore: /xss\.spec\.ts$/ },
    // The XSS suite publishes a post per payload: it runs after the others so their blog pages stay as they expect.
    { name: "xss", testMatch: /xss\.spec\.ts$/, dependencies: ["main"] },
    // Every admin journey in English again against the server on PostgreSQL (issue 37: the admin's work runs end to
    // end on both databases): the editor and its blocks, the list's filters, search and bulk actions, Arabic slugs
    // and renames, the session's saves, the safety net (autosave, revisions, toasts) and the scheduled post, which
    // the server on PostgreSQL publishes. Measured alone on two workers: its 8 journeys took 2.0 min. The Arabic ones
    // stay on SQLite: the database sees the same requests.
    ...(postgres
      ? [
          {
            name: "postgres",
            testMatch: /admin-(blog|editor-blocks|editor-work|list|session|settings|slugs)\.spec\.ts$/,
            grepInvert: /\bArabic( on a phone)?:/,
            use: { baseURL: `http://127.0.0.1:${postgresPort}` },
          },
        ]
      : []),
  ],
  webServer: [
    server("node apps/server/dist/main.js", port, dataDir),
    // Its uploads and keys live beside the SQLite server's, in a folder of their own.
    ...(postgres ? [server("node e2e/postgres-server.mjs", postgresPort, join(dataDir, "postgres"))] : []),
  ],
});

/**
 * One server under test: the compiled server, as production runs it (`npm run build` compiles it beside the site),
 * on SQLite in DATA_DIR, or on a fresh PostgreSQL database through e2e/postgres-server.mjs.
 */
function server(command: string, port: number, dataDir: string) {
  return {
    command,
    cwd: "..",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM, so the server closes its database and the PostgreSQL wrapper drops the database it made.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // One engine process: the browser and the server share two cores in CI.
      ENGINE_POOL_SIZE: "1",
      // Contact messages are mailed to the sink of smtp-sink.ts (plain text: it offers no TLS).
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`,
      CONTACT_TO,
      // Scheduled posts are published within 2 s of their time (30 s in production), so a journey can wait for one.
      BLOG_SCHEDULE_INTERVAL_MS: "2000",
      // Puzzle Racer's races last 25 s, so its journey reaches the results and the rematch.
      RACER_RACE_SECONDS: "25",
      // A site built elsewhere (parallel work trees build into their own folders).
      ...(process.env.E2E_SITE_DIR ? { SITE_DIR: process.env.E2E_SITE_DIR } : {}),
    },
  };
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
