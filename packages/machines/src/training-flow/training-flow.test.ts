import type { GamePhase, NextPosition, Position } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import type { AlternativeScores } from "./alternative";
import { type ChessRules, chessRules } from "./chess-rules";
import { noticeTextEn, TRAINING_MESSAGES_EN } from "./messages";
import {
  selectAtEnd,
  selectCanDismissError,
  selectCanGoToId,
  selectCanMoreHelp,
  selectCanMove,
  selectCanTryAgain,
  selectControls,
  selectExpectedMove,
  selectIsBusy,
  selectIsEmpty,
  selectIsModuleLoading,
  selectLastMove,
  selectLoadError,
  selectOrientation,
  selectProgress,
  selectShowsMoreHelp,
  selectTrainingHintLevel,
} from "./selectors";
import { testPosition } from "./test-position";
import { trainingFlowMachine } from "./training-flow.machine";
import type {
  AlternativeInput,
  FirstLoad,
  FirstLoadInput,
  RatedLoadInput,
  TrainingFlowEmitted,
  TrainingLoaders,
} from "./types";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/** White to move; Qxf7# mates at once. */
const MATE_IN_ONE = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
/** Back rank: 1.Re8+ Rxe8 2.Rxe8#. */
const TWO_MOVER = "3r2k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1";
const AFTER_RE8 = "3rR1k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 1 1";

function position(id: number, sequence: number, fen: string, extra: Partial<Position> = {}): Position {
  return testPosition(fen, {
    id,
    sequence_number: sequence,
    correct_moves: ["e2e4", "d2d4", "g1f3", "c2c4"],
    game_phase: "opening",
    game_metadata: { ...testPosition(fen).game_metadata, opening: "Italian Game" },
    ...extra,
  });
}

const meta = (opening: string) => ({ ...position(0, 0, START).game_metadata, opening });
const p1 = position(1, 10, START);
const p2 = position(2, 20, AFTER_E4, {
  correct_moves: ["e7e5", "c7c5", "e7e6", "c7c6"],
  game_metadata: meta("Sicilian Defense"),
});
const p3 = position(3, 30, MATE_IN_ONE, { correct_moves: ["Qxf7#"] });
const twoMover = position(9, 25, TWO_MOVER, {
  game_phase: "endgame",
  correct_moves: ["e2e8"],
  solution: ["e2e8", "d8e8", "e1e8"],
});
const ALL = [p1, p2, twoMover, p3];

type LoaderName = keyof TrainingLoaders;

/** An in-memory stand-in for the positions API, recording the calls and failing on demand. */
function fakeApi(positions: Position[] = ALL, first?: FirstLoad) {
  const calls: string[] = [];
  const failing = new Map<LoaderName, number>();
  const bySequence = [...positions].sort((a, b) => a.sequence_number - b.sequence_number);
  const inPhase = (phase: GamePhase) => bySequence.filter((p) => p.game_phase === phase);
  const after = (list: Position[], sequence: number): NextPosition => {
    const rest = list.filter((p) => p.sequence_number > sequence);
    return { position: rest[0] ?? null, no_more_puzzles: rest.length <= 1 };
  };
  const check = (name: LoaderName, call: string) => {
    calls.push(call);
    const left = failing.get(name) ?? 0;
    if (left > 0) {
      failing.set(name, left - 1);
      throw new Error(`${name} failed`);
    }
  };
  /** The library's choice, played simply: the first puzzle of the phase (any when null) with the themes, not shown yet. */
  const shown = new Set<number>();
  const pick = (input: RatedLoadInput): Position | null => {
    const found = bySequence.find(
      (p) =>
        (input.phase === null || p.game_phase === input.phase) &&
        input.themes.every((theme) => p.themes.includes(theme)) &&
        !shown.has(p.id),
    );
    if (found) shown.add(found.id);
    return found ?? null;
  };
  const actors = {
    loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async ({ input }) => {
      if (input.ids) {
        check("loadFirst", `first list ${input.ids.join(",")}`);
        const list = input.ids
          .map((id) => bySequence.find((p) => p.id === id))
          .filter((p): p is Position => p !== undefined);
        return { position: list[0] ?? null, total: list.length, list };
      }
      if (input.rated) {
        check("loadFirst", `first rated ${input.phase} ${input.themes.join(",")}`);
        const position = pick(input);
        return { position, total: 0, no_more_puzzles: position === null };
      }
      check("loadFirst", `first ${input.phase}`);
      const list = input.phase === null ? [] : inPhase(input.phase);
      return first ?? { position: list[0] ?? null, total: list.length };
    }),
    loadNextRated: fromPromise<NextPosition, RatedLoadInput>(async ({ input }) => {
      check("loadNextRated", `next rated ${input.phase} ${input.themes.join(",")}`);
      const position = pick(input);
      return { position, no_more_puzzles: position === null };
    }),
    loadNextByPhase: fromPromise<NextPosition, { phase: GamePhase; sequence: number }>(async ({ input }) => {
      check("loadNextByPhase", `next ${input.phase} ${input.sequence}`);
      return after(inPhase(input.phase), input.sequence);
    }),
    loadNextById: fromPromise<NextPosition, { id: number }>(async ({ input }) => {
      check("loadNextById", `next id ${input.id}`);
      const current = bySequence.find((p) => p.id === input.id);
      if (!current) throw new Error("404");
      return after(bySequence, current.sequence_number);
    }),
    loadPreviousBySequence: fromPromise<Position, { sequence: number }>(async ({ input }) => {
      check("loadPreviousBySequence", `previous ${input.sequence}`);
      const before = bySequence.filter((p) => p.sequence_number < input.sequence).at(-1);
      if (!before) throw new Error("404");
      return before;
    }),
    loadById: fromPromise<Position, { id: number }>(async ({ input }) => {
      check("loadById", `id ${input.id}`);
      const found = bySequence.find((p) => p.id === input.id);
      if (!found) throw new Error("404");
      return found;
    }),
    loadByOpening: fromPromise<Position[], { phase: GamePhase; opening: string }>(async ({ input }) => {
      check("loadByOpening", `opening ${input.phase} ${input.opening}`);
      return inPhase(input.phase).filter((p) => p.game_metadata.opening === input.opening);
    }),
  };
  return {
    actors,
    calls,
    fail: (name: LoaderName, times = 1) => {
      failing.set(name, times);
    },
  };
}

