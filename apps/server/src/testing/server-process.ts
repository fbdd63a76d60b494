import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { REPO_ROOT } from "../config";
import { createDatabase } from "../db/database";
import type { Database } from "../db/schema";
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

/** A real server process (`node --import tsx apps/server/src/main.ts`), as `npm run serve` starts it. */
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
}

/**
 * Starts the server on a free port with `env` (DATA_DIR, DATABASE_URL, API_KEY, ...) over a quiet test
 * environment, and resolves once GET /api/health answers 200. Fails with the process's output if it exits first.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
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
  });
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
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (hasExited) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      const health = await fetch(`${base}/api/health`);
      if (health.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server was not ready within ${options.timeoutMs ?? 30_000} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    port,
    base,
    output: () => output,
    async kill9() {
      if (!hasExited) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (!hasExited) child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * The data server processes run on: a fresh PostgreSQL database (migrated), or a fresh SQLite directory that only
 * the server processes open until the test's checks do.
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

/** A fresh store of this kind; `destroy` removes it. */
export async function freshStore(kind: TestDatabaseKind): Promise<Store> {
  if (kind.name === "postgres") {
    const database = await kind.create();
    return {
      env: database.env,
      dataDir: database.dataDir,
      open: async () => ({ db: database.db, close: async () => {} }),
      integrity: () => [],
      destroy: () => database.destroy(),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "ct-server-"));
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
