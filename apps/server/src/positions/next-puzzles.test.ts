import { type NextPuzzle, positionInputSchema } from "@ct/contract";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput, ratedLibrary } from "../testing/positions";
import { NextPuzzles } from "./next-puzzles";
import { PuzzlePool } from "./puzzle-pool";
import { PositionsRepository } from "./repository";
import { choosePuzzle, movePuzzleRating, puzzleRatingsMoved } from "./selection";

const kinds = await testDatabaseKinds();

/** A settled 1000 player's first result on a puzzle: a win, which moves the puzzle's rating down. */
const teach = (db: Kysely<Database>, id: number) =>
  db.transaction().execute((trx) => movePuzzleRating(trx, id, { rating: 1000, deviation: 60 }, "win"));

/** Polls `read` until `done` holds of its answer (another process's write arrives asynchronously). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(kinds)("the next-puzzle pool on $name", (kind) => {
  let database: TestDatabase;
  let repository: PositionsRepository;
  let ids: number[];

  beforeAll(async () => {
    database = await kind.create();
    repository = new PositionsRepository(database.db);
    const { first_id } = await repository.batch(
      ratedLibrary("pool").map((input) => positionInputSchema.parse(input)),
    );
    ids = Array.from({ length: 60 }, (_, index) => Number(first_id) + index);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("chooses in memory as the database does: window, filters, unseen first, the closest seen last", async () => {
    const pool = await PuzzlePool.load(database.db);
    expect(pool.size).toBe(60);
    const rating = (choice: ReturnType<PuzzlePool["choose"]>) => {
      if (!choice || choice === "unsure") throw new Error(`no puzzle: ${choice}`);
      return 600 + 50 * ids.indexOf(choice.id);
    };
    const chosen = new Set<number>();
    for (let round = 0; round < 30; round++) {
      const choice = pool.choose({ target: 1500 });
      expect(Math.abs(rating(choice) - 1500)).toBeLessThanOrEqual(100);
      if (choice && choice !== "unsure") chosen.add(choice.id);
      // Forks and pins together are every 15th puzzle (600, 1350, 2100, 2850): the window widens to one.
      expect([1350, 2100]).toContain(rating(pool.choose({ target: 1700, themes: ["pin", "fork"] })));
      const endgame = pool.choose({ target: 1500, phase: "endgame" });
      expect(ids.indexOf(endgame && endgame !== "unsure" ? endgame.id : -1) % 3).toBe(2);
    }
    // A random entry of the window each time, not always the same puzzle.
    expect(chosen.size).toBeGreaterThan(2);
    expect(pool.choose({ target: 1500, themes: ["zugzwang"] })).toBeNull();
    expect(pool.choose({ target: 1500, opening: "No Such Opening" })).toBeNull();
    const opening = pool.choose({ target: 1500, opening: "Ruy Lopez" });
    const row = await repository.get(opening && opening !== "unsure" ? opening.id : -1);
    expect(row?.game_metadata.opening).toBe("Ruy Lopez");

    const seen = new Set<number>();
    for (let round = 0; round < 60; round++) {
      const choice = pool.choose({ target: 1500, seen });
      if (!choice || choice === "unsure") throw new Error("nothing unseen");
      expect(seen.has(choice.id)).toBe(false);
      seen.add(choice.id);
    }
    expect(pool.choose({ target: 1500, seen })).toEqual({ id: ids[18] });
  });

  it("reads a broad theme (no index rows) along the band index in the database", async () => {
    for (let round = 0; round < 5; round++) {
      const short = await choosePuzzle(database.db, { target: 1500, themes: ["short"] });
      expect(Math.abs(Number(short?.rating) - 1500)).toBeLessThanOrEqual(100);
      const endgame = await choosePuzzle(database.db, { target: 1500, phase: "endgame", themes: ["short"] });
      expect(endgame?.game_phase).toBe("endgame");
      const pin = await choosePuzzle(database.db, { target: 1700, themes: ["short", "pin"] });
      // Pins are every fifth puzzle (600, 850, … 1600, 1850): the closest window holds 1600.
      expect(Number(pin?.rating)).toBe(1600);
    }
  });

  it("reads the puzzle its random start lands on exactly", async () => {
    // The ±100 window around 1700 holds one pin, at 1600: a start on its very band and id finds it there, rather
    // than widening to ±200 and answering 1850.
    const pin = ids[20] as number;
    const { max } = await database.db
      .selectFrom("positions")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow();
    const draws = [0, (pin + 0.5) / (Number(max) + 1)];
    const chosen = await choosePuzzle(
      database.db,
      { target: 1700, themes: ["short", "pin"] },
      () => draws.shift() ?? 0.5,
    );
    expect(chosen?.id).toBe(pin);
    expect(Number(chosen?.rating)).toBe(1600);
  });

  it("answers from kept positions and follows creation, edits, removal and rating changes", async () => {
    const puzzles = new NextPuzzles(database.db);
    await puzzles.ready();
    const next = async (criteria: Parameters<NextPuzzles["next"]>[0]) =>
      (JSON.parse(await puzzles.next(criteria)) as NextPuzzle).position;
    const first = await next({ target: 2000, phase: "middlegame" });
    expect(first?.game_phase).toBe("middlegame");
    expect(Math.abs((first?.rating ?? 0) - 2000)).toBeLessThanOrEqual(100);

    // A new position is found at once (the database answers until the pool has it), then from the pool.
    const created = await repository.create(
      positionInputSchema.parse(
        positionInput("endgame", { rating: 1500, themes: ["skewer"], source: "pool:created" }),
      ),
    );
    for (let round = 0; round < 3; round++)
      expect((await next({ target: 1500, themes: ["skewer"] }))?.id).toBe(created.id);

    // An edit shows in the answer; a removed position is never answered.
    const input = positionInput("endgame", {
      rating: 1500,
      themes: ["skewer"],
      source: "pool:created",
      description_en: "Edited description",
    });
    await repository.update(created.id, positionInputSchema.parse(input));
    expect((await next({ target: 1500, themes: ["skewer"] }))?.description_en).toBe("Edited description");

    // A player's first result moves the rating: the next answer has the new one (this process is told).
    const outcome = await teach(database.db, created.id);
    expect(outcome?.moved).toBe(true);
    puzzleRatingsMoved(database.db, [created.id]);
    expect((await next({ target: 1500, themes: ["skewer"] }))?.rating).toBe(outcome?.rating);

    // The same from another process (its own connection to the same database).
    const other = createDatabase({ dataDir: database.dataDir, databaseUrl: database.env.DATABASE_URL });
    try {
      const again = await teach(other.db, created.id);
      expect(again?.rating).not.toBe(outcome?.rating);
      const seen = await eventually(
        () => next({ target: 1500, themes: ["skewer"] }),
        (position) => position?.rating === again?.rating,
      );
      expect(seen?.rating).toBe(again?.rating);
      await new PositionsRepository(other.db).remove(created.id);
      const gone = await eventually(
        () => next({ target: 1500, themes: ["skewer"] }),
        (position) => position === null,
      );
      expect(gone).toBeNull();
    } finally {
      await other.close();
    }
  });

  it("keeps no answer when told to keep none, and still answers each edit at once", async () => {
    const puzzles = new NextPuzzles(database.db, { kept: 0 });
    await puzzles.ready();
    const next = async () =>
      (JSON.parse(await puzzles.next({ target: 1500, themes: ["skewer"] })) as NextPuzzle).position;
    const created = await repository.create(
      positionInputSchema.parse(
        positionInput("endgame", { rating: 1500, themes: ["skewer"], source: "pool:none" }),
      ),
    );
    expect((await next())?.id).toBe(created.id);
    // Edited behind its back (no `forget`, no version change it could see in a kept answer): read afresh each time.
    await database.db.updateTable("positions").set({ rating: 1510 }).where("id", "=", created.id).execute();
    expect((await next())?.rating).toBe(1510);
    await repository.remove(created.id);
  });
});
