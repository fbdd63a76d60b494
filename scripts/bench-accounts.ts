/**
 * `npm run bench:accounts`: signed-in players (issue 38) on one server process, on SQLite and (when reachable)
 * PostgreSQL, with the shipped 10,000-puzzle library a first start stores. Writes bench-results/accounts.{json,md}.
 *
 * - Attempts stored per second: BENCH_PLAYERS (default 50) signed-in players, each posting its next results as soon
 *   as the last were answered (a closed loop) for BENCH_SECONDS, one result per request (a browser online) and a
 *   queue of ten (one coming back online). Every result is the player's first on a library puzzle and the players'
 *   ratings are settled (WARM_UP results each before), so each one also moves the puzzle's rating: the whole path.
 * - The next puzzle for a signed-in player (the session cookie, the player's rating and deviation, its last 200
 *   puzzles as seen) at a fixed 1,000 requests/s as `bench:api` probes it (open loop, the median of
 *   BENCH_PROBE_ROUNDS rounds), every other request the same without the cookie (both under the same load, other
 *   work on the machine included), with nothing else and while the players store BENCH_WRITE_RATE results a
 *   second (default 50, one per request: well under what one process stores).
 *
 *   BENCH_SECONDS=10 BENCH_PLAYERS=50 npm run bench:accounts
 * BENCH_DATABASES=sqlite,postgres picks the databases; BENCH_SERVER the compiled server's main.js (default
 * apps/server/dist/main.js, which `npm run bench:accounts` compiles first; see bench-server.ts); BENCH_PROFILE_DIR=
 * <folder> has the server write a CPU profile there.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { loadavg } from "node:os";
import { join } from "node:path";
import type { ProgressEvent } from "@ct/contract";
import { parsePlayerRating, RATING_KEY } from "@ct/machines";
import { sql } from "kysely";
import { REPO_ROOT } from "../apps/server/src/config";
import { PLAYER_DEVIATION_LIMIT } from "../apps/server/src/positions/selection";
import { type TestDatabase, testDatabaseKinds } from "../apps/server/src/testing/databases";
import { encodeSeen } from "../packages/contract/src";
import { type ProbeRequest, probeRounds } from "./bench-probe";
import { freePort, SERVER_MAIN } from "./bench-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
/** Results per request in the throughput runs. */
const BATCHES = [1, 10];
/** First results each player holds before anything is measured: its rating settled, its records a regular's. */
const WARM_UP = 200;
const PROBE_RATE = 1000;
const PROBE_ROUNDS = Number(process.env.BENCH_PROBE_ROUNDS ?? 3);
/** Results per second the players store while the next puzzle is probed. */
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 50);
const ANONYMOUS = "anonymous";
const SIGNED_IN = "signed in (its session cookie)";

interface Puzzle {
  id: number;
  rating: number;
  rating_deviation: number;
  themes: string[];
  game_phase: string;
}

interface Player {
  n: number;
  cookie: string;
  /** The player's puzzles in an order of its own, and how many it has played. */
  puzzles: Puzzle[];
  played: number;
  /** The time of its last event (ms): each next one a second later. */
  clock: number;
  /** Keys sent, each once. */
  sent: number;
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

function percentile(sorted: number[], q: number): number {
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
}

async function startServer(database: TestDatabase): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  // BENCH_PROFILE_DIR: the server writes a CPU profile there when it stops (as bench:api's do).
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
      TOKEN_SECRET: "accounts-bench-token-secret-0123456789",
      // The players sign up from networks of their own (5 sign-ups per network an hour), as behind a proxy.
      TRUST_PROXY: "true",
      ANALYSIS_WORKER: "off",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Its first start stores the curated puzzles and the 10,000-puzzle library.
  for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { child, port };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start within 300 s");
}

async function stopServer(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM");
  await once(child, "exit");
}

