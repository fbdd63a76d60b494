import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { splitPgnGames } from "@ct/chess";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config";
import { migrateToLatest } from "../db/database";
import type { Database } from "../db/schema";
import { siteFixture } from "../testing/app";
import { testDatabaseKinds } from "../testing/databases";
import {
  type CliProcess,
  freshStore,
  type ServerProcess,
  startCliProcess,
  startServerProcess,
} from "../testing/server-process";
import { AnalysisJobs } from "./jobs";

/**
 * Stopping a worker the usual way: Ctrl-C in a terminal, `timeout` or systemd's stop send the signal to the whole
 * process group, so the Stockfish children die at the same moment as the worker. The job it held must go back to
 * the queue at its next game (never `failed`), the log must say so, and the next worker must finish it without
 * storing a puzzle twice. Real processes, real engine. Each way of running the worker is stopped on one database: the
 * standalone worker (what scales out, beside servers on PostgreSQL) on PostgreSQL, the server's in-process worker
 * (the one-port install) on SQLite; handing a job back is one UPDATE that analysis.test.ts proves on both.
 */
const API_KEY = "shutdown-test-secret-api-key-0123456789";
/** The first famous games of the seed sources: about a second each at this budget on one engine process. */
const GAMES = [
  ...splitPgnGames(readFileSync(join(REPO_ROOT, "apps/server/src/seed/sources/games.pgn"), "utf8")),
].slice(0, 6);
const PGN = GAMES.join("\n\n");
const NODES = 10_000;

