/**
 * `npm run bench:racer`: Puzzle Racer's live progress on two server processes sharing PostgreSQL, as two machines
 * behind one address. Writes bench-results/racer.{json,md}.
 *
 * BENCH_RACES races (default 50) of BENCH_RACERS players (default 4) are opened and joined, their players' sockets
 * spread over the two processes (every other player on the other one), and started. Then for BENCH_SECONDS (default
 * 20) every player plays its puzzles' moves, one every BENCH_MOVE_MS (default 1000; a player waits for the verdict
 * of its move before the next). The delivery latency is measured at every other player of the race: from the
 * moment the mover's client sent the move to the moment the other's client got the progress (all clients in this
 * process, one clock), so it includes the judging, the write, and NOTIFY to the other process.
 *
 *   BENCH_RACES=50 BENCH_RACERS=4 BENCH_SECONDS=20 npm run bench:racer
 * BENCH_SERVER: the compiled server's main.js (default apps/server/dist/main.js, which the script compiles first).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import type { RacerEntry, RacerPuzzleView } from "@ct/contract";
import { REPO_ROOT } from "../apps/server/src/config";
import { RaceClient } from "../apps/server/src/racer/test-socket";
import { markSeedStored } from "../apps/server/src/seed/seed";
import { type TestDatabase, testDatabaseKinds } from "../apps/server/src/testing/databases";
import { freePort, SERVER_MAIN } from "./bench-server";

const RACES = Number(process.env.BENCH_RACES ?? 50);
const RACERS = Number(process.env.BENCH_RACERS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const MOVE_MS = Number(process.env.BENCH_MOVE_MS ?? 1000);

interface Server {
  child: ChildProcess;
  base: string;
}

async function startServer(database: TestDatabase, name: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...database.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      TOKEN_SECRET: "racer-bench-token-secret-0123456789",
      // Each race's players join from a network of their own, as behind a proxy (30 joins per network a minute).
      TRUST_PROXY: "true",
      ANALYSIS_WORKER: "off",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`server ${name} did not start within 120 s`);
}

async function post(server: Server, path: string, body: object, network: number): Promise<RacerEntry> {
  const response = await fetch(`${server.base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${network >> 8}.${network & 255}.9`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as RacerEntry;
}

interface Racer {
  race: string;
  id: string;
  client: RaceClient;
  puzzle: number;
  ply: number;
  sentAt: number;
  moves: number;
}

const percentile = (sorted: number[], q: number): number =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));

async function main(): Promise<void> {
  const postgres = (await testDatabaseKinds()).find((kind) => kind.name === "postgres");
  if (!postgres) throw new Error("bench:racer needs PostgreSQL on 127.0.0.1:5432");
  const database = await postgres.create();
  // The curated puzzles are enough for races; the 10,000-puzzle library is not stored (a minute of start).
  await markSeedStored(database.db, ["library"]);
  const first = await startServer(database, "one");
  const second = await startServer(database, "two");
  const servers = [first, second];
  const loadBefore = loadavg()[0]?.toFixed(1);

  const racers: Racer[] = [];
  const puzzlesOf = new Map<string, RacerPuzzleView[]>();
  const latencies: number[] = [];
  let lost = 0;
  for (let n = 0; n < RACES; n++) {
    const owner = await post(first, "/api/racer/races", { name: `Owner${n}` }, n);
    const entries = [owner];
    for (let p = 1; p < RACERS; p++) {
      entries.push(
        await post(servers[p % 2] as Server, `/api/racer/races/${owner.id}/join`, { name: `R${n}_${p}` }, n),
      );
    }
    for (const [p, entry] of entries.entries()) {
      const server = servers[p % 2] as Server;
      const client = await RaceClient.connect(
        `${server.base.replace("http", "ws")}/api/racer/races/${owner.id}/socket`,
      );
      client.send({ type: "hello", token: entry.player.token });
      await client.next("state", undefined, 10_000);
      racers.push({ race: owner.id, id: entry.player.id, client, puzzle: 0, ply: 0, sentAt: 0, moves: 0 });
    }
  }
  const byId = new Map(racers.map((racer) => [racer.id, racer]));
  for (const racer of racers) {
    racer.client.unkept.add("progress");
    racer.client.onMessage = (message) => {
      if (message.type !== "progress") return;
      const mover = byId.get(message.player.id);
      if (mover && mover !== racer && mover.sentAt > 0) latencies.push(performance.now() - mover.sentAt);
    };
  }
  // Every owner starts; the countdown passes.
  for (const racer of racers.filter((_, index) => index % RACERS === 0)) racer.client.send({ type: "start" });
  for (const racer of racers) {
    const state = await racer.client.next("state", (m) => m.race.state === "countdown", 10_000);
    puzzlesOf.set(racer.race, state.race.puzzles ?? []);
  }
  const countdown = puzzlesOf.size > 0 ? 3_200 : 0;
  await new Promise((resolve) => setTimeout(resolve, countdown));

  const stopAt = Date.now() + SECONDS * 1000;
  let errors = 0;
  await Promise.all(
    racers.map(async (racer, index) => {
      // Spread the players' moves over the interval.
      await new Promise((resolve) => setTimeout(resolve, (index * MOVE_MS) / racers.length));
      const puzzles = puzzlesOf.get(racer.race) ?? [];
      while (Date.now() < stopAt && racer.puzzle < puzzles.length) {
        const started = performance.now();
        const uci = puzzles[racer.puzzle]?.line[racer.ply] as string;
        racer.sentAt = performance.now();
        racer.client.send({ type: "move", puzzle: racer.puzzle, ply: racer.ply, uci });
        racer.moves++;
        try {
          const verdict = await racer.client.next("verdict", undefined, 5000);
          racer.puzzle = verdict.progress.puzzle;
          racer.ply = verdict.progress.ply;
        } catch {
          errors++;
          lost++;
          break;
        }
        const wait = MOVE_MS - (performance.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }),
  );
  // Late deliveries come in.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const loadAfter = loadavg()[0]?.toFixed(1);
  for (const racer of racers) racer.client.close();
  for (const server of servers) {
    server.child.kill("SIGTERM");
    await once(server.child, "exit");
  }
  await database.destroy();

  const moves = racers.reduce((sum, racer) => sum + racer.moves, 0);
  const expected = moves * (RACERS - 1);
  const sorted = [...latencies].sort((a, b) => a - b);
  const result = {
    races: RACES,
    racers: RACERS,
    perProcess: (RACES * RACERS) / 2,
    seconds: SECONDS,
    moveMs: MOVE_MS,
    moves,
    movesPerSecond: Number((moves / SECONDS).toFixed(1)),
    deliveries: latencies.length,
    expectedDeliveries: expected,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: Number((sorted.at(-1) ?? 0).toFixed(1)),
    errors,
    lost,
    load: `${loadBefore} → ${loadAfter}`,
    cpus: cpus().length,
  };
  const dir = join(REPO_ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "racer.json"), `${JSON.stringify(result, null, 2)}\n`);
  const lines = [
    `${RACES} races × ${RACERS} players on two server processes sharing PostgreSQL (${result.perProcess} players' sockets on each), every player moving once every ${MOVE_MS} ms for ${SECONDS} s, ${new Date().toISOString().slice(0, 10)}; load average (1 min) ${result.load} on ${result.cpus} cores.`,
    "",
    "| moves | moves/s | deliveries (expected) | p50 ms | p95 ms | p99 ms | max ms | errors |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${moves} | ${result.movesPerSecond} | ${result.deliveries} (${expected}) | ${result.p50} | ${result.p95} | ${result.p99} | ${result.max} | ${errors} |`,
  ];
  writeFileSync(join(dir, "racer.md"), `${lines.join("\n")}\n`);
  console.log(`\n${lines.join("\n")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