/** A seeded generator, so each player's puzzles come in the same order on both databases. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The player's next `count` results, each on a puzzle it has not played. */
function nextResults(player: Player, count: number): ProgressEvent[] {
  return Array.from({ length: count }, () => {
    const puzzle = player.puzzles[player.played++ % player.puzzles.length] as Puzzle;
    player.clock += 1000;
    player.sent++;
    return {
      key: `bench-${player.n}-${player.played}`,
      at: new Date(player.clock).toISOString(),
      type: "result" as const,
      puzzle,
      result: (player.played * 7 + player.n) % 5 < 3 ? ("win" as const) : ("loss" as const),
    };
  });
}

/** A keep-alive client for the players' writes: one socket per player at most. */
function client(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: PLAYERS + 1 });
  const send = (
    method: string,
    path: string,
    headers: OutgoingHttpHeaders,
    body?: string,
  ): Promise<{ status: number; body: string; headers: Record<string, unknown>; ms: number }> =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path,
          method,
          agent,
          headers: {
            origin: `http://127.0.0.1:${port}`,
            ...headers,
            ...(body === undefined
              ? {}
              : { "content-type": "application/json", "content-length": Buffer.byteLength(body) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString("utf8"),
              headers: response.headers,
              ms: performance.now() - started,
            }),
          );
        },
      );
      request.on("error", (error) =>
        resolve({ status: 0, body: String(error), headers: {}, ms: performance.now() - started }),
      );
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}

type Client = ReturnType<typeof client>;

/** Posts results; the answer's `stored` read from its end (the records before it are the player's whole progress). */
async function postResults(
  http: Client,
  player: Player,
  events: ProgressEvent[],
): Promise<{ ok: boolean; ms: number; bytes: number }> {
  const answer = await http.send(
    "POST",
    "/api/account/events",
    { cookie: `ct_session=${player.cookie}` },
    JSON.stringify({ events }),
  );
  const stored = Number(/"stored":(\d+)\}$/.exec(answer.body)?.[1] ?? -1);
  return { ok: answer.status === 200 && stored === events.length, ms: answer.ms, bytes: answer.body.length };
}

interface Throughput {
  database: string;
  batch: number;
  requestsPerSecond: number;
  attemptsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  answerKb: number;
}