function start(
  options: {
    phase?: GamePhase | null;
    rated?: boolean;
    themes?: string[];
    ids?: number[];
    positions?: Position[];
    first?: FirstLoad;
    replyDelayMs?: number;
    /** The chess rules arrive when this promise resolves, instead of being given with the input. */
    rules?: Promise<ChessRules>;
    /** The engine's scores of a move off the line (left out: no engine, which leaves such a move a mistake). */
    engine?: (input: AlternativeInput) => Promise<AlternativeScores>;
  } = {},
) {
  const api = fakeApi(options.positions, options.first);
  const clock = new SimulatedClock();
  const emitted: TrainingFlowEmitted[] = [];
  const lateRules = options.rules;
  const machine = trainingFlowMachine.provide({
    actors: {
      ...api.actors,
      ...(lateRules
        ? { loadRules: fromPromise<ChessRules, { rules: ChessRules | null }>(() => lateRules) }
        : {}),
      ...(options.engine
        ? { scoreAlternative: fromPromise<AlternativeScores, AlternativeInput>(({ input }) => engine(input)) }
        : {}),
    },
  });
  const engine = options.engine ?? (() => Promise.reject(new Error("no engine")));
  const actor = createActor(machine, {
    input: {
      phase: options.phase === undefined ? "opening" : options.phase,
      ...(options.rated === undefined ? {} : { rated: options.rated }),
      ...(options.themes === undefined ? {} : { themes: options.themes }),
      ...(options.ids === undefined ? {} : { ids: options.ids }),
      now: () => clock.now(),
      ...(options.replyDelayMs === undefined ? {} : { replyDelayMs: options.replyDelayMs }),
      ...(lateRules ? {} : { rules: chessRules }),
    },
    clock,
  });
  actor.on("*", (event) => emitted.push(event as TrainingFlowEmitted));
  return { actor, api, clock, emitted, begin: () => actor.start() };
}

type Actor = ReturnType<typeof start>["actor"];
const snap = (actor: Actor) => actor.getSnapshot();
/** Waits until no load is running (loads are promises, resolved on the microtask queue). */
const settled = (actor: Actor) => waitFor(actor, (s) => !selectIsBusy(s), { timeout: 1000 });
/** Waits for the engine's verdict on a move off the line. */
const judged = (actor: Actor) => waitFor(actor, (s) => !s.matches({ ready: "checking" }), { timeout: 1000 });

async function started(options: Parameters<typeof start>[0] = {}) {
  const run = start(options);
  run.begin();
  await settled(run.actor);
  return run;
}

describe("training flow: loading and errors", () => {
  it("loads the first position of the phase and shows it ready to play", async () => {
    const run = start();
    run.begin();
    expect(snap(run.actor).value).toBe("loading");
    expect(selectIsModuleLoading(snap(run.actor))).toBe(true);
    expect(selectControls(snap(run.actor))).toEqual({
      previous: false,
      reset: false,
      hint: false,
      showAnswer: false,
      next: false,
      complete: false,
      atEnd: false,
    });
    await settled(run.actor);
    const s = snap(run.actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(run.api.calls).toEqual(["first opening"]);
    expect(s.context.position?.id).toBe(1);
    expect(s.context.fen).toBe(START);
    expect(s.context.mode).toBe("phase");
    expect(selectProgress(s)).toEqual({ current: 1, total: 3 });
    expect(selectOrientation(s)).toBe("white");
    expect(selectCanMove(s)).toBe(true);
    // At the first position: Previous disabled, the rest enabled, no Complete yet.
    expect(selectControls(s)).toEqual({
      previous: false,
      reset: true,
      hint: true,
      showAnswer: true,
      next: true,
      complete: false,
      atEnd: false,
    });
    expect(selectCanGoToId(s)).toBe(true);
  });

  it("a failed first load shows the error with 'Failed to load the first position'; Retry loads again", async () => {
    const run = start();
    run.api.fail("loadFirst");
    run.begin();
    await waitFor(run.actor, (s) => s.matches("error"), { timeout: 1000 });
    const s = snap(run.actor);
    expect(selectLoadError(s)).toBe("first");
    expect(TRAINING_MESSAGES_EN.loadError[selectLoadError(s) ?? "position"]).toBe(
      "Failed to load the first position",
    );
    expect(s.can({ type: "training.retry" })).toBe(true);
    expect(selectCanDismissError(s)).toBe(false);
    expect(s.can({ type: "training.next" })).toBe(false);

    run.actor.send({ type: "training.retry" });
    expect(snap(run.actor).value).toBe("loading");
    await settled(run.actor);
    expect(snap(run.actor).value).toEqual({ ready: "playing" });
    expect(selectLoadError(snap(run.actor))).toBeNull();
    expect(snap(run.actor).can({ type: "training.retry" })).toBe(false);
    expect(run.api.calls).toEqual(["first opening", "first opening"]);
  });

  it("a phase without positions is empty: 'No position available' and every button disabled", async () => {
    const { actor } = await started({ phase: "middlegame" });
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "empty" });
    expect(selectIsEmpty(s)).toBe(true);
    expect(selectProgress(s)).toEqual({ current: 0, total: 0 });
    expect(selectControls(s)).toEqual({
      previous: false,
      reset: false,
      hint: false,
      showAnswer: false,
      next: false,
      complete: false,
      atEnd: false,
    });
    expect(selectCanMove(s)).toBe(false);
  });

  it("the board follows the side to move", async () => {
    const { actor } = await started({ positions: [p2] });
    expect(selectOrientation(snap(actor))).toBe("black");
  });
});

describe("training flow: moves (the correctness rule)", () => {
  it("an illegal move says 'Invalid move. Please try a different move.' and changes nothing", async () => {
    const { actor, emitted } = await started();
    actor.send({ type: "move.play", move: "e2e5" });
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.feedback).toMatchObject({
      kind: "invalid",
      message: "invalid",
      evaluation: null,
      score: null,
    });
    expect(TRAINING_MESSAGES_EN.feedback.invalid).toBe("Invalid move. Please try a different move.");
    expect(s.context.fen).toBe(START);
    expect(s.context.moves).toEqual([]);
    expect(emitted).toEqual([]);
  });

  it("a legal move that is not listed is a mistake (-0.5) once the engine has not found it winning; the position stays", async () => {
    const { actor, emitted, clock } = await started();
    clock.increment(4200);
    actor.send({ type: "move.play", move: "a2a3" });
    // 'Checking your move…': nothing counts before the engine's verdict (here: no engine, so a mistake).
    expect(snap(actor).value).toEqual({ ready: "checking" });
    expect(snap(actor).context.feedback).toMatchObject({ kind: "checking", message: "checking", move: "a3" });
    expect(TRAINING_MESSAGES_EN.feedback.checking).toBe("Checking your move…");
    expect(selectCanMove(snap(actor))).toBe(false);
    expect(emitted).toEqual([]);
    clock.increment(800);
    await judged(actor);
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.feedback).toMatchObject({
      kind: "mistake",
      message: "mistake",
      evaluation: "mistake",
      score: -0.5,
      move: "a3",
      uci: "a2a3",
      fenBefore: START,
    });
    expect(s.context.fen).toBe(START);
    expect(s.context.moves).toEqual([]);
    expect(selectLastMove(s)).toBeNull();
    expect(emitted).toEqual([
      expect.objectContaining({
        type: "progress.move",
        move: "a2a3",
        san: "a3",
        evaluation: "mistake",
        timeSpentMs: 4200,
      }),
    ]);

    // The time of the next try counts from the mistake.
    clock.increment(1000);
    actor.send({ type: "move.play", move: "d4" });
    expect(emitted.at(-2)).toMatchObject({ type: "progress.move", evaluation: "best", timeSpentMs: 1000 });
  });

  it("a move whose standard notation matches a listed move (listed in coordinate form) is best and solves", async () => {
    const { actor, emitted } = await started();
    actor.send({ type: "move.play", move: "Nf3" });
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "solved" });
    expect(s.context.feedback).toMatchObject({
      kind: "best",
      message: "correct",
      evaluation: "best",
      score: 1,
      move: "Nf3",
    });
    expect(TRAINING_MESSAGES_EN.feedback.correct).toBe(
      "Excellent! This is the correct move. Click Next when you are ready to continue.",
    );
    expect(s.context.moves).toEqual([expect.objectContaining({ san: "Nf3", uci: "g1f3", by: "player" })]);
    expect(selectLastMove(s)).toEqual({ from: "g1", to: "f3" });
    expect(emitted.map((e) => e.type)).toEqual(["progress.move", "progress.solved"]);
    // Solved: the board takes no more moves, Hint and Show Answer are off; Reset and Next stay.
    expect(selectCanMove(s)).toBe(false);
    expect(s.can({ type: "move.play", move: "e7e5" })).toBe(false);
    expect(selectControls(s)).toMatchObject({ hint: false, showAnswer: false, reset: true, next: true });
  });

  it("a move in coordinate form matches a move listed in standard notation", async () => {
    const { actor } = await started({ positions: [p3] });
    actor.send({ type: "move.play", move: "h5f7" });
    expect(snap(actor).value).toEqual({ ready: "solved" });
    expect(snap(actor).context.feedback?.move).toBe("Qxf7#");
  });

  it("any mating move solves a mate in one, listed or not; another move is still a mistake", async () => {
    // Re8# and Qd8# both mate; only Re8 is listed.
    const twoMates = position(4, 40, "6k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1", { correct_moves: ["e1e8"] });
    const { actor } = await started({ positions: [twoMates] });
    actor.send({ type: "move.play", move: "d1d8" });
    expect(snap(actor).value).toEqual({ ready: "solved" });
    expect(snap(actor).context.feedback?.move).toBe("Qd8#");

    const again = await started({ positions: [twoMates] });
    again.actor.send({ type: "move.play", move: "d1d5" });
    await judged(again.actor);
    expect(snap(again.actor).context.feedback?.kind).toBe("mistake");
  });
});