/** Calls `read` every 50 ms until `ready` holds for its answer; fails with `explain()` after `withinMs`. */
async function pollUntil<T>(
  read: () => Promise<T | undefined | null>,
  ready: (value: T) => boolean,
  withinMs: number,
  explain: () => string,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`${explain()}\nlast seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The command lines of the processes in the process group `pgid` (Linux's /proc). */
function groupCommands(pgid: number): string[] {
  const commands: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp === pgid) commands.push(readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " "));
    } catch {
      // Ended meanwhile.
    }
  }
  return commands;
}

async function jobRow(db: Kysely<Database>, id: number) {
  return db.selectFrom("analysis_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** The job is back in the queue, lease released, progress kept at the next game, nothing lost. */
async function expectHandedBack(db: Kysely<Database>, id: number, after: number, output: string) {
  const row = await jobRow(db, id);
  expect(row, output).toMatchObject({ status: "queued", worker: null, lease_until: null, finished_at: null });
  const next = Number(row.next_game);
  expect(Number(row.games_analyzed)).toBe(next);
  expect(next, "the job should have moved on before the signal").toBeGreaterThan(after);
  expect(next, "the signal should fall before the last game is done").toBeLessThan(GAMES.length);
  expect(output).not.toMatch(/analysis job failed/);
  return next;
}

/** Every game counted once, every puzzle stored once. */
async function expectFinished(db: Kysely<Database>, id: number) {
  const jobs = new AnalysisJobs(db);
  const done = await jobs.get(id);
  expect(done).toMatchObject({
    status: "done",
    total_games: GAMES.length,
    games_analyzed: GAMES.length,
    problems: [],
  });
  const status = await jobs.status();
  expect(status.totalGamesAnalyzed).toBe(GAMES.length);
  expect(status.puzzlesGenerated).toBe(done?.puzzles);
  const puzzles = await db
    .selectFrom("positions")
    .select(["source", "fen"])
    .where("source", "like", "game:%")
    .execute();
  expect(puzzles.length, "the games should yield puzzles").toBeGreaterThan(0);
  expect(new Set(puzzles.map((puzzle) => puzzle.source)).size).toBe(puzzles.length);
  expect(new Set(puzzles.map((puzzle) => puzzle.fen)).size).toBe(puzzles.length);
  return { done, puzzles: puzzles.length };
}

/** `from` of the worker's "analysis job started" log line for this job (CLI text or server JSON). */
const startedFrom = (line: string) => Number(/"from":(\d+)/.exec(line)?.[1]);

const kinds = await testDatabaseKinds();
/** PostgreSQL when it is reachable (the suites run on SQLite alone without it), else SQLite. */
const sqlite = kinds.find((kind) => kind.name === "sqlite") ?? kinds[0];
const scaledOut = kinds.find((kind) => kind.name === "postgres") ?? sqlite;
if (!sqlite || !scaledOut) throw new Error("no database to test on");

describe("stopping an analysis worker", () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
  });

  it(`hands the standalone worker's job back on SIGTERM and SIGINT to its process group or to it alone (${scaledOut.name})`, async () => {
    const kind = scaledOut;
    const store = await freshStore(kind);
    cleanup.push(() => store.destroy());
    const { db, close } = await store.open();
    cleanup.push(close);
    await migrateToLatest(db);
    const jobs = new AnalysisJobs(db);
    const job = await jobs.enqueue({
      name: "classics.pgn",
      pgn: PGN,
      totalGames: GAMES.length,
      nodes: NODES,
    });
    const env = { ...store.env, ENGINE_POOL_SIZE: "1" };
    const startWorker = () => {
      const worker = startCliProcess(["worker"], env, { detached: true });
      cleanup.push(() => worker.kill9());
      return worker;
    };

    let from = 0;
    const handedBackAt: number[] = [];
    const stops: [NodeJS.Signals, boolean][] = [
      ["SIGTERM", true],
      ["SIGINT", true],
      ["SIGTERM", false],
    ];
    for (const [signal, group] of stops) {
      const worker: CliProcess = startWorker();
      const started = await worker.waitForLine(/analysis job started/);
      expect(startedFrom(started), worker.output()).toBe(from);
      // Signalled as soon as it has recorded a game: it is then in the next one, its engine searching.
      await pollUntil(
        () => jobs.get(job.id),
        (view) => view.games_analyzed > from,
        30_000,
        () => `no game analysed in 30 s:\n${worker.output()}`,
      );
      expect(await worker.signal(signal, { group }), worker.output()).toBe(0);
      const next = await expectHandedBack(db, job.id, from, worker.output());
      expect(worker.output()).toContain(
        `analysis worker stopped: job ${job.id} is back in the queue at game ${next + 1}`,
      );
      // No engine of it is left running: those that outlived the signal were ended by the worker before it exited.
      expect(
        groupCommands(worker.child.pid as number).filter((command) => command.includes("stockfish")),
      ).toEqual([]);
      from = next;
      handedBackAt.push(next + 1);
    }

    const last = startWorker();
    expect(startedFrom(await last.waitForLine(/analysis job started/))).toBe(from);
    await pollUntil(
      () => jobs.get(job.id),
      (view) => view.status !== "running" && view.status !== "queued",
      60_000,
      () => `the job did not finish:\n${last.output()}`,
    );
    expect(await last.signal("SIGTERM", { group: true }), last.output()).toBe(0);
    expect(last.output()).toContain("analysis worker stopped: it held no job");
    const { done, puzzles } = await expectFinished(db, job.id);
    console.log(
      `worker shutdown (${kind.name}): SIGTERM and SIGINT to the group and SIGTERM to the worker alone ` +
        `handed the job back at games ${handedBackAt.join(", ")} of ${GAMES.length}, each resumed there; ` +
        `${done?.puzzles} puzzles counted, ${puzzles} stored, none twice`,
    );
  }, 120_000);

  it(`hands the server's in-process worker's job back on SIGTERM and SIGINT to the server's process group (${sqlite.name})`, async () => {
    const store = await freshStore(sqlite);
    cleanup.push(() => store.destroy());
    const env = {
      ...store.env,
      API_KEY,
      TOKEN_SECRET: "shutdown-test-token-secret-0123456789abcdef",
      ADMIN_PASSWORD: "shutdown test admin password",
      SITE_DIR: siteFixture(),
      ANALYSIS_WORKER: "in-process",
      ENGINE_POOL_SIZE: "1",
      LOG_LEVEL: "info",
    };
    const startServer = async () => {
      const server = await startServerProcess(env, { detached: true });
      cleanup.push(() => server.kill9());
      return server;
    };
    const apiKey = { "x-api-key": API_KEY };
    const jobOf = async (server: ServerProcess, id: number) => {
      const list = (await (await fetch(`${server.base}/api/analysis/jobs`, { headers: apiKey })).json()) as {
        id: number;
        status: string;
        games_analyzed: number;
      }[];
      return list.find((job) => job.id === id);
    };

    const first = await startServer();
    // The seed holds these games' puzzles already (the worker skips known positions): the admin clears it first.
    const seeded = (await (await fetch(`${first.base}/api/tactical-positions/?per_page=200`)).json()) as {
      id: number;
    }[];
    for (const { id } of seeded) {
      const deleted = await fetch(`${first.base}/api/tactical-positions/${id}`, {
        method: "DELETE",
        headers: apiKey,
      });
      expect(deleted.status).toBe(200);
    }
    const queued = await fetch(`${first.base}/api/analysis/jobs?name=classics.pgn&nodes=${NODES}`, {
      method: "POST",
      headers: { ...apiKey, "content-type": "application/x-chess-pgn" },
      body: PGN,
    });
    expect(queued.status).toBe(201);
    const jobId = ((await queued.json()) as { id: number }).id;

    /** The job's "analysis job started" lines in a server's log: where each claim of it began. */
    const startedLines = (server: ServerProcess) =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes("analysis job started"))
        .map((line) => JSON.parse(line) as { job: number; from: number })
        .filter((line) => line.job === jobId);

    let from = 0;
    let server = first;
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const current = server;
      await pollUntil(
        () => jobOf(current, jobId),
        (job) => job.games_analyzed > from,
        30_000,
        () => `no game analysed in 30 s:\n${current.output()}`,
      );
      expect(await current.signal(signal, { group: true }), current.output()).toBe(0);
      const check = await store.open();
      try {
        from = await expectHandedBack(check.db, jobId, from, current.output());
      } finally {
        await check.close();
      }
      const handedBack = current
        .output()
        .split("\n")
        .filter((line) => line.includes("analysis job handed back"))
        .map((line) => JSON.parse(line) as { job: number; at: number });
      expect(handedBack, current.output()).toEqual([expect.objectContaining({ job: jobId, at: from })]);

      // The next server takes the job over at the game it had reached.
      server = await startServer();
      const next = server;
      const [resumed] = await pollUntil(
        async () => startedLines(next),
        (lines) => lines.length > 0,
        30_000,
        () => `the job was not taken over:\n${next.output()}`,
      );
      expect(resumed?.from).toBe(from);
    }

    const last = server;
    const done = await pollUntil(
      () => jobOf(last, jobId),
      (job) => job.status !== "running" && job.status !== "queued",
      60_000,
      () => `the job did not finish:\n${last.output()}`,
    );
    expect(done.status).toBe("done");
    expect(startedLines(last)).toHaveLength(1);
    expect(await last.signal("SIGINT", { group: true })).toBe(0);
    const check = await store.open();
    cleanup.push(() => check.close());
    await expectFinished(check.db, jobId);
  }, 150_000);
});
