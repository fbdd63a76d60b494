import type { NextPosition, Position } from "@ct/contract";
import type { PlanStep, RatingPoint } from "@ct/machines";
import { describe, expect, it } from "vitest";
import { FIND_LEVEL_DEVIATION, loadPlanPuzzle, type PlanLoadDeps } from "./plan-load";

const NOW = Date.parse("2026-03-02T18:00:00.000Z");

/** A puzzle as the library serves it (only what the load reads matters). */
const position = (id: number) => ({ id }) as Position;

/** Pins missed 4 times in 6, forks solved 8 times in 8, in the hours before NOW: pin is the one weak theme. */
function history(): RatingPoint[] {
  const results: [string, "win" | "loss"][] = [
    ...[0, 1, 2, 3, 4, 5].map((i): [string, "win" | "loss"] => ["pin", i < 4 ? "loss" : "win"]),
    ...Array.from({ length: 8 }, (): [string, "win" | "loss"] => ["fork", "win"]),
  ];
  return results.map(([theme, result], index) => ({
    at: new Date(NOW - (20 - index) * 3_600_000).toISOString(),
    puzzleId: 500 + index,
    puzzleRating: 1500,
    result,
    rating: 1540,
    deviation: 90,
    themes: [theme],
    phase: "middlegame",
  }));
}

/** The load's helpers over a library that answers `answer` to each ask, recording the asks. */
function library(answer: (ask: Parameters<PlanLoadDeps["ask"]>[0]) => NextPosition, known: number[] = []) {
  const asks: Parameters<PlanLoadDeps["ask"]>[0][] = [];
  const deps: PlanLoadDeps = {
    player: { rating: 1540, deviation: 90, history: history() },
    ask: async (request) => {
      asks.push(request);
      return answer(request);
    },
    byId: async (id) => (known.includes(id) ? position(id) : null),
    served: new Set(),
    now: NOW,
    random: () => 0.1,
  };
  return { asks, deps };
}

const found = (id: number): NextPosition => ({ position: position(id), no_more_puzzles: false });
const nothing: NextPosition = { position: null, no_more_puzzles: true };

describe("a load of /training/plan", () => {
  it("asks Find your level's target exactly (no difficulty) with a narrow deviation, and the player's window when nothing is that close", async () => {
    const step: PlanStep = { kind: "find-level", done: 1, total: 10, rating: 1900 };
    const close = library(() => found(7));
    expect(await loadPlanPuzzle(step, close.deps)).toEqual({ answer: found(7), kind: "find-level" });
    expect(close.asks).toEqual([{ rating: 1900, deviation: FIND_LEVEL_DEVIATION, exact: true }]);

    const wide = library((ask) => (ask.deviation === FIND_LEVEL_DEVIATION ? nothing : found(8)));
    expect(await loadPlanPuzzle(step, wide.deps)).toEqual({ answer: found(8), kind: "find-level" });
    expect(wide.asks).toEqual([
      { rating: 1900, deviation: FIND_LEVEL_DEVIATION, exact: true },
      { rating: 1900, deviation: 90, exact: true },
    ]);
  });

  it("serves the due cards' own puzzles in order, each once a visit, passing over one gone from the library", async () => {
    const step: PlanStep = { kind: "review", done: 0, total: 3, puzzleIds: [11, 12, 13] };
    const { asks, deps } = library(() => found(99), [12, 13]);
    const served = new Set<number>();
    const load = () => loadPlanPuzzle(step, { ...deps, served });
    const first = await load();
    expect(first).toEqual({ answer: found(12), kind: "review" });
    served.add(12);
    expect((await load()).answer.position?.id).toBe(13);
    served.add(13);
    // Every card served: the day goes on at the player's level.
    expect(await load()).toEqual({ answer: found(99), kind: "new" });
    expect(asks).toEqual([{ rating: 1540, deviation: 90 }]);
  });

  it("draws the weak themes only, at the player's level; a weak theme with nothing left gives way to the level", async () => {
    const step: PlanStep = { kind: "weak", done: 0, total: 5, rating: 1540, themes: ["pin"] };
    const weak = library(() => found(21));
    expect(await loadPlanPuzzle(step, weak.deps)).toEqual({ answer: found(21), kind: "weak" });
    expect(weak.asks).toEqual([{ rating: 1540, themes: ["pin"], deviation: 90 }]);

    const emptied = library((ask) => (ask.themes ? nothing : found(22)));
    expect(await loadPlanPuzzle(step, emptied.deps)).toEqual({ answer: found(22), kind: "new" });
    expect(emptied.asks.at(-1)).toEqual({ rating: 1540, deviation: 90 });
  });

  it("asks new puzzles, and anything once the plan is done, at the player's level", async () => {
    const fresh = library(() => found(31));
    const step: PlanStep = { kind: "new", done: 2, total: 8, rating: 1540 };
    expect(await loadPlanPuzzle(step, fresh.deps)).toEqual({ answer: found(31), kind: "new" });
    expect(await loadPlanPuzzle(null, fresh.deps)).toEqual({ answer: found(31), kind: null });
    expect(fresh.asks).toEqual([
      { rating: 1540, deviation: 90 },
      { rating: 1540, deviation: 90 },
    ]);
  });
});
