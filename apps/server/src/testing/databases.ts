import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDatabase, type Db, migrateToLatest } from "../db/database";

/** PostgreSQL on this machine (trust auth); TEST_POSTGRES_URL points elsewhere. */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase extends Db {
  /** For a server process under test: the DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite) that reaches it. */
  env: Record<string, string>;
  dataDir: string;
  destroy(): Promise<void>;
}

export interface TestDatabaseKind {
  name: "sqlite" | "postgres";
  create(): Promise<TestDatabase>;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const sqlite: TestDatabaseKind = {
  name: "sqlite",
  async create() {
    const dataDir = mkdtempSync(join(tmpdir(), "ct-test-"));
    const database = createDatabase({ dataDir });
    await migrateToLatest(database.db);
    return {
      ...database,
      dataDir,
      env: { DATA_DIR: dataDir },
      async destroy() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: TestDatabaseKind = {
  name: "postgres",
  async create() {
    const name = `ct_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), "ct-test-"));
    const database = createDatabase({ dataDir, databaseUrl: url.toString() });
    await migrateToLatest(database.db);
    return {
      ...database,
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      async destroy() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: ADMIN_URL });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/**
 * The databases every server suite runs on: SQLite always, PostgreSQL when it answers on 127.0.0.1:5432.
 * REQUIRE_POSTGRES=1 makes an unreachable PostgreSQL an error instead of a reported skip.
 */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  if (await postgresReachable()) return [sqlite, postgres];
  if (process.env.REQUIRE_POSTGRES === "1")
    throw new Error(`PostgreSQL is required but not reachable at ${ADMIN_URL}`);
  console.warn(`PostgreSQL not reachable at ${ADMIN_URL}: server tests run on SQLite only`);
  return [sqlite];
}