describe("training flow: Reset, hints, Show Answer", () => {
  it("Hint opens subtle, More Help climbs to explicit where it is hidden; each step is emitted", async () => {
    const { actor, emitted } = await started();
    expect(selectShowsMoreHelp(snap(actor))).toBe(false);
    expect(selectCanMoreHelp(snap(actor))).toBe(false);

    actor.send({ type: "hint.request" });
    expect(selectTrainingHintLevel(snap(actor))).toBe("subtle");
    expect(selectControls(snap(actor)).hint).toBe(false);
    expect(selectShowsMoreHelp(snap(actor))).toBe(true);

    actor.send({ type: "hint.more" });
    expect(selectTrainingHintLevel(snap(actor))).toBe("moderate");
    // Moderate shows the target square of the first correct move; explicit shows the move itself.
    expect(selectExpectedMove(snap(actor))).toEqual({ san: "e4", uci: "e2e4", from: "e2", to: "e4" });

    actor.send({ type: "hint.more" });
    expect(selectTrainingHintLevel(snap(actor))).toBe("explicit");
    expect(selectShowsMoreHelp(snap(actor))).toBe(false);
    expect(snap(actor).can({ type: "hint.more" })).toBe(false);
    expect(snap(actor).context.hintRequests).toBe(3);
    expect(emitted.map((e) => (e.type === "progress.hint" ? e.level : e.type))).toEqual([
      "subtle",
      "moderate",
      "explicit",
    ]);

    // The explicit hint's button plays the move.
    actor.send({ type: "move.play", move: selectExpectedMove(snap(actor))?.uci ?? "" });
    expect(snap(actor).value).toEqual({ ready: "solved" });
    expect(selectExpectedMove(snap(actor))).toBeNull();
  });

  it("Reset restores the starting position and clears feedback and hints", async () => {
    const { actor } = await started();
    actor.send({ type: "hint.request" });
    actor.send({ type: "hint.more" });
    actor.send({ type: "move.play", move: "e4" });
    expect(snap(actor).value).toEqual({ ready: "solved" });
    actor.send({ type: "training.reset" });
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.fen).toBe(START);
    expect(s.context.moves).toEqual([]);
    expect(s.context.feedback).toBeNull();
    expect(selectTrainingHintLevel(s)).toBe("none");
    expect(selectControls(s).hint).toBe(true);
  });

  it("Show Answer plays the first correct move and records it as best: 'This is the correct move.'", async () => {
    const { actor, emitted } = await started();
    actor.send({ type: "training.showAnswer" });
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "solved" });
    expect(s.context.fen).toBe(AFTER_E4);
    expect(s.context.feedback).toMatchObject({
      kind: "best",
      message: "answer",
      evaluation: "best",
      move: "e4",
    });
    expect(TRAINING_MESSAGES_EN.feedback.answer).toBe("This is the correct move.");
    expect(emitted[0]).toMatchObject({
      type: "progress.move",
      move: "e2e4",
      evaluation: "best",
      answer: true,
    });
    expect(s.can({ type: "training.showAnswer" })).toBe(false);
  });
});

