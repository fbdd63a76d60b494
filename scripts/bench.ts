/**
 * `npm run bench`: API throughput and latency at 10,000 and 1,000,000 positions, on SQLite and (when reachable)
 * PostgreSQL, with the bare /api/health route as the reference in the same run; and the time and peak memory of a
 * 100,000-position batch insert through the API. Writes bench-results/positions.{json,md}.
 *   BENCH_SECONDS=10 BENCH_SIZES=10000,1000000 npm run bench
 * BENCH_DATABASES=sqlite,postgres picks the databases; BENCH_ONLY=<regular expression> the routes (and "batch
 * insert"), /api/health always; BENCH_PROFILE_DIR=<folder> has each server write a CPU profile there.
 * The servers read the environment: NEXT_ANSWERS_KEPT=0 measures the next puzzle with every answer read from its row
 * (the path a million positions take) at any size.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { GamePhase } from "@ct/contract";
import autocannon from "autocannon";
import { sql } from "kysely";
import { BlogRepository } from "../apps/server/src/blog/repository";
import { REPO_ROOT } from "../apps/server/src/config";
import { themeRows } from "../apps/server/src/positions/ratings";
import { toRow } from "../apps/server/src/positions/rows";
import { markSeedStored } from "../apps/server/src/seed/seed";
import { type TestDatabase, testDatabaseKinds } from "../apps/server/src/testing/databases";
import { positionInput } from "../apps/server/src/testing/positions";
import { blogPostInputSchema, encodeSeen, positionInputSchema } from "../packages/contract/src";
import { madeBefore, probeRounds } from "./bench-probe";
import { freePort, SERVER_MAIN } from "./bench-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIZES = (process.env.BENCH_SIZES ?? "10000,1000000").split(",").map(Number);
const CONNECTIONS = 50;
const API_KEY = "bench-secret-api-key-0123456789";
const PHASES: GamePhase[] = ["opening", "middlegame", "endgame"];
const BENCH_THEMES = ["fork", "pin", "skewer", "mateIn2", "sacrifice", "deflection", "rookEndgame"];
/** A seen-set of 200 ids, as a player's client sends it after 200 puzzles. */
const seenOf = (size: number) =>
  encodeSeen(Array.from({ length: 200 }, () => 1 + Math.floor(Math.random() * size)));

interface RouteFigure {
  database: string;
  positions: number;
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Fills the database directly (setup, not measured): rows in chunks, then the facet counters. */
async function load(database: TestDatabase, count: number): Promise<void> {
  const samples = PHASES.flatMap((phase) =>
    [0, 1].map(() => positionInputSchema.parse(positionInput(phase))),
  );
  const now = new Date().toISOString();
  const chunk = 500;
  for (let start = 0; start < count; start += chunk * 20) {
    await database.db.transaction().execute(async (trx) => {
      for (let offset = start; offset < Math.min(count, start + chunk * 20); offset += chunk) {
        const rows = [];
        for (let i = offset; i < Math.min(count, offset + chunk); i++) {
          const sample = samples[i % samples.length] as (typeof samples)[number];
          // Ratings spread over 600-2999 and a few themes in turn, so the next-puzzle selection has a real index.
          const rating = 600 + ((i * 7919) % 2400);
          const themes = [...sample.themes, BENCH_THEMES[i % BENCH_THEMES.length] as string];
          rows.push(toRow({ ...sample, rating, themes, source: `bench:${i}` }, sample.fen, i + 1, now, now));
        }
        const inserted = await trx
          .insertInto("positions")
          .values(rows)
          .returning(["id", "rating_band", "themes"])
          .execute();
        const index = inserted.flatMap((row) => themeRows(row.id, row.rating_band, JSON.parse(row.themes)));
        for (let at = 0; at < index.length; at += chunk)
          await trx
            .insertInto("position_themes")
            .values(index.slice(at, at + chunk))
            .execute();
      }
    });
  }
  // The server's first start would store the seed and the shipped library on top: mark them stored.
  await markSeedStored(database.db, ["positions", "library"]);
  await database.db.deleteFrom("position_facets").execute();
  await sql`insert into position_facets (kind, value, count)
    select 'phase', game_phase, count(*) from positions group by game_phase`.execute(database.db);
  await sql`insert into position_facets (kind, value, count)
    select 'opening', opening, count(*) from positions where opening is not null group by opening`.execute(
    database.db,
  );
  for (const theme of new Set([...samples.flatMap((s) => s.themes), ...BENCH_THEMES])) {
    await sql`insert into position_facets (kind, value, count)
      select 'theme', ${theme}, count(*) from positions where themes like ${`%"${theme}"%`}`.execute(
      database.db,
    );
  }
  // A database in service has been vacuumed since its rows were written (autovacuum runs after an import): without
  // it, every first read of a fresh row sets its hint bits and dirties its page, and autovacuum's pass over the
  // whole table would run during the measurement, which a million rows feel and ten thousand do not.
  if (database.kind === "postgres") {
    await sql`vacuum (analyze) positions, position_themes`.execute(database.db);
    // The vacuum dirtied every page it set bits on: written out now, not by a checkpoint in the middle of the probe.
    await sql`checkpoint`.execute(database.db);
  }
}

/** Blog posts for the blog routes, written through the repository (sanitised, tagged, with excerpts). */
const BLOG_POSTS = 200;
async function loadPosts(database: TestDatabase): Promise<void> {
  const posts = new BlogRepository(database.db);
  const paragraph =
    "<p>The rook belongs behind the passed pawn, whether it is yours or your opponent's. Cut the king off " +
    "along a file, build a bridge with the rook on the fourth rank, and the pawn walks home.</p>";
  for (let i = 0; i < BLOG_POSTS; i++)
    await posts.create(
      blogPostInputSchema.parse({
        title: `Endgame lesson ${i + 1}: rook and pawn`,
        content: `${paragraph.repeat(8)}<div data-type="chess-diagram" data-fen="1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"></div>`,
        tags: ["Endgame", i % 2 ? "Rook" : "Pawn"],
        published: true,
      }),
    );
  if (database.kind === "postgres") await sql`analyze blog_posts`.execute(database.db);
}

async function startServer(database: TestDatabase): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  // BENCH_PROFILE_DIR: each server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...database.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      TOKEN_SECRET: "bench-token-secret-0123456789-0123456789",
      API_KEY,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, port };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

