import { readFileSync } from "node:fs";
import { checkPuzzle, coachingProblems, losesTheAdvantage, phaseOf } from "@ct/chess";
import { GAME_PHASES } from "@ct/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexedThemes } from "../positions/ratings";
import { PositionsRepository } from "../positions/repository";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { SEED_TARGET } from "./build";
import { coachInputOf, composeSeedTexts, parseSeedEntries } from "./coach-facts";
import { LIBRARY_PACK_HEADER } from "./library-pack";
import { coachTextsOf, readSeedPositions, SEED_FILE, seedPositions } from "./seed";

const positions = readSeedPositions();
const entries = parseSeedEntries(JSON.parse(readFileSync(SEED_FILE, "utf8")));
const arabic = /[\u0600-\u06FF]/;

describe("the seed positions (what a fresh install shows)", () => {
  it(`has at least ${SEED_TARGET.total} positions, at least ${SEED_TARGET.perPhase} in every phase`, () => {
    expect(positions.length).toBeGreaterThanOrEqual(SEED_TARGET.total);
    for (const phase of GAME_PHASES) {
      expect(
        positions.filter((position) => position.game_phase === phase).length,
        phase,
      ).toBeGreaterThanOrEqual(SEED_TARGET.perPhase);
    }
  });

  it("holds only legal puzzles whose phase matches their board", () => {
    for (const position of positions) {
      const check = checkPuzzle(position.fen, position.correct_moves, position.solution);
      expect(check.ok ? [] : check.problems, position.source ?? position.fen).toEqual([]);
      expect(position.solution.length % 2, `${position.source}: ends on a player move`).toBe(1);
      expect(phaseOf(position.fen), position.source ?? "").toBe(position.game_phase);
    }
  });

  it("gives every position hints, a description and an explanation in English and Arabic", () => {
    for (const position of positions) {
      const label = position.source ?? position.fen;
      const { hints } = position;
      for (const text of [hints.subtle_en, hints.moderate_en, hints.explicit_en, position.description_en]) {
        expect(text.trim().length, label).toBeGreaterThan(5);
      }
      expect(position.explanation_en.length, label).toBeGreaterThan(40);
      for (const text of [hints.subtle_ar, hints.moderate_ar, hints.explicit_ar, position.description_ar]) {
        expect(text ?? "", label).toMatch(arabic);
      }
      expect(position.explanation_ar ?? "", label).toMatch(arabic);
      expect(position.themes.length, label).toBeGreaterThan(0);
    }
  });

  it("says only what the board and the engine show: every claim of every text checked (coachingProblems)", () => {
    const problems = entries.flatMap((entry) => {
      const texts = coachTextsOf(entry);
      return coachingProblems(coachInputOf(entry), texts).map((problem) => `${entry.source}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  it("keeps the engine's facts beside every position, and its texts are the composer's from them", () => {
    expect(entries).toHaveLength(positions.length);
    for (const entry of entries) {
      const { cp, mate, alternative } = entry.coach;
      expect(cp !== undefined || mate !== undefined, `${entry.source}: a score for the line`).toBe(true);
      expect(coachTextsOf(entry), `${entry.source}: npm run content:retext:seed`).toEqual(
        composeSeedTexts(entry),
      );
      // A natural-looking alternative is kept only where the engine's scores make it a mistake.
      if (alternative)
        expect(
          losesTheAdvantage(mate !== undefined ? { mate } : { cp }, alternative),
          `${entry.source}: ${alternative.move}`,
        ).toBe(true);
    }
  });

  it("never repeats a position or a source", () => {
    const fens = positions.map((position) => position.fen.split(" ").slice(0, 4).join(" "));
    expect(new Set(fens).size).toBe(positions.length);
    const sources = positions.map((position) => position.source);
    expect(sources.every((source) => typeof source === "string" && source.startsWith("seed:"))).toBe(true);
    expect(new Set(sources).size).toBe(positions.length);
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("seeding on $name", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("stores the seed on the first start only, even after every position was removed", async () => {
    expect(await seedPositions(database.db, readSeedPositions, () => null)).toBe(positions.length);
    const repository = new PositionsRepository(database.db);
    const counts = (await repository.phaseCounts()).counts;
    expect(counts.opening + counts.middlegame + counts.endgame).toBe(positions.length);
    expect(await seedPositions(database.db, readSeedPositions, () => null)).toBe(0);
    await database.db.deleteFrom("positions").execute();
    expect(await seedPositions(database.db, readSeedPositions, () => null)).toBe(0);
  });

  it("stores the shipped library once, through the lichess import pipeline, rated and tagged", async () => {
    const pack = [
      LIBRARY_PACK_HEADER,
      // After 1... Nf6?? (the opponent's move) White mates with Qxf7.
      "abc123def0,r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3,g8f6 h5f7,612",
    ].join("\n");
    expect(
      await seedPositions(
        database.db,
        () => [],
        () => pack,
      ),
    ).toBe(1);
    const row = await database.db
      .selectFrom("positions")
      .selectAll()
      .where("source", "=", "library:abc123def0")
      .executeTakeFirstOrThrow();
    expect(Number(row.rating)).toBe(612);
    expect(Number(row.rating_deviation)).toBe(100);
    expect(JSON.parse(row.themes)).toEqual(expect.arrayContaining(["mate", "mateIn1", "opening"]));
    expect(JSON.parse(row.hints).subtle_en.length).toBeGreaterThan(10);
    expect(row.explanation_ar).toMatch(/[\u0621-\u064A]/);
    const indexed = await database.db
      .selectFrom("position_themes")
      .select("theme")
      .where("position_id", "=", row.id)
      .execute();
    // Every theme but the broad ones (a phase, a length, a goal) has its index row.
    expect(indexed.map((item) => item.theme).sort()).toEqual(indexedThemes(JSON.parse(row.themes)).sort());
    expect(indexed.map((item) => item.theme)).toContain("mateIn1");
    // Once only: a second start adds nothing.
    expect(
      await seedPositions(
        database.db,
        () => [],
        () => pack,
      ),
    ).toBe(0);
  });
});
