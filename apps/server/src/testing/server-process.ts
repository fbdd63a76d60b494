import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { REPO_ROOT } from "../config";
import { createDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { markSeedStored } from "../seed/seed";
import { compiledServerDir } from "./compile-server";
import type { TestDatabaseKind } from "./databases";

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/**
 * A real server process: the compiled server (`node apps/server/dist-test-<pid>/main.js`, compiled by the server
 * project's global setup, ./compile-server.ts), as production starts it.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, in-flight requests and transactions are cut off. */
  kill9(): Promise<void>;
  /** SIGTERM and wait: the exit code. */
  stop(): Promise<number | null>;
  /**
   * Sends `signal` and waits: the exit code. With `group` it goes to the whole process group, as Ctrl-C in a
   * terminal, `timeout` or systemd's stop send it (the server must have been started with `detached`).
   */
  signal(signal: NodeJS.Signals, options?: { group?: boolean }): Promise<number | null>;
}

/**
 * A child's output as it comes, its exit, and signals to it or to its process group. A `detached` child leads its
 * own process group (its engine processes are in it), so `kill9` ends the whole group: nothing is left running.
 */
function watch(child: ChildProcess, detached: boolean) {
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const send = (signal: NodeJS.Signals, group: boolean) => {
    if (group && !detached) throw new Error("a process group signal needs a child started with detached");
    try {
      if (group) process.kill(-(child.pid as number), signal);
      else if (!hasExited) child.kill(signal);
    } catch {
      // The group is gone already.
    }
  };
  return {
    exited,
    hasExited: () => hasExited,
    output: () => output,
    async kill9() {
      send("SIGKILL", detached);
      await exited;
    },
    async signal(signal: NodeJS.Signals, options: { group?: boolean } = {}) {
      send(signal, options.group ?? false);
      return exited;
    },
  };
}

/**
 * Starts the server on a free port with `env` (DATA_DIR, DATABASE_URL, API_KEY, ...) over a quiet test
 * environment, and resolves once GET /api/health answers 200. Fails with the process's output if it exits first.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number; detached?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(compiledServerDir(), "main.js")], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  const watched = watch(child, options.detached ?? false);
  const { output } = watched;
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (watched.hasExited()) throw new Error(`the server exited before it was ready:\n${output()}`);
    try {
      const health = await fetch(`${base}/api/health`);
      if (health.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await watched.kill9();
      throw new Error(`the server was not ready within ${options.timeoutMs ?? 30_000} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    port,
    base,
    output,
    kill9: watched.kill9,
    stop: () => watched.signal("SIGTERM"),
    signal: watched.signal,
  };
}

/** A CLI process (`node apps/server/dist-test-<pid>/cli.js <args>`, the compiled CLI, as production starts it). */
export interface CliProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its exit code once it ends. */
  exited: Promise<number | null>;
  /** Resolves once its output has a line matching `pattern` (that line); fails with the output if it exits first. */
  waitForLine(pattern: RegExp, withinMs?: number): Promise<string>;
  /** SIGKILL (its whole group when detached). */
  kill9(): Promise<void>;
  /** As ServerProcess.signal. */
  signal(signal: NodeJS.Signals, options?: { group?: boolean }): Promise<number | null>;
}

/** Starts a CLI command over the same quiet test environment as the server's; `detached` makes it a group leader. */
export function startCliProcess(
  args: string[],
  env: Record<string, string>,
  options: { detached?: boolean } = {},
): CliProcess {
  const child = spawn(process.execPath, [join(compiledServerDir(), "cli.js"), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  const watched = watch(child, options.detached ?? false);
  return {
    child,
    output: watched.output,
    exited: watched.exited,
    kill9: watched.kill9,
    signal: watched.signal,
    async waitForLine(pattern, withinMs = 30_000) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const line = watched
          .output()
          .split("\n")
          .find((text) => pattern.test(text));
        if (line !== undefined) return line;
        if (watched.hasExited()) throw new Error(`exited before printing ${pattern}:\n${watched.output()}`);
        if (Date.now() > deadline)
          throw new Error(`no ${pattern} within ${withinMs} ms:\n${watched.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Runs a CLI command to its end: its exit code and output. */
export async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const cli = startCliProcess(args, env);
  const code = await cli.exited;
  return { code, output: cli.output() };
}

/**
 * The data server processes run on: a fresh PostgreSQL database, or a fresh SQLite directory that only the server
 * processes open until the test's checks do (both migrated).
 */
export interface Store {
  env: Record<string, string>;
  dataDir: string;
  /** A connection of the test's own, for checks. */
  open(): Promise<{ db: Kysely<Database>; close(): Promise<void> }>;
  /** SQLite: PRAGMA integrity_check and foreign_key_check on a fresh connection; PostgreSQL: nothing to run. */
  integrity(): string[];
  destroy(): Promise<void>;
}

/**
 * A fresh store of this kind; `destroy` removes it. The first server start on it stores the curated positions and
 * the sample posts as on a fresh install; the shipped puzzle library (10,000 puzzles, half a minute of a test
 * server's start on two busy cores) is recorded as stored already unless `library` asks for it.
 */
export async function freshStore(kind: TestDatabaseKind, { library = false } = {}): Promise<Store> {
  const database = await kind.create();
  if (!library) await markSeedStored(database.db, ["library"]);
  if (kind.name === "postgres") {
    return {
      env: database.env,
      dataDir: database.dataDir,
      open: async () => ({ db: database.db, close: async () => {} }),
      integrity: () => [],
      destroy: () => database.destroy(),
    };
  }
  // The file is the server processes' alone until the test's checks open it.
  await database.close();
  const { dataDir } = database;
  return {
    env: { DATA_DIR: dataDir },
    dataDir,
    open: async () => {
      const database = createDatabase({ dataDir });
      return { db: database.db, close: () => database.close() };
    },
    integrity: () => {
      const file = new SQLite(join(dataDir, "chess.sqlite"));
      try {
        const integrity = file.pragma("integrity_check") as { integrity_check: string }[];
        const foreignKeys = file.pragma("foreign_key_check") as unknown[];
        return [
          ...integrity.map((row) => row.integrity_check),
          ...foreignKeys.map((row) => JSON.stringify(row)),
        ];
      } finally {
        file.close();
      }
    },
    destroy: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
