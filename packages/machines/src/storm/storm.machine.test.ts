import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { replayStorm, STORM_CLOCK_MS, type StormPuzzle } from "./rules";
import { stormClockLeft, stormRunMachine } from "./storm.machine";

const BACK_RANK: StormPuzzle = {
  id: 1,
  fen: "1r4k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",
  solution: ["d2d8", "b8d8", "d1d8"],
};
const MATE: StormPuzzle = { id: 2, fen: "6k1/5ppp/8/8/8/8/5PPP/R2R2K1 w - - 0 1", solution: ["d1d8"] };
const BLACK_MATE: StormPuzzle = { id: 3, fen: "3r2k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", solution: ["d8d1"] };

function started(puzzles: StormPuzzle[] = [BACK_RANK, MATE, BLACK_MATE]) {
  const actor = createActor(stormRunMachine).start();
  actor.send({ type: "LOADED", runId: "run", puzzles });
  actor.send({ type: "START" });
  return actor;
}

describe("stormRunMachine", () => {
  it("starts the clock with the first move and keeps the moves the server replays", () => {
    const actor = started();
    actor.send({ type: "TICK", now: 5_000 });
    expect(stormClockLeft(actor.getSnapshot().context, 5_000)).toBe(STORM_CLOCK_MS);
    actor.send({ type: "MOVE", uci: "d2d8", now: 10_000 });
    expect(actor.getSnapshot().context).toMatchObject({ reply: "b8d8", startedAt: 10_000 });
    actor.send({ type: "MOVE", uci: "d1d8", now: 11_500 });
    actor.send({ type: "MOVE", uci: "a1a2", now: 12_000 });
    const { context, value } = actor.getSnapshot();
    expect(value).toBe("playing");
    expect(context.flash).toMatchObject({ verdict: "wrong" });
    expect(context.moves).toEqual([
      { puzzleId: 1, uci: "d2d8", atMs: 0 },
      { puzzleId: 1, uci: "d1d8", atMs: 1500 },
      { puzzleId: 2, uci: "a1a2", atMs: 2000 },
    ]);
    expect(stormClockLeft(context, 12_000)).toBe(STORM_CLOCK_MS - 10_000 - 2000);
    actor.send({ type: "END", now: 15_000 });
    const over = actor.getSnapshot();
    expect(over.value).toBe("over");
    expect(over.context.endMs).toBe(5000);
    expect(replayStorm([BACK_RANK, MATE, BLACK_MATE], over.context.moves, 5000)).toMatchObject({
      ok: true,
      score: { score: 1, errors: 1, timeLeftMs: STORM_CLOCK_MS - 10_000 - 5000 },
    });
  });

  it("ends when the clock runs out, and when the last puzzle is done", () => {
    const actor = started();
    actor.send({ type: "MOVE", uci: "d2d8", now: 0 });
    actor.send({ type: "TICK", now: STORM_CLOCK_MS - 1 });
    expect(actor.getSnapshot().value).toBe("playing");
    actor.send({ type: "TICK", now: STORM_CLOCK_MS });
    expect(actor.getSnapshot()).toMatchObject({ value: "over", context: { endMs: STORM_CLOCK_MS } });

    const short = started([MATE]);
    short.send({ type: "MOVE", uci: "d1d8", now: 100 });
    expect(short.getSnapshot().value).toBe("over");
    short.send({ type: "RESET" });
    expect(short.getSnapshot()).toMatchObject({ value: "loading", context: { moves: [], runId: null } });
  });
});
