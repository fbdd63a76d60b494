import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabaseKinds } from "../../testing/databases";
import { migrations } from "./index";

const kinds = await testDatabaseKinds();

describe.each(kinds)("migration 0014 (rating range) on $name", (kind) => {
  let database: TestDatabase;
  const migrator = () =>
    new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });

  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("brings ratings that reports dragged out of the library's range back to its edge, with their bands", async () => {
    const back = await migrator().migrateTo("0013-blog-language");
    expect(back.error).toBeUndefined();
    // Dragged by reports to -485 and 4,500; a lichess rating of 399 never reported on; a moved one within range.
    for (const [sequence, rating, attempts] of [
      [1, -485, 100],
      [2, 4500, 100],
      [3, 399, 0],
      [4, 1510, 3],
    ] as const) {
      const band = Math.floor(Math.max(0, rating) / 50);
      await sql`insert into positions (sequence_number, fen, fen_key, description_en, explanation_en, correct_moves, solution,
          difficulty, rating, rating_deviation, rating_volatility, rating_attempts, rating_band, tags, game_phase,
          themes, hints, game_metadata, created_at, updated_at)
        values (${sequence}, '8/8/8/8/8/8/8/K6k w - - 0 1', ${sequence}, 'd', 'e', '["a1a2"]', '["a1a2"]', 1500, ${rating}, 80,
          0.09, ${attempts}, ${band}, '[]', 'endgame', '["fork","short"]', '{}', '{}', 'now', 'now')`.execute(
        database.db,
      );
    }
    await sql`insert into position_themes (theme, rating_band, position_id)
      select 'fork', rating_band, id from positions`.execute(database.db);

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    const positions = await database.db
      .selectFrom("positions")
      .select(["rating", "rating_band"])
      .orderBy("sequence_number")
      .execute();
    expect(positions.map((row) => [Number(row.rating), Number(row.rating_band)])).toEqual([
      [400, 8],
      [3300, 66],
      [399, 7],
      [1510, 30],
    ]);
    const index = await database.db
      .selectFrom("position_themes")
      .select("rating_band")
      .orderBy("position_id")
      .execute();
    expect(index.map((row) => Number(row.rating_band))).toEqual([8, 66, 7, 30]);
  });
});
