import { SEEN_LIMIT } from "@ct/contract/library-rules";
import { describe, expect, it } from "vitest";
import {
  accuracyByPhase,
  accuracyByTheme,
  createRatingRecords,
  MAX_RATING_CHANGE,
  markSeen,
  NEW_PLAYER_RATING,
  parsePlayerRating,
  RATING_KEY,
  rateResult,
} from "./rating";

const fork = {
  id: 7,
  rating: 1500,
  rating_deviation: 80,
  themes: ["fork", "short"],
  game_phase: "middlegame",
};
const mate = { id: 8, rating: 1900, rating_deviation: 80, themes: ["mateIn2"], game_phase: "endgame" };
const AT = "2026-11-26T10:00:00.000Z";

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    get: (key: string) => map.get(key) ?? null,
    set: (key: string, value: string) => void map.set(key, value),
    remove: (key: string) => void map.delete(key),
  };
}

describe("the player's rating", () => {
  it("starts at 1500 ± 500, rises with a clean solve and falls with a loss, the deviation shrinking", () => {
    expect(NEW_PLAYER_RATING).toMatchObject({ rating: 1500, deviation: 500 });
    const won = rateResult(NEW_PLAYER_RATING, fork, "win", AT);
    expect(won.rating).toBeGreaterThan(1550);
    expect(won.deviation).toBeLessThan(500);
    const lost = rateResult(NEW_PLAYER_RATING, fork, "loss", AT);
    expect(lost.rating).toBeLessThan(1450);
    expect(won.history).toEqual([
      {
        at: AT,
        puzzleId: 7,
        puzzleRating: 1500,
        result: "win",
        rating: Math.round(won.rating),
        deviation: Math.round(won.deviation),
        themes: ["fork", "short"],
        phase: "middlegame",
      },
    ]);
  });

  it("one result moves the rating at most MAX_RATING_CHANGE, however sure Glicko-2 is", () => {
    const lost = rateResult(NEW_PLAYER_RATING, { ...fork, rating: 700 }, "loss", AT);
    expect(lost.rating).toBe(1500 - MAX_RATING_CHANGE);
    expect(lost.deviation).toBeLessThan(500);
  });

  it("beating a stronger puzzle gains more than beating a weaker one", () => {
    const start = rateResult(NEW_PLAYER_RATING, { ...fork, id: 1 }, "win", AT);
    const strong = rateResult(start, mate, "win", AT).rating - start.rating;
    const weak = rateResult(start, { ...mate, rating: 1100 }, "win", AT).rating - start.rating;
    expect(strong).toBeGreaterThan(weak);
  });

  it("a puzzle moves the rating once: its first result only", () => {
    const once = rateResult(NEW_PLAYER_RATING, fork, "loss", AT);
    expect(rateResult(once, fork, "win", AT)).toBe(once);
  });

  it("remembers recently seen puzzles, newest last, at most SEEN_LIMIT", () => {
    let state = NEW_PLAYER_RATING;
    for (let id = 1; id <= SEEN_LIMIT + 5; id++) state = markSeen(state, id);
    expect(state.seen).toHaveLength(SEEN_LIMIT);
    expect(state.seen[0]).toBe(6);
    state = markSeen(state, 10);
    expect(state.seen.at(-1)).toBe(10);
    expect(state.seen.filter((id) => id === 10)).toHaveLength(1);
  });

  it("accuracy by theme counts each result for every theme of its puzzle; by phase once", () => {
    let state = rateResult(NEW_PLAYER_RATING, fork, "win", AT);
    state = rateResult(state, { ...fork, id: 9 }, "loss", AT);
    state = rateResult(state, mate, "win", AT);
    expect(accuracyByTheme(state.history).get("fork")).toEqual({ wins: 1, total: 2 });
    expect(accuracyByTheme(state.history).get("mateIn2")).toEqual({ wins: 1, total: 1 });
    expect(accuracyByPhase(state.history).get("middlegame")).toEqual({ wins: 1, total: 2 });
  });

  it("reads back what it wrote, and a new player's values from anything else", () => {
    expect(parsePlayerRating(null)).toEqual(NEW_PLAYER_RATING);
    expect(parsePlayerRating("{oops")).toEqual(NEW_PLAYER_RATING);
    expect(
      parsePlayerRating(JSON.stringify({ rating: "x", seen: [3, -1, "a"], difficulty: "insane" })),
    ).toEqual({
      ...NEW_PLAYER_RATING,
      seen: [3],
    });
    const storage = memory();
    const records = createRatingRecords({ storage, now: () => Date.parse(AT) });
    const after = records.report(fork, "win");
    expect(after?.rating).toBeGreaterThan(1500);
    expect(records.report(fork, "loss")).toBeNull();
    records.setDifficulty("harder");
    records.setOrder("rated");
    records.markSeen(42);
    expect(records.read()).toMatchObject({ difficulty: "harder", order: "rated", seen: [42], rated: [7] });
    expect(records.read().rating).toBeCloseTo(after?.rating ?? 0);
    records.reset();
    expect(storage.map.has(RATING_KEY)).toBe(false);
  });
});
