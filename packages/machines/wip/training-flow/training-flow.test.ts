import type { NextPosition, Position } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { selectAtEnd, selectCanGoPrevious, selectHintLevel, selectProgress } from "./selectors";
import { trainingFlowMachine } from "./training-flow.machine";
import type { TrainingFlowEmitted } from "./types";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
// Scholar's mate setup: White to move, Qxf7# wins at once.
const MATE_IN_ONE = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
// Back-rank: 1.Re8+ Rxe8 2.Rxe8#.
const TWO_MOVER = "3r2k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1";

function position(id: number, sequence: number, fen: string, extra: Partial<Position> = {}): Position {
  return {
    id,
    sequence_number: sequence,
    fen,
    description_en: "Find the best move",
    description_ar: null,
    explanation_en: "Because it works",
    explanation_ar: null,
    correct_moves: ["e2e4", "d2d4", "g1f3", "c2c4"],
    solution: [],
    difficulty: 1200,
    rating: null,
    tags: [],
    game_phase: "opening",
    themes: [],
    hints: {
      subtle_en: "s",
      subtle_ar: null,
      moderate_en: "m",
      moderate_ar: null,
      explicit_en: "e",
      explicit_ar: null,
    },
    game_metadata: {
      white: null,
      black: null,
      white_elo: null,
      black_elo: null,
      move_number: null,
      side_to_move: null,
      opening: "Italian Game",
      eco: null,
    },
    source: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

const p1 = position(1, 10, START);
const p2 = position(2, 20, AFTER_E4, { correct_moves: ["e7e5", "c7c5", "e7e6", "c7c6"] });
const p3 = position(3, 30, MATE_IN_ONE, { correct_moves: ["Qxf7#"], game_metadata: { ...p1.game_metadata, opening: "Sicilian Defense" } });
const byPhase = [p1, p2, p3];

function start(options: { failFirst?: number; replyDelayMs?: number } = {}) {
  let failures = options.failFirst ?? 0;
  const emitted: TrainingFlowEmitted[] = [];
  const next = (after: Position | undefined): NextPosition => {
    const index = byPhase.findIndex((p) => p === after);
    const position = byPhase[index + 1] ?? null;
    return { position, no_more_puzzles: position === null };
  };
  const machine = trainingFlowMachine.provide({
    actors: {
      loadFirst: fromPromise(async () => {
        if (failures-- > 0) throw new Error("down");
        return { position: p1, total: byPhase.length };
      }),
      loadNextByPhase: fromPromise(async ({ input }) => next(byPhase.find((p) => p.sequence_number === input.sequence))),
      loadNextById: fromPromise(async ({ input }) => next(byPhase.find((p) => p.id === input.id))),
      loadPreviousBySequence: fromPromise(async ({ input }) => {
        const before = byPhase.filter((p) => p.sequence_number < input.sequence).at(-1);
        if (!before) throw new Error("none");
        return before;
      }),
      loadById: fromPromise(async ({ input }) => {
        const found = byPhase.find((p) => p.id === input.id);
        if (!found) throw new Error("404");
        return found;
      }),
      loadByOpening: fromPromise(async ({ input }) => byPhase.filter((p) => p.game_metadata.opening === input.opening)),
    },
  });
  const actor = createActor(machine, { input: { phase: "opening", replyDelayMs: options.replyDelayMs ?? 0 } });
  actor.on("*", (e) => emitted.push(e as TrainingFlowEmitted));
  actor.start();
  return { actor, emitted };
}

const ready = (a: ReturnType<typeof start>["actor"]) => waitFor(a, (s) => s.matches("ready") && !s.matches({ ready: "routing" }));

describe("training flow machine (spec section 4)", () => {
  it("loads the first position of the phase", async () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe("loading");
    await ready(actor);
    expect(actor.getSnapshot().context.position?.id).toBe(1);
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 1, total: 3 });
    expect(selectCanGoPrevious(actor.getSnapshot())).toBe(false);
  });

  it("shows the load error and retries", async () => {
    const { actor } = start({ failFirst: 1 });
    await waitFor(actor, (s) => s.matches("error"));
    expect(actor.getSnapshot().context.error).toBe("Failed to load the first position");
    actor.send({ type: "training.retry" });
    await ready(actor);
    expect(actor.getSnapshot().context.position?.id).toBe(1);
  });

  it("a listed move is best (score 1); another legal move is a mistake (-0.5); an illegal one is refused", async () => {
    const { actor, emitted } = start();
    await ready(actor);
    actor.send({ type: "move.play", move: "a2a3" });
    expect(actor.getSnapshot().context.feedback).toMatchObject({ kind: "mistake", evaluation: "mistake", score: -0.5, move: "a3" });
    expect(actor.getSnapshot().context.fen).toBe(START);

    actor.send({ type: "move.play", move: "e2e5" });
    expect(actor.getSnapshot().context.feedback?.kind).toBe("invalid");

    actor.send({ type: "move.play", move: "Nf3" });
    expect(actor.getSnapshot().matches({ ready: "solved" })).toBe(true);
    expect(actor.getSnapshot().context.feedback).toMatchObject({ kind: "best", evaluation: "best", score: 1, move: "Nf3" });
    expect(emitted.filter((e) => e.type === "progress.move").map((e) => (e as { evaluation: string }).evaluation)).toEqual([
      "mistake",
      "best",
    ]);
  });

  it("Hint opens subtle, More Help climbs to explicit, a new position closes the card", async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: "hint.request" });
    expect(selectHintLevel(actor.getSnapshot())).toBe("subtle");
    actor.send({ type: "hint.more" });
    actor.send({ type: "hint.more" });
    expect(selectHintLevel(actor.getSnapshot())).toBe("explicit");
    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => s.context.position?.id === 2 && s.matches({ ready: "playing" }));
    expect(selectHintLevel(actor.getSnapshot())).toBe("none");
  });

  it("Reset restores the start position and clears feedback and hints", async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: "hint.request" });
    actor.send({ type: "move.play", move: "e4" });
    actor.send({ type: "training.reset" });
    expect(actor.getSnapshot().context.fen).toBe(START);
    expect(actor.getSnapshot().context.feedback).toBeNull();
    expect(actor.getSnapshot().context.moves).toEqual([]);
    expect(selectHintLevel(actor.getSnapshot())).toBe("none");
  });

  it("Show Answer plays the first correct move as best", async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: "training.showAnswer" });
    expect(actor.getSnapshot().context.feedback).toMatchObject({ kind: "answer", evaluation: "best", move: "e4" });
    expect(actor.getSnapshot().context.fen).toBe(AFTER_E4);
  });

  it("Next walks the phase, Previous steps back in the local list, Complete ends the module", async () => {
    const { actor, emitted } = start();
    await ready(actor);
    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => s.context.position?.id === 2 && s.matches("ready"));
    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => s.context.position?.id === 3 && s.matches("ready"));
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 3, total: 3 });

    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => selectAtEnd(s));
    expect(actor.getSnapshot().context.position?.id).toBe(3);

    actor.send({ type: "training.previous" });
    expect(actor.getSnapshot().context.position?.id).toBe(2);
    expect(selectAtEnd(actor.getSnapshot())).toBe(false);
    actor.send({ type: "training.next" });
    expect(actor.getSnapshot().context.position?.id).toBe(3);

    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => selectAtEnd(s));
    actor.send({ type: "training.complete" });
    expect(actor.getSnapshot().status).toBe("done");
    expect(emitted.some((e) => e.type === "progress.complete")).toBe(true);
  });

  it("Go by ID switches to puzzle-by-ID mode; a missing id says so", async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: "training.goToId", id: 2 });
    await waitFor(actor, (s) => s.context.position?.id === 2 && s.matches("ready"));
    expect(actor.getSnapshot().context.mode).toBe("byId");
    expect(actor.getSnapshot().context.notice).toEqual({ kind: "loaded-puzzle", id: 2 });

    actor.send({ type: "training.previous" });
    await waitFor(actor, (s) => s.context.position?.id === 1 && s.matches("ready"));
    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => s.context.position?.id === 2 && s.matches("ready"));

    actor.send({ type: "training.goToId", id: 99 });
    await waitFor(actor, (s) => s.context.notice?.kind === "puzzle-not-found");
    expect(actor.getSnapshot().context.position?.id).toBe(2);

    actor.send({ type: "training.goToId", id: 0 });
    expect(actor.getSnapshot().matches("navigating")).toBe(false);
  });

  it("the opening filter narrows the list and resets the index; an empty result says so", async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: "training.filter", opening: "Sicilian Defense" });
    await waitFor(actor, (s) => s.context.mode === "filter" && s.matches("ready"));
    expect(actor.getSnapshot().context.position?.id).toBe(3);
    expect(selectProgress(actor.getSnapshot())).toEqual({ current: 1, total: 1 });
    actor.send({ type: "training.next" });
    expect(selectAtEnd(actor.getSnapshot())).toBe(true);

    actor.send({ type: "training.filter", opening: "Ruy Lopez" });
    await waitFor(actor, (s) => s.context.notice?.kind === "no-positions-for-opening");

    actor.send({ type: "training.filter", opening: null });
    await ready(actor);
    expect(actor.getSnapshot().context.mode).toBe("phase");
    expect(actor.getSnapshot().context.position?.id).toBe(1);
  });

  it("multi-move puzzles: the opponent's reply is played after the player's correct move", async () => {
    const twoMover = position(9, 5, TWO_MOVER, {
      correct_moves: ["e2e8"],
      solution: ["e2e8", "d8e8", "e1e8"],
    });
    const machine = trainingFlowMachine.provide({
      actors: { loadFirst: fromPromise(async () => ({ position: twoMover, total: 1 })) },
    });
    const actor = createActor(machine, { input: { phase: "endgame", replyDelayMs: 0 } }).start();
    await ready(actor);
    actor.send({ type: "move.play", move: "Re8+" });
    await waitFor(actor, (s) => s.matches({ ready: "playing" }) && s.context.ply === 2);
    expect(actor.getSnapshot().context.moves.map((m) => m.san)).toEqual(["Re8+", "Rxe8"]);
    actor.send({ type: "move.play", move: "e1e8" });
    expect(actor.getSnapshot().matches({ ready: "solved" })).toBe(true);
    expect(actor.getSnapshot().context.moves.at(-1)?.san).toBe("Rxe8#");
  });
});
