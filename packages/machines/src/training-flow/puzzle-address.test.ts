import type { GamePhase, NextPosition, Position } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { chessRules } from "./chess-rules";
import { selectControls, selectMode, selectPosition, selectProgress } from "./selectors";
import { testPosition } from "./test-position";
import { trainingFlowMachine } from "./training-flow.machine";
import type { FirstLoad, FirstLoadInput, RatedLoadInput } from "./types";

/*
 * A puzzle's address (issue: a place for each puzzle): the flow starts at the puzzle the address names, in the
 * order it names, opens another on Back and Forward, and counts a switch to the phase's order from the puzzle's
 * real place.
 */

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Ten endgame puzzles, sequence numbers 10, 20, … 100, and one middle-game puzzle (id 50). */
const PHASE = Array.from({ length: 10 }, (_, i) =>
  testPosition(START, {
    id: i + 1,
    sequence_number: (i + 1) * 10,
    game_phase: "endgame",
    correct_moves: ["e2e4"],
  }),
);
const OTHER = testPosition(START, {
  id: 50,
  sequence_number: 55,
  game_phase: "middlegame",
  correct_moves: ["e2e4"],
});

function flow(input: { rated?: boolean; start?: number } = {}) {
  const firstInputs: FirstLoadInput[] = [];
  const byId = (id: number) => [...PHASE, OTHER].find((p) => p.id === id) ?? null;
  const after = (sequence: number): NextPosition => {
    const rest = PHASE.filter((p) => p.sequence_number > sequence);
    return { position: rest[0] ?? null, no_more_puzzles: rest.length <= 1 };
  };
  const machine = trainingFlowMachine.provide({
    actors: {
      // As the site's loader: the start puzzle at its place (or by id from another phase), else the first.
      loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async ({ input }) => {
        firstInputs.push(input);
        const start = input.start === null ? null : byId(input.start);
        if (start && start.game_phase !== "endgame") return { position: start, total: 10, byId: true };
        // By rating, the visit's earlier puzzles come along (the site keeps them for the tab).
        if (start && input.rated) return { position: start, total: 0, before: [OTHER, PHASE[1] as Position] };
        if (start) return { position: start, total: 10, place: PHASE.indexOf(start) + 1, before: [OTHER] };
        return input.rated
          ? { position: PHASE[6] ?? null, total: 0 }
          : { position: PHASE[0] ?? null, total: 10 };
      }),
      loadNextByPhase: fromPromise(async ({ input }: { input: { phase: GamePhase; sequence: number } }) =>
        after(input.sequence),
      ),
      loadNextRated: fromPromise<NextPosition, RatedLoadInput>(async () => ({
        position: PHASE[8] ?? null,
        no_more_puzzles: false,
      })),
      loadPreviousBySequence: fromPromise(async ({ input }: { input: { sequence: number } }) => {
        const before = PHASE.filter((p) => p.sequence_number < input.sequence).at(-1);
        if (!before) throw new Error("none");
        return before;
      }),
      loadNextById: fromPromise(async ({ input }: { input: { id: number } }) =>
        after(byId(input.id)?.sequence_number ?? 0),
      ),
    },
  });
  const actor = createActor(machine, {
    input: { phase: "endgame", rules: chessRules, replyDelayMs: 0, ...input },
  }).start();
  const ready = () => waitFor(actor, (s) => s.matches("ready"));
  return { actor, ready, firstInputs };
}

const shownId = (s: { context: { position: Position | null } }) => s.context.position?.id;

describe("a puzzle's address", () => {
  it("starts at the puzzle it names, counted from its place in the phase, and Previous steps back by sequence", async () => {
    const { actor, ready, firstInputs } = flow({ start: 4 });
    await ready();
    expect(firstInputs[0]?.start).toBe(4);
    expect(shownId(actor.getSnapshot())).toBe(4);
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 4, total: 10 });
    expect(selectControls(actor.getSnapshot()).previous).toBe(true);
    actor.send({ type: "training.previous" });
    await ready();
    expect(shownId(actor.getSnapshot())).toBe(3);
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 3, total: 10 });
  });

  it("starts at the puzzle in the order it names: at my level, no place shown, Previous through the visit's earlier ones", async () => {
    const { actor, ready } = flow({ start: 4, rated: true });
    await ready();
    expect(shownId(actor.getSnapshot())).toBe(4);
    expect(selectMode(actor.getSnapshot())).toBe("rated");
    expect(selectProgress(actor.getSnapshot())).toBeNull();
    expect(selectControls(actor.getSnapshot()).previous).toBe(true);
    actor.send({ type: "training.previous" });
    expect(shownId(actor.getSnapshot())).toBe(2);
    actor.send({ type: "training.previous" });
    expect(shownId(actor.getSnapshot())).toBe(50);
    expect(selectControls(actor.getSnapshot()).previous).toBe(false);
    actor.send({ type: "training.next" });
    actor.send({ type: "training.next" });
    expect(shownId(actor.getSnapshot())).toBe(4);
  });

  it("in the phase's order the earlier puzzles of a visit are not taken: Previous goes by sequence", async () => {
    const { actor, ready } = flow({ start: 4 });
    await ready();
    actor.send({ type: "training.previous" });
    await ready();
    expect(shownId(actor.getSnapshot())).toBe(3);
  });

  it("shows another phase's puzzle as Go to Puzzle by ID does, with no false place", async () => {
    const { actor, ready } = flow({ start: 50 });
    await ready();
    expect(shownId(actor.getSnapshot())).toBe(50);
    expect(selectMode(actor.getSnapshot())).toBe("byId");
    expect(selectProgress(actor.getSnapshot())).toBeNull();
  });

  it("each open is a first load of its own, at the puzzle it names", async () => {
    const { actor, ready, firstInputs } = flow({ start: 4 });
    await ready();
    actor.send({ type: "training.open", id: 7 });
    await ready();
    expect(firstInputs.map((input) => input.start)).toEqual([4, 7]);
    expect(shownId(actor.getSnapshot())).toBe(7);
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 7, total: 10 });
  });

  it("opens another puzzle (Back and Forward) in the current order and keeps the board meanwhile", async () => {
    const { actor, ready } = flow();
    await ready();
    actor.send({ type: "training.open", id: 9 });
    expect(selectPosition(actor.getSnapshot())?.id).toBe(1);
    await ready();
    expect(shownId(actor.getSnapshot())).toBe(9);
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 9, total: 10 });
    actor.send({ type: "training.open", id: 0 });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
  });
});

describe("switching order keeps a true counter", () => {
  it("after At my level, In order counts the shown puzzle from its place in the phase once it is found", async () => {
    const { actor, ready } = flow({ rated: true });
    await ready();
    actor.send({ type: "training.next" });
    await ready();
    expect(shownId(actor.getSnapshot())).toBe(9);
    actor.send({ type: "training.order", rated: false });
    actor.send({ type: "training.locate", id: 9, place: 9, total: 10 });
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 9, total: 10 });
    actor.send({ type: "training.next" });
    await ready();
    expect(shownId(actor.getSnapshot())).toBe(10);
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 10, total: 10 });
    actor.send({ type: "training.previous" });
    await ready();
    expect(shownId(actor.getSnapshot())).toBe(9);
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 9, total: 10 });
  });

  it("a place found for a puzzle no longer shown changes nothing", async () => {
    const { actor, ready } = flow({ rated: true });
    await ready();
    actor.send({ type: "training.order", rated: false });
    actor.send({ type: "training.locate", id: 3, place: 3, total: 10 });
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 1, total: 1 });
  });
});