describe("training flow: phase navigation and Complete", () => {
  it("Next asks by phase and sequence; Previous steps back locally; Next becomes Complete; Complete finishes", async () => {
    const { actor, api, emitted } = await started();
    actor.send({ type: "training.next" });
    expect(snap(actor).value).toEqual({ navigating: "nextByPhase" });
    expect(selectIsBusy(snap(actor))).toBe(true);
    expect(selectControls(snap(actor))).toMatchObject({
      previous: false,
      next: false,
      reset: false,
      hint: false,
    });
    expect(selectCanGoToId(snap(actor))).toBe(false);
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(2);
    expect(selectProgress(snap(actor))).toEqual({ current: 2, total: 3 });
    expect(selectControls(snap(actor))).toMatchObject({ previous: true, next: true, complete: false });

    actor.send({ type: "hint.request" });
    actor.send({ type: "training.next" });
    await settled(actor);
    let s = snap(actor);
    expect(s.context.position?.id).toBe(3);
    expect(selectTrainingHintLevel(s)).toBe("none");
    expect(selectProgress(s)).toEqual({ current: 3, total: 3 });
    // The answer said no_more_puzzles together with the last position: Next becomes Complete on it.
    expect(selectAtEnd(s)).toBe(true);
    expect(selectControls(s)).toMatchObject({ next: false, complete: true, atEnd: true });
    expect(api.calls).toEqual(["first opening", "next opening 10", "next opening 20"]);

    actor.send({ type: "training.previous" });
    s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.position?.id).toBe(2);
    expect(selectAtEnd(s)).toBe(false);
    actor.send({ type: "training.previous" });
    expect(snap(actor).context.position?.id).toBe(1);
    expect(selectControls(snap(actor)).previous).toBe(false);
    actor.send({ type: "training.previous" });
    expect(snap(actor).context.position?.id).toBe(1);

    actor.send({ type: "training.next" });
    actor.send({ type: "training.next" });
    expect(snap(actor).context.position?.id).toBe(3);
    expect(selectAtEnd(snap(actor))).toBe(true);
    expect(api.calls).toHaveLength(3);

    actor.send({ type: "training.next" });
    expect(snap(actor).context.position?.id).toBe(3);
    actor.send({ type: "training.complete" });
    expect(snap(actor).status).toBe("done");
    expect(snap(actor).value).toBe("complete");
    expect(emitted.at(-1)).toEqual({ type: "progress.complete", phase: "opening" });
  });

  it("an answer without a position also ends the list: Next becomes Complete on the current one", async () => {
    const { actor } = await started({ first: { position: p1, total: 0 }, positions: [p1] });
    expect(selectAtEnd(snap(actor))).toBe(false);
    actor.send({ type: "training.next" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(1);
    expect(selectControls(snap(actor))).toMatchObject({ next: false, complete: true });
  });

  it("a single-position phase offers Complete at once", async () => {
    const { actor } = await started({ positions: [p1] });
    expect(selectControls(snap(actor))).toMatchObject({ next: false, complete: true });
  });

  it("Complete is refused before the end", async () => {
    const { actor } = await started();
    expect(snap(actor).can({ type: "training.complete" })).toBe(false);
    actor.send({ type: "training.complete" });
    expect(snap(actor).status).toBe("active");
  });

  it("a failed Next shows 'Failed to load the next position'; Retry asks again from the same position", async () => {
    const { actor, api } = await started();
    api.fail("loadNextByPhase");
    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => s.matches("error"), { timeout: 1000 });
    expect(selectLoadError(snap(actor))).toBe("next");
    expect(TRAINING_MESSAGES_EN.loadError.next).toBe("Failed to load the next position");
    actor.send({ type: "training.retry" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(2);
    expect(api.calls).toEqual(["first opening", "next opening 10", "next opening 10"]);
  });

  it("the error screen can go back to the position it left", async () => {
    const { actor, api } = await started();
    actor.send({ type: "move.play", move: "a3" });
    await judged(actor);
    api.fail("loadNextByPhase");
    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => s.matches("error"), { timeout: 1000 });
    expect(selectCanDismissError(snap(actor))).toBe(true);
    actor.send({ type: "training.dismissError" });
    expect(snap(actor).value).toEqual({ ready: "playing" });
    expect(snap(actor).context.position?.id).toBe(1);
    expect(snap(actor).context.feedback?.kind).toBe("mistake");
  });
});

describe("training flow: puzzle-by-ID mode", () => {
  it("Go by ID loads the puzzle, switches mode and says 'Loaded puzzle #{id}'", async () => {
    const { actor } = await started();
    actor.send({ type: "training.goToId", id: 9 });
    expect(snap(actor).value).toEqual({ navigating: "byId" });
    await settled(actor);
    const s = snap(actor);
    expect(s.context.mode).toBe("byId");
    expect(s.context.position?.id).toBe(9);
    expect(s.context.notice).toEqual({ kind: "loaded-puzzle", id: 9 });
    expect(noticeTextEn({ kind: "loaded-puzzle", id: 9 })).toBe("Loaded puzzle #9");
    expect(selectProgress(s)).toBeNull();
    // By ID, Previous asks the server even for the first puzzle loaded.
    expect(selectControls(s)).toMatchObject({ previous: true, next: true, complete: false });
  });

  it("Previous uses the previous-by-sequence call, Next the next-by-id call", async () => {
    const { actor, api } = await started();
    actor.send({ type: "training.goToId", id: 9 });
    await settled(actor);
    actor.send({ type: "training.previous" });
    expect(snap(actor).value).toEqual({ navigating: "previous" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(2);
    expect(snap(actor).context.mode).toBe("byId");
    expect(snap(actor).context.notice).toBeNull();

    actor.send({ type: "training.next" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(9);
    actor.send({ type: "training.next" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(3);
    // no_more_puzzles came with the last one: Complete.
    expect(selectControls(snap(actor))).toMatchObject({ next: false, complete: true });
    expect(api.calls.slice(2)).toEqual(["previous 25", "next id 2", "next id 9"]);
  });

  it("Previous before the first puzzle fails with 'Failed to load the previous position'", async () => {
    const { actor } = await started();
    actor.send({ type: "training.goToId", id: 1 });
    await settled(actor);
    actor.send({ type: "training.previous" });
    await waitFor(actor, (s) => s.matches("error"), { timeout: 1000 });
    expect(selectLoadError(snap(actor))).toBe("previous");
    expect(TRAINING_MESSAGES_EN.loadError.previous).toBe("Failed to load the previous position");
    actor.send({ type: "training.dismissError" });
    expect(snap(actor).context.position?.id).toBe(1);
  });

  it("a failed next-by-id shows the next-position error and retries the same call", async () => {
    const { actor, api } = await started();
    actor.send({ type: "training.goToId", id: 2 });
    await settled(actor);
    api.fail("loadNextById");
    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => s.matches("error"), { timeout: 1000 });
    expect(selectLoadError(snap(actor))).toBe("next");
    actor.send({ type: "training.retry" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(9);
    expect(api.calls.slice(-2)).toEqual(["next id 2", "next id 2"]);
  });

  it("an unknown id says 'Puzzle not found.' and keeps the board as it was", async () => {
    const { actor } = await started();
    actor.send({ type: "move.play", move: "e4" });
    actor.send({ type: "training.goToId", id: 99 });
    await settled(actor);
    const s = snap(actor);
    expect(s.context.notice).toEqual({ kind: "puzzle-not-found" });
    expect(noticeTextEn({ kind: "puzzle-not-found" })).toBe("Puzzle not found.");
    expect(s.value).toEqual({ ready: "solved" });
    expect(s.context.position?.id).toBe(1);
    expect(s.context.mode).toBe("phase");
    expect(s.context.fen).toBe(AFTER_E4);
  });

  it("refuses ids that are not whole numbers from 1", async () => {
    const { actor } = await started();
    for (const id of [0, -3, 1.5, Number.NaN]) {
      expect(snap(actor).can({ type: "training.goToId", id })).toBe(false);
    }
  });
});

describe("training flow: opening filter", () => {
  it("narrows to positions whose opening equals it and resets the index", async () => {
    const { actor, api } = await started();
    actor.send({ type: "training.next" });
    await settled(actor);
    actor.send({ type: "training.filter", opening: "Italian Game" });
    expect(snap(actor).value).toEqual({ navigating: "filter" });
    await settled(actor);
    let s = snap(actor);
    expect(s.context.mode).toBe("filter");
    expect(s.context.opening).toBe("Italian Game");
    expect(s.context.list.map((p) => p.id)).toEqual([1, 3]);
    expect(s.context.position?.id).toBe(1);
    expect(selectProgress(s)).toEqual({ current: 1, total: 2 });
    expect(selectControls(s)).toMatchObject({ previous: false, next: true, complete: false });

    actor.send({ type: "training.next" });
    s = snap(actor);
    expect(s.context.position?.id).toBe(3);
    expect(selectProgress(s)).toEqual({ current: 2, total: 2 });
    expect(selectControls(s)).toMatchObject({ previous: true, next: false, complete: true });
    actor.send({ type: "training.previous" });
    expect(snap(actor).context.position?.id).toBe(1);
    expect(api.calls.at(-1)).toBe("opening opening Italian Game");
  });

  it("an empty result says 'No positions found for this opening'", async () => {
    const { actor } = await started();
    actor.send({ type: "training.filter", opening: "Ruy Lopez" });
    await settled(actor);
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "empty" });
    expect(s.context.opening).toBe("Ruy Lopez");
    expect(s.context.notice).toEqual({ kind: "no-positions-for-opening", opening: "Ruy Lopez" });
    expect(noticeTextEn({ kind: "no-positions-for-opening", opening: "Ruy Lopez" })).toBe(
      "No positions found for this opening",
    );
    expect(selectProgress(s)).toEqual({ current: 0, total: 0 });
    expect(selectControls(s)).toMatchObject({ previous: false, next: false, complete: false, reset: false });
  });

  it("All Openings (null) or Clear Filter returns to phase navigation from the first position", async () => {
    const { actor, api } = await started();
    expect(snap(actor).can({ type: "training.filter", opening: null })).toBe(false);
    actor.send({ type: "training.filter", opening: "Sicilian Defense" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(2);
    actor.send({ type: "training.filter", opening: null });
    expect(snap(actor).value).toBe("loading");
    expect(selectIsModuleLoading(snap(actor))).toBe(false);
    await settled(actor);
    const s = snap(actor);
    expect(s.context.mode).toBe("phase");
    expect(s.context.opening).toBeNull();
    expect(s.context.position?.id).toBe(1);
    expect(selectProgress(s)).toEqual({ current: 1, total: 3 });
    expect(api.calls.at(-1)).toBe("first opening");

    actor.send({ type: "training.goToId", id: 2 });
    await settled(actor);
    actor.send({ type: "training.filter", opening: "" });
    await settled(actor);
    expect(snap(actor).context.mode).toBe("phase");
  });

  it("a failed filter load shows 'Failed to load position' and Retry filters again", async () => {
    const { actor, api } = await started();
    api.fail("loadByOpening");
    actor.send({ type: "training.filter", opening: "Sicilian Defense" });
    await waitFor(actor, (s) => s.matches("error"), { timeout: 1000 });
    expect(selectLoadError(snap(actor))).toBe("position");
    expect(TRAINING_MESSAGES_EN.loadError.position).toBe("Failed to load position");
    actor.send({ type: "training.retry" });
    await settled(actor);
    expect(snap(actor).context.mode).toBe("filter");
    expect(snap(actor).context.position?.id).toBe(2);
  });
});

describe("training flow: puzzles by rating", () => {
  const forks = [
    position(11, 110, START, { themes: ["fork"], game_phase: "middlegame" }),
    position(12, 120, AFTER_E4, { themes: ["pin"], game_phase: "middlegame", correct_moves: ["e7e5"] }),
    position(13, 130, MATE_IN_ONE, {
      themes: ["fork", "mateIn1"],
      game_phase: "endgame",
      correct_moves: ["Qxf7#"],
    }),
  ];

  it("a theme's set (no phase) is rated from the start: every load is the library's choice with the theme", async () => {
    const { actor, api } = await started({ phase: null, themes: ["fork"], positions: forks });
    let s = snap(actor);
    expect(s.context.mode).toBe("rated");
    expect(s.context.position?.id).toBe(11);
    // No place in a list: the task shows the puzzle's id.
    expect(selectProgress(s)).toBeNull();
    expect(selectControls(s)).toMatchObject({ next: true, previous: false, complete: false });

    actor.send({ type: "training.next" });
    expect(snap(actor).value).toEqual({ navigating: "nextRated" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(13);
    // Previous steps back through what was shown, without asking the server.
    actor.send({ type: "training.previous" });
    expect(snap(actor).context.position?.id).toBe(11);
    actor.send({ type: "training.next" });
    expect(snap(actor).context.position?.id).toBe(13);
    // Nothing left with the theme: Next becomes Complete.
    actor.send({ type: "training.next" });
    await settled(actor);
    s = snap(actor);
    expect(s.context.position?.id).toBe(13);
    expect(selectAtEnd(s)).toBe(true);
    expect(api.calls).toEqual(["first rated null fork", "next rated null fork", "next rated null fork"]);
    // A theme's set has no phase order to switch to.
    actor.send({ type: "training.order", rated: false });
    expect(snap(actor).context.mode).toBe("rated");
  });

  it("a module switches to by-rating from the next puzzle on, and back to its order from the current number", async () => {
    const positions = [...forks, position(14, 140, START, { game_phase: "middlegame" })];
    const { actor, api } = await started({ phase: "middlegame", positions });
    expect(snap(actor).context.mode).toBe("phase");
    actor.send({ type: "training.order", rated: true });
    let s = snap(actor);
    expect(s.context).toMatchObject({ mode: "rated", rated: true });
    expect(s.context.position?.id).toBe(11);
    actor.send({ type: "training.next" });
    await settled(actor);
    // The fake library gives the first middlegame puzzle not shown by it yet.
    expect(snap(actor).context.position?.id).toBe(11);
    actor.send({ type: "training.order", rated: false });
    expect(snap(actor).context.mode).toBe("phase");
    actor.send({ type: "training.next" });
    await settled(actor);
    s = snap(actor);
    expect(s.context.position?.id).toBe(12);
    expect(api.calls).toEqual(["first middlegame", "next rated middlegame ", "next middlegame 110"]);
  });

  it("a module can start by rating; a failed rated load is retried by Retry", async () => {
    const { actor, api } = await started({ phase: "middlegame", rated: true, positions: forks });
    expect(snap(actor).context.mode).toBe("rated");
    expect(snap(actor).context.position?.id).toBe(11);
    api.fail("loadNextRated");
    actor.send({ type: "training.next" });
    await waitFor(actor, (s) => s.matches("error"), { timeout: 1000 });
    expect(selectLoadError(snap(actor))).toBe("next");
    actor.send({ type: "training.retry" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(12);
  });
});

describe("training flow: Complete with an opening filter", () => {
  it("finishes that opening's set only: the module goes on and says so", async () => {
    const positions = [p1, position(4, 40, START, { game_metadata: meta("Sicilian Defense") }), p2];
    const { actor, emitted } = await started({ positions });
    actor.send({ type: "training.filter", opening: "Sicilian Defense" });
    await settled(actor);
    actor.send({ type: "training.next" });
    expect(selectAtEnd(snap(actor))).toBe(true);
    actor.send({ type: "training.complete" });
    const s = snap(actor);
    expect(s.status).toBe("active");
    expect(s.context.notice).toEqual({ kind: "opening-complete", opening: "Sicilian Defense", count: 2 });
    expect(noticeTextEn(s.context.notice as never)).toBe(
      "Sicilian Defense: all 2 positions done. Choose another opening or clear the filter.",
    );
    expect(emitted.some((event) => event.type === "progress.complete")).toBe(false);
    // Clearing the filter goes back to the whole module.
    actor.send({ type: "training.filter", opening: null });
    await settled(actor);
    expect(snap(actor).context.mode).toBe("phase");
  });
});

describe("training flow: resuming a module", () => {
  it("starts at the place the loader gives, counts from there, and Previous fetches the positions before it", async () => {
    const { actor, api } = await started({
      phase: "opening",
      first: { position: p2, total: 3, place: 2 },
    });
    let s = snap(actor);
    expect(s.context.position?.id).toBe(2);
    expect(selectProgress(s)).toEqual({ current: 2, total: 3 });
    expect(selectControls(s)).toMatchObject({ previous: true, next: true });
    actor.send({ type: "training.previous" });
    expect(snap(actor).value).toEqual({ navigating: "previousInPhase" });
    await settled(actor);
    s = snap(actor);
    expect(s.context.position?.id).toBe(1);
    expect(s.context.mode).toBe("phase");
    expect(selectProgress(s)).toEqual({ current: 1, total: 3 });
    expect(selectControls(s).previous).toBe(false);
    // Next steps forward through what is already listed.
    actor.send({ type: "training.next" });
    expect(snap(actor).context.position?.id).toBe(2);
    expect(selectProgress(snap(actor))).toEqual({ current: 2, total: 3 });
    expect(api.calls).toEqual(["first opening", "previous 20"]);
  });
});

describe("training flow: a fixed list (review)", () => {
  it("trains exactly the listed puzzles that exist, in order, and ends with Complete", async () => {
    const { actor, api, emitted } = await started({ phase: null, ids: [3, 404, 1] });
    let s = snap(actor);
    expect(s.context).toMatchObject({ mode: "list", rated: false, total: 2 });
    expect(s.context.position?.id).toBe(3);
    expect(selectProgress(s)).toEqual({ current: 1, total: 2 });
    actor.send({ type: "training.order", rated: true });
    expect(snap(actor).context.mode).toBe("list");
    actor.send({ type: "training.next" });
    s = snap(actor);
    expect(s.context.position?.id).toBe(1);
    expect(selectAtEnd(s)).toBe(true);
    actor.send({ type: "training.complete" });
    expect(snap(actor).status).toBe("done");
    expect(emitted.at(-1)).toEqual({ type: "progress.complete", phase: null });
    expect(api.calls).toEqual(["first list 3,404,1"]);
  });

  it("an empty list shows no position", async () => {
    const { actor } = await started({ phase: null, ids: [] });
    expect(selectIsEmpty(snap(actor))).toBe(true);
  });
});

describe("training flow: multi-move puzzles", () => {
  it("solves a multi-move line cleanly only on its last move, first try, without hints", async () => {
    const { actor, clock, emitted } = await started({ phase: "endgame" });
    actor.send({ type: "move.play", move: "Re8+" });
    expect(snap(actor).context.solved).toBe(false);
    clock.increment(300);
    actor.send({ type: "move.play", move: "e1e8" });
    const s = snap(actor);
    expect(s.context.feedback).toMatchObject({ message: "correct" });
    expect(emitted.at(-1)).toMatchObject({ type: "progress.solved", outcome: "clean" });
  });

  it("counts Show Answer as failed, even when the player plays the rest, and Reset keeps it so", async () => {
    const { actor, clock, emitted } = await started({ phase: "endgame" });
    actor.send({ type: "training.showAnswer" });
    expect(snap(actor).context.feedback).toMatchObject({ message: "answer" });
    clock.increment(300);
    actor.send({ type: "training.reset" });
    expect(snap(actor).context.revealed).toBe(true);
    actor.send({ type: "move.play", move: "Re8+" });
    clock.increment(300);
    actor.send({ type: "move.play", move: "e1e8" });
    expect(snap(actor).context.feedback).toMatchObject({ message: "helped" });
    expect(emitted.at(-1)).toMatchObject({ type: "progress.solved", outcome: "failed" });
  });

  it("Try again replays a missed puzzle as a fresh try: a clean solve counts as clean", async () => {
    const { actor, clock, emitted } = await started({ phase: "endgame" });
    expect(selectCanTryAgain(snap(actor))).toBe(false);
    actor.send({ type: "training.showAnswer" });
    clock.increment(300);
    clock.increment(300);
    expect(snap(actor).value).toEqual({ ready: "solved" });
    expect(emitted.at(-1)).toMatchObject({ type: "progress.solved", outcome: "failed" });
    expect(selectCanTryAgain(snap(actor))).toBe(true);
    actor.send({ type: "training.again" });
    expect(snap(actor).value).toEqual({ ready: "playing" });
    expect(snap(actor).context).toMatchObject({ revealed: false, helped: false, moves: [], fen: TWO_MOVER });
    actor.send({ type: "move.play", move: "Re8+" });
    clock.increment(300);
    actor.send({ type: "move.play", move: "e1e8" });
    expect(snap(actor).context.feedback).toMatchObject({ message: "correct" });
    expect(emitted.at(-1)).toMatchObject({ type: "progress.solved", outcome: "clean" });
    // A clean solve has nothing to try again.
    expect(selectCanTryAgain(snap(actor))).toBe(false);
  });

  it("plays the opponent's reply after the move animation; the last player move solves", async () => {
    const { actor, clock, emitted } = await started({ phase: "endgame" });
    expect(snap(actor).context.replyDelayMs).toBe(300);
    actor.send({ type: "hint.request" });
    actor.send({ type: "move.play", move: "Re8+" });
    let s = snap(actor);
    expect(s.value).toEqual({ ready: "replying" });
    expect(s.context.fen).toBe(AFTER_RE8);
    expect(s.context.feedback).toMatchObject({ kind: "best", message: "continue", score: 1 });
    expect(selectTrainingHintLevel(s)).toBe("none");
    expect(selectCanMove(s)).toBe(false);
    expect(selectControls(s)).toMatchObject({ hint: false, showAnswer: false, reset: true });

    clock.increment(299);
    expect(snap(actor).value).toEqual({ ready: "replying" });
    clock.increment(1);
    s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.moves.map((m) => `${m.by}:${m.san}`)).toEqual(["player:Re8+", "opponent:Rxe8"]);
    expect(selectLastMove(s)).toEqual({ from: "d8", to: "e8" });
    expect(selectExpectedMove(s)?.san).toBe("Rxe8#");

    // A wrong move later in the line is a mistake; the position stays.
    const fen = s.context.fen;
    actor.send({ type: "move.play", move: "h2h3" });
    await judged(actor);
    expect(snap(actor).context.feedback?.kind).toBe("mistake");
    expect(snap(actor).context.fen).toBe(fen);

    actor.send({ type: "move.play", move: "e1e8" });
    s = snap(actor);
    expect(s.value).toEqual({ ready: "solved" });
    // A hint and a mistake on the way: solved with help, so no "Excellent".
    expect(s.context.feedback).toMatchObject({ kind: "best", message: "helped", move: "Rxe8#" });
    expect(s.context.moves.map((m) => m.san)).toEqual(["Re8+", "Rxe8", "Rxe8#"]);
    expect(emitted.at(-1)).toMatchObject({ type: "progress.solved", outcome: "helped" });
    expect(emitted.map((e) => (e.type === "progress.move" ? `${e.type}:${e.evaluation}` : e.type))).toEqual([
      "progress.hint",
      "progress.move:best",
      "progress.move:mistake",
      "progress.move:best",
      "progress.solved",
    ]);
  });

  it("Show Answer plays the whole line in one click: each reply, then the next answer move", async () => {
    const { actor, clock } = await started({ phase: "endgame", replyDelayMs: 50 });
    actor.send({ type: "training.showAnswer" });
    expect(snap(actor).value).toEqual({ ready: "replying" });
    expect(snap(actor).context.feedback).toMatchObject({ message: "answer", move: "Re8+" });
    clock.increment(50);
    expect(snap(actor).value).toEqual({ ready: "answering" });
    expect(selectCanMove(snap(actor))).toBe(false);
    clock.increment(50);
    expect(snap(actor).value).toEqual({ ready: "solved" });
    expect(snap(actor).context.feedback).toMatchObject({ message: "answer", move: "Rxe8#" });
    expect(snap(actor).context.moves.map((m) => m.san)).toEqual(["Re8+", "Rxe8", "Rxe8#"]);
  });

  it("Reset while the reply is pending cancels it", async () => {
    const { actor, clock } = await started({ phase: "endgame" });
    actor.send({ type: "move.play", move: "e2e8" });
    actor.send({ type: "training.reset" });
    clock.increment(1000);
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.fen).toBe(TWO_MOVER);
    expect(s.context.moves).toEqual([]);
  });

  it("a failed Go by ID during the reply comes back and still plays it", async () => {
    const { actor, clock } = await started({ phase: "endgame" });
    actor.send({ type: "move.play", move: "e2e8" });
    actor.send({ type: "training.goToId", id: 99 });
    await settled(actor);
    expect(snap(actor).value).toEqual({ ready: "replying" });
    clock.increment(300);
    expect(snap(actor).context.moves.map((m) => m.san)).toEqual(["Re8+", "Rxe8"]);
    expect(snap(actor).value).toEqual({ ready: "playing" });
  });

  it("a line that ends with the opponent's move is solved once the reply is played", async () => {
    const short = position(9, 25, TWO_MOVER, { game_phase: "endgame", solution: ["e2e8", "d8e8"] });
    const { actor, clock, emitted } = await started({ phase: "endgame", positions: [short] });
    actor.send({ type: "move.play", move: "e2e8" });
    expect(snap(actor).value).toEqual({ ready: "replying" });
    clock.increment(300);
    expect(snap(actor).value).toEqual({ ready: "solved" });
    expect(emitted.filter((e) => e.type === "progress.solved")).toHaveLength(1);
  });

  it("another listed correct first move is still correct and solves (the line cannot go on)", async () => {
    const alternative = position(9, 25, TWO_MOVER, {
      game_phase: "endgame",
      correct_moves: ["e2e8", "h2h4"],
      solution: ["e2e8", "d8e8", "e1e8"],
    });
    const { actor } = await started({ phase: "endgame", positions: [alternative] });
    actor.send({ type: "move.play", move: "h4" });
    expect(snap(actor).value).toEqual({ ready: "solved" });
    expect(snap(actor).context.feedback).toMatchObject({ kind: "best", message: "correct" });
  });

  it("a one-move solution behaves as a single-move puzzle (any listed correct move)", async () => {
    const single = position(1, 10, START, { solution: ["e2e4"] });
    const { actor } = await started({ positions: [single] });
    actor.send({ type: "move.play", move: "c4" });
    expect(snap(actor).value).toEqual({ ready: "solved" });
  });
});

describe("training flow: the chess rules arrive after the first paint", () => {
  /** Rules that arrive when the test says so. */
  function lateRules() {
    let arrive: () => void = () => undefined;
    const rules = new Promise<ChessRules>((resolve) => {
      arrive = () => resolve(chessRules);
    });
    return { rules, arrive };
  }

  it("shows the position and offers its buttons before the rules arrive", async () => {
    const late = lateRules();
    const { actor } = await started({ rules: late.rules });
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.rules).toBeNull();
    expect(s.context.fen).toBe(START);
    expect(selectCanMove(s)).toBe(true);
    expect(selectControls(s)).toMatchObject({ hint: true, showAnswer: true, next: true });
    // What needs the rules to be worked out waits for them.
    expect(selectExpectedMove(s)).toBeNull();
    late.arrive();
    await waitFor(actor, (next) => next.context.rules !== null);
    expect(selectExpectedMove(snap(actor))).toMatchObject({ uci: "e2e4", san: "e4" });
  });

  it("a move made before the rules arrive waits for them, then is judged", async () => {
    const late = lateRules();
    const { actor, emitted } = await started({ rules: late.rules });
    actor.send({ type: "move.play", move: "g1f3" });
    expect(snap(actor).value).toEqual({ ready: "playing" });
    expect(snap(actor).context.fen).toBe(START);
    expect(snap(actor).context.feedback).toBeNull();
    expect(emitted).toEqual([]);
    late.arrive();
    await waitFor(actor, (s) => s.matches({ ready: "solved" }));
    const s = snap(actor);
    expect(s.context.feedback).toMatchObject({ kind: "best", message: "correct", move: "Nf3" });
    expect(s.context.held).toBeNull();
    expect(emitted.map((e) => e.type)).toEqual(["progress.move", "progress.solved"]);
  });

  it("only the latest move waits; a wrong one is a mistake once the rules arrive", async () => {
    const late = lateRules();
    const { actor, emitted } = await started({ rules: late.rules });
    actor.send({ type: "move.play", move: "g1f3" });
    actor.send({ type: "move.play", move: "a2a3" });
    late.arrive();
    await waitFor(actor, (s) => s.context.feedback?.kind === "mistake");
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.feedback).toMatchObject({ kind: "mistake", move: "a3" });
    expect(emitted).toEqual([expect.objectContaining({ type: "progress.move", move: "a2a3" })]);
  });

  it("Show Answer before the rules arrive plays the answer once they do", async () => {
    const late = lateRules();
    const { actor } = await started({ rules: late.rules });
    actor.send({ type: "training.showAnswer" });
    expect(snap(actor).context.fen).toBe(START);
    late.arrive();
    await waitFor(actor, (s) => s.matches({ ready: "solved" }));
    expect(snap(actor).context.feedback).toMatchObject({ message: "answer", move: "e4" });
  });

  it("a waiting move is dropped when the board moves on before the rules arrive", async () => {
    const late = lateRules();
    const { actor, emitted } = await started({ rules: late.rules });
    actor.send({ type: "move.play", move: "g1f3" });
    actor.send({ type: "training.next" });
    await settled(actor);
    expect(snap(actor).context.position?.id).toBe(2);
    late.arrive();
    await waitFor(actor, (s) => s.context.rules !== null);
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.fen).toBe(AFTER_E4);
    expect(s.context.feedback).toBeNull();
    expect(emitted).toEqual([]);
  });
});

/**
 * A real position with two winning moves: the black queen on d5 can be taken by the e-pawn (the puzzle's move) or
 * by the knight. The scores below are Stockfish 19 lite's (the browser's engine), recorded with
 * `go depth 16 nodes 120000` after `ucinewgame` on each position, the opponent to move.
 */
const QUEEN_TWICE = "r1b1kbnr/pppp1ppp/2n5/3q4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 4";
const RECORDED: Record<string, string> = {
  // 4.exd5 (the puzzle's move)
  "r1b1kbnr/pppp1ppp/2n5/3P4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 0 4":
    "info depth 14 seldepth 14 multipv 1 score cp -1072 nodes 120025 pv c6d4 a2a3 f8c5",
  // 4.Nxd5
  "r1b1kbnr/pppp1ppp/2n5/3N4/4P3/8/PPPP1PPP/R1BQKBNR b KQkq - 0 4":
    "info depth 16 seldepth 19 multipv 1 score cp -1080 nodes 99843 pv f8d6 g1e2 c6e7",
  // 4.e5 (the queen takes it)
  "r1b1kbnr/pppp1ppp/2n5/3qP3/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 0 4":
    "info depth 15 seldepth 20 multipv 1 score cp -11 nodes 87636 pv d5e5 d1e2 d7d6",
};

/** The score of a recorded UCI info line. */
function scoreOf(line: string | undefined) {
  const [, kind, value] = /score (cp|mate) (-?\d+)/.exec(line ?? "") ?? [];
  if (!kind) throw new Error(`no recorded search for this position: ${line}`);
  return kind === "cp" ? { cp: Number(value) } : { mate: Number(value) };
}

/** The browser's engine, replayed from the recorded searches; every question it was asked is kept. */
function recordedEngine(recorded: Record<string, string>) {
  const asked: AlternativeInput[] = [];
  const engine = async (input: AlternativeInput): Promise<AlternativeScores> => {
    asked.push(input);
    return {
      played: scoreOf(recorded[input.fenAfter]),
      expected: input.fenExpected === null ? null : scoreOf(recorded[input.fenExpected]),
    };
  };
  return { asked, engine };
}

describe("training flow: a move off the line that wins as well", () => {
  const queenTwice = position(20, 200, QUEEN_TWICE, { correct_moves: ["e4d5"] });

  it("is not a mistake: 'That also wins', counted as found (a clean solve), then the puzzle's move is shown", async () => {
    const { asked, engine } = recordedEngine(RECORDED);
    const { actor, emitted, clock } = await started({ positions: [queenTwice], engine });
    clock.increment(3000);
    actor.send({ type: "move.play", move: "c3d5" });
    expect(snap(actor).context.feedback).toMatchObject({ kind: "checking", move: "Nxd5" });
    expect(emitted).toEqual([]);
    await judged(actor);
    expect(asked).toEqual([
      {
        fenAfter: "r1b1kbnr/pppp1ppp/2n5/3N4/4P3/8/PPPP1PPP/R1BQKBNR b KQkq - 0 4",
        fenExpected: "r1b1kbnr/pppp1ppp/2n5/3P4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 0 4",
      },
    ]);
    let s = snap(actor);
    expect(s.value).toEqual({ ready: "showingLine" });
    expect(s.context.feedback).toMatchObject({
      kind: "good",
      message: "alternative",
      evaluation: "best",
      score: 1,
      move: "Nxd5",
    });
    expect(TRAINING_MESSAGES_EN.feedback.alternative).toBe(
      "That also wins! Here is the line the puzzle had in mind.",
    );
    expect(emitted).toEqual([
      expect.objectContaining({ type: "progress.move", move: "c3d5", evaluation: "best", answer: false }),
    ]);
    expect(selectCanMove(s)).toBe(false);
    expect(selectControls(s)).toMatchObject({ hint: false, showAnswer: false });

    clock.increment(300);
    s = snap(actor);
    expect(s.value).toEqual({ ready: "solved" });
    expect(s.context.moves.map((m) => m.san)).toEqual(["exd5"]);
    expect(s.context.feedback).toMatchObject({ kind: "good", message: "alternative" });
    expect(s.context.revealed).toBe(false);
    expect(emitted.map((e) => e.type)).toEqual(["progress.move", "progress.solved"]);
    expect(emitted.at(-1)).toMatchObject({ type: "progress.solved", outcome: "clean" });
  });

  it("a move the engine finds far worse than the puzzle's is a mistake, recorded only after the verdict", async () => {
    const { engine } = recordedEngine(RECORDED);
    const { actor, emitted } = await started({ positions: [queenTwice], engine });
    actor.send({ type: "move.play", move: "e4e5" });
    expect(emitted).toEqual([]);
    await judged(actor);
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.feedback).toMatchObject({ kind: "mistake", move: "e5" });
    expect(s.context.fen).toBe(QUEEN_TWICE);
    expect(emitted).toEqual([expect.objectContaining({ type: "progress.move", evaluation: "mistake" })]);
  });

  it("when the line mates, a move that mates as fast is found (the engine is asked about it alone); a slower mate is not", async () => {
    // King and queen against king: 1.Qa7 Kg8 2.Qg7# is the line; 1.Kg6+ mates as fast, 1.Qb1 only in 3.
    // Stockfish 19 lite, `go depth 16 nodes 120000`, recorded on the positions after the two moves (Black to move).
    const recorded = {
      "7k/8/6K1/8/8/8/8/Q7 b - - 1 1":
        "info depth 16 seldepth 3 multipv 1 score mate -1 nodes 35 pv h8g8 a1g7",
      "7k/8/5K2/8/8/8/8/1Q6 b - - 1 1":
        "info depth 16 seldepth 5 multipv 1 score mate -2 nodes 806 pv h8g8 b1g6 g8h8",
    };
    const kq = position(21, 210, "7k/8/5K2/8/8/8/8/Q7 w - - 0 1", {
      correct_moves: ["a1a7"],
      solution: ["a1a7", "h8g8", "a7g7"],
      game_phase: "endgame",
    });
    const { asked, engine } = recordedEngine(recorded);
    const { actor, emitted, clock } = await started({ phase: "endgame", positions: [kq], engine });
    actor.send({ type: "move.play", move: "f6g6" });
    await judged(actor);
    // The line's mate in 2 sets the bar: no search of the puzzle's own move.
    expect(asked).toEqual([{ fenAfter: "7k/8/6K1/8/8/8/8/Q7 b - - 1 1", fenExpected: null }]);
    expect(snap(actor).context.feedback).toMatchObject({
      kind: "good",
      message: "alternative",
      move: "Kg6+",
    });
    // The puzzle's line is shown to its end: Qa7, Kg8, Qg7#.
    clock.increment(300);
    clock.increment(300);
    clock.increment(300);
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "solved" });
    expect(s.context.moves.map((m) => m.san)).toEqual(["Qa7", "Kg8", "Qg7#"]);
    expect(emitted.map((e) => (e.type === "progress.move" ? `${e.type}:${e.evaluation}` : e.type))).toEqual([
      "progress.move:best",
      "progress.solved",
    ]);

    const slower = await started({ phase: "endgame", positions: [kq], engine });
    slower.actor.send({ type: "move.play", move: "a1b1" });
    await judged(slower.actor);
    expect(snap(slower.actor).context.feedback).toMatchObject({ kind: "mistake", move: "Qb1" });
  });

  it("Reset while the engine judges drops the move: nothing is recorded, the feedback is cleared", async () => {
    let answer: (scores: AlternativeScores) => void = () => undefined;
    const engine = () => new Promise<AlternativeScores>((resolve) => (answer = resolve));
    const { actor, emitted } = await started({ positions: [queenTwice], engine });
    actor.send({ type: "move.play", move: "c3d5" });
    expect(snap(actor).value).toEqual({ ready: "checking" });
    actor.send({ type: "training.reset" });
    answer({ played: { cp: -1080 }, expected: { cp: -1072 } });
    await Promise.resolve();
    const s = snap(actor);
    expect(s.value).toEqual({ ready: "playing" });
    expect(s.context.feedback).toBeNull();
    expect(s.context.pending).toBeNull();
    expect(emitted).toEqual([]);
  });
});