/** The players post results as fast as they are answered for SECONDS. */
async function throughput(http: Client, players: Player[], batch: number) {
  const times: number[] = [];
  let attempts = 0;
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    players.map(async (player) => {
      while (performance.now() < until) {
        const answer = await postResults(http, player, nextResults(player, batch));
        times.push(answer.ms);
        bytes = answer.bytes;
        if (answer.ok) attempts += batch;
        else errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(times.length / seconds),
    attemptsPerSecond: Math.round(attempts / seconds),
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    errors,
    answerKb: Math.round(bytes / 1024),
  };
}

/**
 * The players store WRITE_RATE results a second between them (one per request, each player at its own steady
 * pace, waiting for its last answer) until `stop` resolves.
 */
async function steadyWrites(http: Client, players: Player[], stop: Promise<void>) {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const interval = (players.length * 1000) / WRITE_RATE;
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    players.map(async (player, index) => {
      for (let k = 0; !stopped; k++) {
        const due = started + (index / players.length + k) * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (stopped) break;
        const answer = await postResults(http, player, nextResults(player, 1));
        times.push(answer.ms);
        if (!answer.ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    attemptsPerSecond: Math.round(times.length / seconds),
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    errors,
  };
}

interface Probe {
  database: string;
  /** Quiet, or while the players store results (how many a second, and their own latency). */
  beside: string;
  client: string;
  p50: number;
  p99: number;
  p99s: number[];
  errors: number;
}

async function main(): Promise<void> {
  const rates: Throughput[] = [];
  const probes: Probe[] = [];
  const loads: { database: string; puzzles: number; before: string; after: string }[] = [];
  const databases = process.env.BENCH_DATABASES?.split(",");
  for (const kind of await testDatabaseKinds()) {
    if (databases && !databases.includes(kind.name)) continue;
    const database = await kind.create();
    const setupStart = performance.now();
    const { child, port } = await startServer(database);
    const http = client(port);
    const puzzles = (
      await database.db
        .selectFrom("positions")
        .select(["id", "rating", "rating_deviation", "difficulty", "themes", "game_phase"])
        .execute()
    ).map(
      (row): Puzzle => ({
        id: Number(row.id),
        rating: Math.round(Number(row.rating ?? row.difficulty)),
        rating_deviation: Math.round(Number(row.rating_deviation ?? 350)),
        themes: JSON.parse(row.themes) as string[],
        game_phase: row.game_phase,
      }),
    );
    console.log(
      `${kind.name}: the first start stored ${puzzles.length} puzzles in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`,
    );

    // Sign-ups through the API, each from a network of its own.
    const players: Player[] = await Promise.all(
      Array.from({ length: PLAYERS }, async (_, n) => {
        const answer = await http.send(
          "POST",
          "/api/account/sign-up",
          { "x-forwarded-for": `10.${60 + (n >> 8)}.${n & 255}.9` },
          JSON.stringify({ username: `bench_player_${n}`, password: `Bench player ${n}: knight on the rim` }),
        );
        const cookie = /ct_session=([^;]+)/.exec(String(answer.headers["set-cookie"] ?? ""))?.[1];
        if (answer.status !== 201 || !cookie)
          throw new Error(`sign-up ${n}: ${answer.status} ${answer.body}`);
        const next = random(n + 1);
        const order = puzzles
          .map((puzzle) => ({ puzzle, key: next() }))
          .sort((a, b) => a.key - b.key)
          .map(({ puzzle }) => puzzle);
        return { n, cookie, puzzles: order, played: 0, clock: Date.now() - 30 * 86_400_000, sent: 0 };
      }),
    );
    // Each player's history first: its rating settles, so every measured result also moves a puzzle.
    for (const player of players) {
      const answer = await postResults(http, player, nextResults(player, WARM_UP));
      if (!answer.ok) throw new Error(`warm-up of player ${player.n} failed`);
    }
    const progressOf = async (player: Player) => {
      const answer = await http.send("GET", "/api/account/progress", {
        cookie: `ct_session=${player.cookie}`,
      });
      if (answer.status !== 200) throw new Error(`progress of player ${player.n}: ${answer.status}`);
      return JSON.parse(answer.body) as { records: Record<string, string>; events: number };
    };
    const ratings = await Promise.all(
      players.map(async (player) =>
        parsePlayerRating((await progressOf(player)).records[RATING_KEY] ?? null),
      ),
    );
    if (ratings.some((rating) => !(rating.deviation < PLAYER_DEVIATION_LIMIT)))
      throw new Error("a player's rating did not settle in the warm-up");
    if (kind.name === "postgres") {
      // As bench:api does after its load: a database in service has been vacuumed since the library was stored.
      await sql`vacuum (analyze)`.execute(database.db);
      await sql`checkpoint`.execute(database.db);
    }
    const loadBefore = loadAverage();

    // The next puzzle as each player's browser asks it: its rating, deviation and last 200 puzzles seen.
    const paths = ratings.map((rating) => {
      const seen = encodeSeen(rating.history.slice(-200).map((point) => point.puzzleId));
      return `/api/tactical-positions/next?rating=${Math.round(rating.rating)}&deviation=${Math.round(rating.deviation)}&difficulty=normal&seen=${seen}`;
    });
    // Every other request signed in: both kinds meet the same load (other work on the machine included).
    let made = 0;
    const request = (): ProbeRequest => {
      const n = Math.floor(Math.random() * players.length);
      const path = paths[n] as string;
      return made++ % 2 === 0
        ? { path, group: ANONYMOUS }
        : { path, group: SIGNED_IN, headers: { cookie: `ct_session=${players[n]?.cookie}` } };
    };
    const options = { rate: PROBE_RATE, seconds: SECONDS, rounds: PROBE_ROUNDS };
    const probe = async (beside: string) => {
      const figures = await probeRounds(port, request, options);
      for (const client of [ANONYMOUS, SIGNED_IN]) {
        const group = figures.groups[client] ?? { p50: 0, p99: 0, p99s: [] };
        probes.push({ database: kind.name, beside, client, ...group, errors: figures.errors });
        console.log(
          `${kind.name} next puzzle at ${PROBE_RATE} req/s, ${beside}, ${client}: p50 ${group.p50} ms, p99 ${group.p99} ms (rounds ${group.p99s.join(", ")}), errors ${figures.errors}`,
        );
      }
    };
    await probe("nothing else");

    for (const batch of BATCHES) {
      const figure = await throughput(http, players, batch);
      rates.push({ database: kind.name, batch, ...figure });
      console.log(
        `${kind.name} ${PLAYERS} players, ${batch} result(s) per request: ${figure.requestsPerSecond} req/s, ${figure.attemptsPerSecond} attempts/s, p50 ${figure.p50} ms, p99 ${figure.p99} ms, errors ${figure.errors}, answers of ${figure.answerKb} kB`,
      );
    }

    let stopWriting = () => {};
    const stop = new Promise<void>((resolve) => {
      stopWriting = resolve;
    });
    const writing = steadyWrites(http, players, stop);
    const before = probes.length;
    await probe("players storing results");
    stopWriting();
    const writes = await writing;
    for (const figure of probes.slice(before))
      figure.beside = `players storing ${writes.attemptsPerSecond} results/s (theirs: p50 ${writes.p50} ms, p99 ${writes.p99} ms, ${writes.errors} errors)`;
    loads.push({ database: kind.name, puzzles: puzzles.length, before: loadBefore, after: loadAverage() });

    // Every result stored once: each player's progress holds as many events as keys it sent.
    for (const player of players) {
      const { events } = await progressOf(player);
      if (events !== player.sent)
        throw new Error(`player ${player.n} holds ${events} events, ${player.sent} were sent`);
    }
    http.close();
    await stopServer(child);
    await database.destroy();
  }

  const dir = join(REPO_ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "accounts.json"),
    `${JSON.stringify({ seconds: SECONDS, players: PLAYERS, warmUp: WARM_UP, rates, probes, loads }, null, 2)}\n`,
  );
  const lines = [
    `Signed-in players on one server process with the puzzles a first start stores (${loads.map((load) => `${load.database} ${load.puzzles.toLocaleString("en")}`).join(", ")}), ${new Date().toISOString().slice(0, 10)}. Load average (1, 5, 15 min) before and after each database's runs: ${loads.map((load) => `${load.database} ${load.before} → ${load.after}`).join("; ")}.`,
    "",
    `Attempts stored: ${PLAYERS} players, each posting its next results as soon as the last were answered, ${SECONDS} s per row; every result the player's first on a library puzzle, the player's rating settled (${WARM_UP} results before), so each also moves the puzzle's rating. An answer carries the player's whole records (its size at the end of the run).`,
    "",
    "| database | results per request | requests/s | attempts/s | p50 ms | p99 ms | errors | answer kB |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rates.map(
      (r) =>
        `| ${r.database} | ${r.batch} | ${r.requestsPerSecond} | ${r.attemptsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.answerKb} |`,
    ),
    "",
    `Next puzzle (GET /api/tactical-positions/next with the player's rating, deviation and last 200 puzzles as seen) at a fixed ${PROBE_RATE} req/s, every other request signed in (open loop; the median of ${PROBE_ROUNDS} rounds of ${SECONDS} s), with nothing else and while the players store results at a steady pace`,
    "",
    "| database | beside the probe | client | p50 ms | p99 ms | p99 of each round | errors |",
    "| --- | --- | --- | ---: | ---: | --- | ---: |",
    ...probes.map(
      (p) =>
        `| ${p.database} | ${p.beside} | ${p.client} | ${p.p50} | ${p.p99} | ${p.p99s.join(", ")} | ${p.errors} |`,
    ),
  ];
  writeFileSync(join(dir, "accounts.md"), `${lines.join("\n")}\n`);
  console.log(`\n${lines.join("\n")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
