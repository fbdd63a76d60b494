import { positionInputSchema } from "@ct/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { positionRowById } from "../db/database";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput } from "../testing/positions";
import { PositionsRepository } from "./repository";
import { fromRow, positionJson } from "./rows";

const kinds = await testDatabaseKinds();

describe.each(kinds)("a position's row on $name", (kind) => {
  let database: TestDatabase;
  let ids: number[];
  let firstFen: string;

  beforeAll(async () => {
    database = await kind.create();
    const repository = new PositionsRepository(database.db);
    const inputs = [
      positionInput("opening"),
      // Quotes, backslashes, line breaks, Arabic and no source or opening: everything the JSON text must escape.
      positionInput("endgame", {
        description_en: 'He said "take it" \\ then\nleft',
        explanation_ar: "الفيل يهاجم «الرخ» والملك\tمعًا",
        source: undefined,
        hints: {
          subtle_en: "Look at the king's cover.",
          subtle_ar: "انظر إلى حماية الملك.",
          moderate_en: 'The "weak" square is f2.',
          moderate_ar: "المربع الضعيف هو f2.",
          explicit_en: "Play Rd1+.",
          explicit_ar: "العب Rd1+.",
        },
      }),
      positionInput("middlegame", { rating: 2231, rating_deviation: 80, themes: ["fork", "pin"] }),
    ];
    const { first_id } = await repository.batch(inputs.map((input) => positionInputSchema.parse(input)));
    ids = inputs.map((_, index) => Number(first_id) + index);
    firstFen = inputs[0]?.fen as string;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("serializes to exactly the text of the decoded position", async () => {
    for (const id of ids) {
      const row = await positionRowById(database.db, id);
      if (!row) throw new Error(`row ${id} missing`);
      expect(positionJson(row)).toBe(JSON.stringify(fromRow(row)));
      expect(JSON.parse(positionJson(row))).toEqual(fromRow(row));
    }
    expect(await positionRowById(database.db, 999_999)).toBeUndefined();
  });

  it("does not read another request's uncommitted change", async () => {
    const id = ids[0] as number;
    let during: Promise<unknown> | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("positions")
          .set({ fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1" })
          .where("id", "=", id)
          .execute();
        during = positionRowById(database.db, id);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const row = (await during) as { fen: string } | undefined;
    expect(row?.fen).toBe(firstFen);
  });
});
