import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabaseKinds } from "../../testing/databases";
import { migrations } from "./index";

const kinds = await testDatabaseKinds();

describe.each(kinds)("migrations 0010 (rating bands) and 0011 (broad theme rows) on $name", (kind) => {
  let database: TestDatabase;
  const migrator = () =>
    new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });

  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("keys stored positions and their theme index by rating band, and goes back", async () => {
    const back = await migrator().migrateTo("0009-puzzle-ratings");
    expect(back.error).toBeUndefined();
    // Two positions as 0009 stored them: exact ratings in the theme index.
    for (const [sequence, rating] of [
      [1, 1234.5],
      [2, 2999],
    ] as const) {
      await sql`insert into positions (sequence_number, fen, description_en, explanation_en, correct_moves, solution,
          difficulty, rating, rating_deviation, rating_volatility, tags, game_phase, themes, hints, game_metadata,
          created_at, updated_at)
        values (${sequence}, '8/8/8/8/8/8/8/K6k w - - 0 1', 'd', 'e', '["a1a2"]', '["a1a2"]', 1500, ${rating}, 80,
          0.09, '[]', 'endgame', '["fork","short"]', '{}', '{}', 'now', 'now')`.execute(database.db);
    }
    await sql`insert into position_themes (theme, rating, position_id)
      select 'fork', rating, id from positions`.execute(database.db);

    const up = await migrator().migrateTo("0010-rating-bands");
    expect(up.error).toBeUndefined();
    const positions = await database.db
      .selectFrom("positions")
      .select(["id", "rating", "rating_band"])
      .orderBy("id")
      .execute();
    expect(positions.map((row) => row.rating_band)).toEqual([24, 59]);
    const index = await database.db
      .selectFrom("position_themes")
      .select(["theme", "rating_band", "position_id"])
      .orderBy("position_id")
      .orderBy("theme")
      .execute();
    // Rebuilt from each position's themes, not copied from the old rows.
    expect(index).toEqual([
      { theme: "fork", rating_band: 24, position_id: positions[0]?.id },
      { theme: "short", rating_band: 24, position_id: positions[0]?.id },
      { theme: "fork", rating_band: 59, position_id: positions[1]?.id },
      { theme: "short", rating_band: 59, position_id: positions[1]?.id },
    ]);
  });

  it("drops the broad themes' index rows (a phase, a length, a goal), and puts them back going down", async () => {
    const themes = async () =>
      (
        await database.db.selectFrom("position_themes").select("theme").distinct().orderBy("theme").execute()
      ).map((row) => row.theme);
    expect(await themes()).toEqual(["fork", "short"]);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    expect(await themes()).toEqual(["fork"]);
    expect((await migrator().migrateTo("0010-rating-bands")).error).toBeUndefined();
    expect(await themes()).toEqual(["fork", "short"]);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
  });
});
