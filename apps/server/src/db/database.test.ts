import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { positionInputSchema } from "@ct/contract";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adjustFacets, PositionsRepository } from "../positions/repository";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput } from "../testing/positions";
import { type FacetChanges, facetChanges, LISTENER_NAME } from "./changes";
import { createDatabase, preparedOnce } from "./database";

interface Table {
  t: { id: number; name: string };
}

describe("SQLite statements prepared once", () => {
  let dir: string;
  let file: SQLite.Database;
  let prepared: string[];
  let db: Kysely<Table>;

  /** A Kysely on a real SQLite file through `preparedOnce`, noting every SQL text the file is asked to prepare. */
  function open(size?: number): Kysely<Table> {
    const counted = {
      prepare: (text: string) => {
        prepared.push(text);
        return file.prepare(text);
      },
      close: () => file.close(),
    };
    return new Kysely<Table>({ dialect: new SqliteDialect({ database: preparedOnce(counted, size) }) });
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "ct-statements-"));
    file = new SQLite(join(dir, "t.sqlite"));
    file.exec("create table t (id integer primary key, name text not null)");
    file.exec("insert into t (id, name) values (1, 'one'), (2, 'two'), (3, 'three')");
    prepared = [];
    db = open();
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const byId = (id: number) => db.selectFrom("t").select("name").where("id", "=", id).executeTakeFirst();

  it("prepares a repeated query once, and each run answers for its own parameters", async () => {
    expect(await byId(1)).toEqual({ name: "one" });
    expect(await byId(3)).toEqual({ name: "three" });
    expect(await byId(4)).toBeUndefined();
    expect(await byId(2)).toEqual({ name: "two" });
    expect(prepared).toHaveLength(1);
  });

  it("reuses write statements too, and reads see the writes", async () => {
    for (const [id, name] of [
      [4, "four"],
      [5, "five"],
    ] as const) {
      await db.insertInto("t").values({ id, name }).execute();
      expect(await byId(id)).toEqual({ name });
    }
    await db.updateTable("t").set({ name: "uno" }).where("id", "=", 1).execute();
    expect(await byId(1)).toEqual({ name: "uno" });
    // One insert, one select, one update.
    expect(prepared).toHaveLength(3);
  });

  it("serves a streamed query again after it was left halfway", async () => {
    const all = db.selectFrom("t").select("name").orderBy("id");
    for await (const row of all.stream()) {
      expect(row).toEqual({ name: "one" });
      break;
    }
    expect(await all.execute()).toEqual([{ name: "one" }, { name: "two" }, { name: "three" }]);
    const streamed: string[] = [];
    for await (const row of all.stream()) streamed.push(row.name);
    expect(streamed).toEqual(["one", "two", "three"]);
    expect(prepared).toHaveLength(1);
  });

  it("gives a statement of its own to the same SQL while the kept one is being iterated", () => {
    const database = preparedOnce(file);
    const text = "select name from t order by id";
    const iterating = database.prepare(text).iterate([]);
    expect(iterating.next().value).toEqual({ name: "one" });
    expect(database.prepare(text).all([])).toHaveLength(3);
    expect([...iterating]).toEqual([{ name: "two" }, { name: "three" }]);
  });

  it("keeps a bounded number of statements, dropping the least recently used", async () => {
    await db.destroy();
    prepared = [];
    db = open(2);
    const names = () => db.selectFrom("t").select("name").execute();
    const ids = () => db.selectFrom("t").select("id").execute();
    const later = () => db.selectFrom("t").select("name").where("id", ">", 1).execute();
    await names();
    await ids();
    await names(); // the most recently used now
    await later(); // drops ids
    expect(prepared).toHaveLength(3);
    await names();
    expect(prepared).toHaveLength(3);
    await ids();
    expect(prepared).toHaveLength(4);
  });

  it("sees a column added after the statement was kept", async () => {
    const all = () => db.selectFrom("t").selectAll().where("id", "=", 1).execute();
    expect(await all()).toEqual([{ id: 1, name: "one" }]);
    file.exec("alter table t add column rank integer not null default 7");
    expect(await all()).toEqual([{ id: 1, name: "one", rank: 7 }]);
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("change feed of the positions' aggregates on $name", (kind) => {
  let database: TestDatabase;
  let changes: FacetChanges;
  let positions: PositionsRepository;
  const valid = () => positionInputSchema.parse(positionInput("endgame"));

  beforeAll(async () => {
    database = await kind.create();
    const feed = facetChanges(database.db);
    if (!feed) throw new Error("createDatabase made no change feed");
    changes = feed;
    await changes.start();
    positions = new PositionsRepository(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A second process on the same database, as far as this one can tell: a connection of its own. */
  function secondProcess() {
    return createDatabase({ dataDir: database.dataDir, databaseUrl: database.env.DATABASE_URL });
  }

  /** Resolves once the version is given and differs from `before` (at once on SQLite; NOTIFY takes a moment). */
  async function movedFrom(before: number | undefined): Promise<void> {
    const moved = () => {
      const now = changes.version();
      return now !== undefined && now !== before;
    };
    if (kind.name === "sqlite") expect(moved()).toBe(true);
    else await expect.poll(moved, { timeout: 5000 }).toBe(true);
  }

  it("keeps its version when a write leaves the aggregates alone", async () => {
    const before = changes.version();
    await database.db
      .insertInto("app_meta")
      .values({ key: "changes.test", value: "1" })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: "2" }))
      .execute();
    expect(changes.version()).toBe(before);
  });

  it("keeps its version across reads and moves it when this process writes the aggregates", async () => {
    const before = changes.version();
    expect(before).toBeDefined();
    await positions.stats();
    await positions.themeCounts();
    expect(changes.version()).toBe(before);
    await positions.create(valid());
    await movedFrom(before);
  });

  it("gives no version while a write of the aggregates is open, and a new one once it ends", async () => {
    const before = changes.version();
    let during: number | undefined = -1;
    await database.db.transaction().execute(async (trx) => {
      await adjustFacets(trx, new Map([["theme\u0000fork", 1]]), 1);
      during = changes.version();
    });
    expect(during).toBeUndefined();
    const committed = changes.version();
    expect(committed).toBeDefined();
    expect(committed).not.toBe(before);

    await expect(
      database.db.transaction().execute(async (trx) => {
        await adjustFacets(trx, new Map([["theme\u0000pin", 1]]), 1);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    const rolledBack = changes.version();
    expect(rolledBack).toBeDefined();
    expect(rolledBack).not.toBe(committed);
  });

  it("moves its version when another process writes the aggregates", async () => {
    const other = secondProcess();
    try {
      const before = changes.version();
      await new PositionsRepository(other.db).create(valid());
      await movedFrom(before);
    } finally {
      await other.close();
    }
  });

  if (kind.name === "postgres") {
    it("gives no version while its listening connection is down, and listens again", async () => {
      const before = changes.version();
      expect(before).toBeDefined();
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(database.db);
      await expect.poll(() => changes.version(), { timeout: 5000 }).toBeUndefined();
      const other = secondProcess();
      try {
        // Written while nobody listens: the version that comes back is a new one all the same.
        await new PositionsRepository(other.db).create(valid());
        await expect.poll(() => changes.version(), { timeout: 10_000 }).toBeDefined();
        const back = changes.version();
        expect(back).not.toBe(before);
        await new PositionsRepository(other.db).create(valid());
        await movedFrom(back);
      } finally {
        await other.close();
      }
    });
  }
});

describe("SQLite transactions beside another process writing the same file", () => {
  let dir: string;
  let app: ReturnType<typeof createDatabase>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "ct-two-writers-"));
    app = createDatabase({ dataDir: dir });
    await sql`create table counter (id integer primary key, value integer not null)`.execute(app.db);
    await sql`insert into counter (id, value) values (1, 0)`.execute(app.db);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Another process adds one to the counter in a transaction of its own, waiting up to 5 s for the write lock. */
  function otherProcessIncrements(): { started: Promise<void>; exited: Promise<number | null> } {
    const child = spawn(
      process.execPath,
      [
        "-e",
        `const db = new (require("better-sqlite3"))(process.argv[1]);
         db.pragma("busy_timeout = 5000");
         console.log("started");
         db.exec("begin immediate; update counter set value = value + 1 where id = 1; commit");`,
        join(dir, "chess.sqlite"),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // A child that dies before it starts its write ends the wait too; its exit code then fails the test.
    const started = Promise.race([
      new Promise<void>((resolve) => child.stdout.once("data", () => resolve())),
      exited.then(() => {}),
    ]);
    return { started, exited };
  }

  it("lets a transaction that read first write after another process wrote meanwhile, losing no update", async () => {
    let other: ReturnType<typeof otherProcessIncrements> | undefined;
    await app.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ value: number }>`select value from counter where id = 1`.execute(trx);
      // The other process tries its write now: it must wait for this transaction, or this one's write below
      // fails with SQLITE_BUSY (a read transaction cannot take the write lock once another process committed).
      other = otherProcessIncrements();
      await other.started;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`update counter set value = ${Number(rows[0]?.value) + 1} where id = 1`.execute(trx);
    });
    expect(await other?.exited).toBe(0);
    const { rows } = await sql<{ value: number }>`select value from counter where id = 1`.execute(app.db);
    expect(Number(rows[0]?.value)).toBe(2);
  });
});