async function stopServer(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM");
  await once(child, "exit");
}

async function measure(
  port: number,
  routePath: () => string,
): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const path = madeBefore(routePath);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Requests per second of the fixed-rate latency probe: a busy site's load, well under what either database serves. */
const PROBE_RATE = 1000;
/** The goal of issue 36 for the next puzzle at 1,000,000 positions, at PROBE_RATE. */
const P99_GOAL_MS = 10;

/** Rounds of the latency probe per route (BENCH_PROBE_ROUNDS, default 3), each BENCH_SECONDS long (bench-probe.ts). */
const PROBE_ROUNDS = Number(process.env.BENCH_PROBE_ROUNDS ?? 3);

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main(): Promise<void> {
  const figures: RouteFigure[] = [];
  const batches: { database: string; positions: number; seconds: number; peakRssMb: number }[] = [];
  const probes: {
    database: string;
    positions: number;
    route: string;
    p50: number;
    p99: number;
    errors: number;
    p99s: number[];
  }[] = [];
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  const databases = process.env.BENCH_DATABASES?.split(",");
  for (const kind of await testDatabaseKinds()) {
    if (databases && !databases.includes(kind.name)) continue;
    for (const size of SIZES) {
      const database = await kind.create();
      const loadStart = performance.now();
      await load(database, size);
      await loadPosts(database);
      console.log(
        `${kind.name}: loaded ${size} positions in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
      );
      const { child, port } = await startServer(database);
      const perPhase = Math.floor(size / 3);
      const routes: [string, () => string][] = [
        ["GET /api/health (reference)", () => "/api/health"],
        [
          "GET next by phase and sequence",
          () => {
            const phase = PHASES[Math.floor(Math.random() * 3)] as GamePhase;
            return `/api/tactical-positions/phase/${phase}/sequence/${Math.floor(Math.random() * perPhase * 3)}/next`;
          },
        ],
        [
          "GET next puzzle (rating 800-2400, normal)",
          () => `/api/tactical-positions/next?rating=${800 + Math.floor(Math.random() * 1600)}`,
        ],
        [
          "GET next puzzle (phase, a theme, 200 seen)",
          () => {
            const phase = PHASES[Math.floor(Math.random() * 3)] as GamePhase;
            const theme = BENCH_THEMES[Math.floor(Math.random() * BENCH_THEMES.length)] as string;
            return `/api/tactical-positions/next?rating=${800 + Math.floor(Math.random() * 1600)}&phase=${phase}&themes=${theme}&seen=${seenOf(size)}`;
          },
        ],
        ["GET themes", () => "/api/themes"],
        ["GET stats", () => "/api/tactical-positions/stats"],
        ["GET phase counts", () => "/api/tactical-positions/stats/phase-counts"],
        [
          `GET blog list, page of 10 (${BLOG_POSTS} posts)`,
          () =>
            `/api/blog/posts?page=${1 + Math.floor(Math.random() * (BLOG_POSTS / 10))}&published_only=true`,
        ],
        ["GET blog search", () => "/api/blog/posts?search=bridge%20rook&published_only=true"],
        [
          "GET blog post by slug",
          () => `/api/blog/posts/endgame-lesson-${1 + Math.floor(Math.random() * BLOG_POSTS)}-rook-and-pawn`,
        ],
      ];
      await measure(port, () => "/api/health"); // warm-up
      for (const [route, path] of routes) {
        if (only && !route.includes("health") && !only.test(route)) continue;
        const figure = await measure(port, path);
        figures.push({
          database: kind.name,
          positions: size,
          route,
          requestsPerSecond: figure.rps,
          p50: figure.p50,
          p99: figure.p99,
          errors: figure.errors,
        });
        console.log(
          `${kind.name} ${size} ${route}: ${figure.rps} req/s, p50 ${figure.p50} ms, p99 ${figure.p99} ms, errors ${figure.errors}`,
        );
        if (route.startsWith("GET next puzzle")) {
          const probe = await probeRounds(port, () => ({ path: path() }), {
            rate: PROBE_RATE,
            seconds: SECONDS,
            rounds: PROBE_ROUNDS,
          });
          probes.push({ database: kind.name, positions: size, route, ...probe });
          console.log(
            `${kind.name} ${size} ${route} at ${PROBE_RATE} req/s: p50 ${probe.p50} ms, p99 ${probe.p99} ms (rounds ${probe.p99s.join(", ")}), errors ${probe.errors}`,
          );
        }
      }
      await stopServer(child);
      await database.destroy();
    }

    if (only && !only.test("batch insert")) continue;
    const database = await kind.create();
    const { child, port } = await startServer(database);
    const started = performance.now();
    for (let batch = 0; batch < 10; batch++) {
      const positions = Array.from({ length: 10_000 }, (_, i) =>
        positionInput(PHASES[i % 3] as GamePhase, { source: `batch:${batch}:${i}` }),
      );
      const response = await fetch(`http://127.0.0.1:${port}/api/tactical-positions/batch`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": API_KEY },
        body: JSON.stringify({ positions }),
      });
      if (response.status !== 201)
        throw new Error(`batch failed: ${response.status} ${await response.text()}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const rss = peakRssMb(child.pid as number);
    batches.push({
      database: kind.name,
      positions: 100_000,
      seconds: Number(seconds.toFixed(1)),
      peakRssMb: rss,
    });
    console.log(
      `${kind.name}: 100,000 positions in 10 batches: ${seconds.toFixed(1)} s, server peak RSS ${rss} MB`,
    );
    await stopServer(child);
    await database.destroy();
  }

  const dir = join(REPO_ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "positions.json"),
    `${JSON.stringify({ seconds: SECONDS, connections: CONNECTIONS, figures, probes, batches }, null, 2)}\n`,
  );
  const lines = [
    `One server process, ${CONNECTIONS} autocannon connections from the same machine, ${SECONDS} s per route: the requests per second one process serves.`,
    "",
    "| database | positions | route | req/s (one process) | p50 ms | p99 ms | errors |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: |",
    ...figures.map(
      (f) =>
        `| ${f.database} | ${f.positions.toLocaleString("en")} | ${f.route} | ${f.requestsPerSecond.toLocaleString("en")} | ${f.p50} | ${f.p99} | ${f.errors} |`,
    ),
    "",
    `The next puzzle at a fixed ${PROBE_RATE.toLocaleString("en")} requests/s (an open loop; the median of ${PROBE_ROUNDS} rounds of ${SECONDS} s). Goal: p99 ≤ ${P99_GOAL_MS} ms at 1,000,000 positions on both databases.`,
    "",
    "| database | positions | route | p50 ms | p99 ms | p99 of each round | errors | goal met |",
    "| --- | ---: | --- | ---: | ---: | --- | ---: | --- |",
    ...probes.map(
      (p) =>
        `| ${p.database} | ${p.positions.toLocaleString("en")} | ${p.route} | ${p.p50} | ${p.p99} | ${p.p99s.join(", ")} | ${p.errors} | ${p.positions < 1_000_000 ? "—" : p.p99 <= P99_GOAL_MS && p.errors === 0 ? "yes" : "no"} |`,
    ),
    "",
    "| database | batch insert through the API | seconds | server peak RSS MB |",
    "| --- | ---: | ---: | ---: |",
    ...batches.map(
      (b) =>
        `| ${b.database} | ${b.positions.toLocaleString("en")} (10 × 10,000) | ${b.seconds} | ${b.peakRssMb} |`,
    ),
  ];
  writeFileSync(join(dir, "positions.md"), `${lines.join("\n")}\n`);
  console.log(`\n${lines.join("\n")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
