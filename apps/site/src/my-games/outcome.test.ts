import { isTurningPoint, winChance } from "@ct/chess";
import { describe, expect, it } from "vitest";
import { MISTAKE_RULE, runOutcome } from "./outcome";
import type { Run, RunGame } from "./store";

const game = (overrides: Partial<RunGame>): RunGame => ({
  index: 0,
  pgn: "",
  white: "Paul Morphy",
  black: "Duke Karl / Count Isouard",
  event: "Paris",
  date: "1858.??.??",
  result: "1-0",
  plies: 33,
  side: "black",
  status: "pending",
  ...overrides,
});
const run = (state: Run["state"], games: RunGame[]): Run => ({
  createdAt: "2026-11-28T08:00:00.000Z",
  state,
  games,
  problems: [],
  positions: 0,
  ms: 0,
});

/** Centipawns whose winning chance, as a percentage for the side they favour, is `percent`. */
const cpFor = (percent: number) => Math.log(percent / (100 - percent)) / 0.00368208;

describe("my games: what a run found", () => {
  it("states the mistake rule in the figures the generator really uses", () => {
    expect(MISTAKE_RULE).toEqual({ fromPercent: 35, toPercent: 20 });
    const percent = (cp: number) => 50 + 50 * winChance(cp);
    expect(percent(cpFor(35))).toBeCloseTo(35, 6);
    // From the player's 35% down to 20%: a mistake; from 35% to 21%, or from 34% down, not.
    const move = (from: number, to: number) =>
      isTurningPoint({ cp: cpFor(from) + 0.01 }, { cp: -cpFor(to) + 0.01 });
    expect(move(35, 20)).toBe(true);
    expect(move(35, 21)).toBe(false);
    expect(move(34, 5)).toBe(false);
    expect(isTurningPoint({ cp: 0 }, { mate: 3 })).toBe(true);
  });

  it("says why a finished run made no puzzle: no mistake, or no single answer", () => {
    const quiet = runOutcome(run("done", [game({ status: "done", puzzles: 0, mistakes: 0 })]));
    expect(quiet).toMatchObject({ analysed: 1, mistakes: 0, puzzles: 0, reason: "no-mistake" });
    expect(quiet.games.map((each) => each.white)).toEqual(["Paul Morphy"]);

    const unclear = runOutcome(
      run("done", [
        game({ status: "done", puzzles: 0, mistakes: 2 }),
        game({ index: 1, status: "failed", message: "bad move" }),
        game({ index: 2, side: null }),
      ]),
    );
    expect(unclear).toMatchObject({ analysed: 1, mistakes: 2, puzzles: 0, reason: "no-single-answer" });
    // The skipped game (no side) is not listed; the failed one is.
    expect(unclear.games.map((each) => each.index)).toEqual([0, 1]);

    expect(runOutcome(run("done", [game({ status: "failed", message: "x" })])).reason).toBe("not-analysed");
  });

  it("gives no reason while the run goes on, or when it made puzzles", () => {
    expect(runOutcome(run("running", [game({ status: "done", puzzles: 0, mistakes: 0 })])).reason).toBeNull();
    expect(runOutcome(run("paused", [game({})])).reason).toBeNull();
    const made = runOutcome(run("done", [game({ status: "done", puzzles: 1, mistakes: 1 })]));
    expect(made).toMatchObject({ puzzles: 1, reason: null });
    // Cancelled before any game finished: nothing to explain.
    expect(runOutcome(run("cancelled", [game({})])).reason).toBeNull();
    expect(
      runOutcome(run("cancelled", [game({ status: "done", puzzles: 0, mistakes: 0 }), game({ index: 1 })]))
        .reason,
    ).toBe("no-mistake");
  });
});
