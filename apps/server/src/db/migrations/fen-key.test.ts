import { Readable } from "node:stream";
import { positionInputSchema } from "@ct/contract";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importLichessStream } from "../../importers/lichess";
import { PositionsRepository } from "../../positions/repository";
import { fenKey } from "../../positions/rows";
import { type TestDatabase, testDatabaseKinds } from "../../testing/databases";
import { positionInput } from "../../testing/positions";
import { migrations } from "./index";

const kinds = await testDatabaseKinds();

describe.each(kinds)("migration 0012 (FEN key) on $name", (kind) => {
  let database: TestDatabase;
  const migrator = () =>
    new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  const fens = ["8/8/8/8/8/8/8/K6k w - - 0 1", "r3k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1"];

  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("keys the stored positions by their FEN's hash, finds them by it, and goes back", async () => {
    expect((await migrator().migrateTo("0011-broad-theme-rows")).error).toBeUndefined();
    for (const [index, fen] of fens.entries())
      await sql`insert into positions (sequence_number, fen, description_en, explanation_en, correct_moves, solution,
          difficulty, rating, rating_deviation, rating_volatility, rating_band, tags, game_phase, themes, hints,
          game_metadata, created_at, updated_at)
        values (${index + 1}, ${fen}, 'd', 'e', '["a1a2"]', '["a1a2"]', 1500, 1500, 80, 0.09, 30, '[]', 'endgame',
          '["short"]', '{}', '{}', 'now', 'now')`.execute(database.db);

    expect((await migrator().migrateTo("0012-fen-key")).error).toBeUndefined();
    const rows = await database.db.selectFrom("positions").select(["fen", "fen_key"]).orderBy("id").execute();
    expect(rows).toEqual(fens.map((fen) => ({ fen, fen_key: fenKey(fen) })));
    const repository = new PositionsRepository(database.db);
    expect(await repository.hasFen(fens[1] as string)).toBe(true);
    expect(await repository.hasFen("8/8/8/8/8/8/8/K5k1 w - - 0 1")).toBe(false);

    expect((await migrator().migrateTo("0011-broad-theme-rows")).error).toBeUndefined();
    const columns = await sql<{ fen: string }>`select * from positions`.execute(database.db);
    expect(Object.keys(columns.rows[0] ?? {})).not.toContain("fen_key");
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
  });

  it("gives every writer's positions their key: the API, a batch and the lichess importer", async () => {
    const repository = new PositionsRepository(database.db);
    const created = await repository.create(positionInputSchema.parse(positionInput("endgame")));
    await repository.batch([positionInputSchema.parse(positionInput("middlegame", { source: "batch:1" }))]);
    const updated = positionInput("opening", { source: "moved" });
    await repository.update(created.id, positionInputSchema.parse(updated));
    await importLichessStream(
      database.db,
      Readable.from([
        "PuzzleId,FEN,Moves,Rating\n00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1913\n",
      ]),
    );
    const stored = await database.db.selectFrom("positions").select(["fen", "fen_key"]).execute();
    expect(stored.length).toBeGreaterThanOrEqual(5);
    for (const row of stored) expect(row.fen_key).toBe(fenKey(row.fen));
    for (const row of stored) expect(await repository.hasFen(row.fen)).toBe(true);
  });
});
