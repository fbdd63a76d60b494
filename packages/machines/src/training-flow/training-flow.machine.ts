import type { GamePhase, NextPosition, Position } from "@ct/contract";
import { and, assign, emit, enqueueActions, fromPromise, not, setup, transition } from "xstate";
import { type HintLevel, hintLevelsMachine } from "../hint-levels";
import type { PuzzleOutcome } from "../progress/types";
import { type AlternativeScores, alsoWins } from "./alternative";
import type { ChessRules } from "./chess-rules";
import { loadChessRules } from "./load-rules";
import {
  expectedMove,
  isOpponentsTurn,
  judgeMove,
  lineMate,
  type MoveVerdict,
  type PlayedOnBoard,
  playMove,
  plyCount,
  solutionLine,
  startFen,
} from "./rules";
import type {
  AlternativeInput,
  FailedLoad,
  FeedbackMessage,
  FirstLoad,
  FirstLoadInput,
  HeldEvent,
  MoveFeedback,
  TrainingFlowContext,
  TrainingFlowEmitted,
  TrainingFlowEvent,
  TrainingFlowInput,
  TrainingLoaders,
} from "./types";

type LoaderInput<K extends keyof TrainingLoaders> = Parameters<TrainingLoaders[K]>[0];

function notProvided(name: string): never {
  throw new Error(
    `training loader "${name}" not provided: supply it with trainingFlowMachine.provide({ actors })`,
  );
}

/** The board of a freshly shown position: start FEN, no moves, no feedback, hint card closed. */
function boardFor(position: Position, now: number) {
  return {
    position,
    fen: startFen(position),
    moves: [],
    ply: 0,
    solved: false,
    feedback: null,
    hintLevel: "none" as const,
    hintRequests: 0,
    helped: false,
    revealed: false,
    autoplay: false,
    held: null,
    pending: null,
    showingLine: false,
    turnStartedAt: now,
  };
}

const NO_BOARD = {
  position: null,
  fen: "",
  moves: [],
  ply: 0,
  solved: false,
  feedback: null,
  hintLevel: "none" as const,
  hintRequests: 0,
  helped: false,
  revealed: false,
  autoplay: false,
  held: null,
  pending: null,
  showingLine: false,
};

/** How the puzzle went once it ends (see PuzzleOutcome). */
function outcomeOf(context: Pick<TrainingFlowContext, "helped" | "revealed">): PuzzleOutcome {
  if (context.revealed) return "failed";
  return context.helped ? "helped" : "clean";
}

/** The hint card as a hint-levels snapshot, so its own transitions decide what Hint and More Help do. */
function hintSnapshot(context: TrainingFlowContext) {
  return hintLevelsMachine.resolveState({
    value: context.hintLevel,
    context: { requests: context.hintRequests },
  });
}

// A move is judged by several guards and an action in one transition; judge it once.
let lastJudged: { position: Position; fen: string; ply: number; move: string; verdict: MoveVerdict } | null =
  null;
function verdictOf(context: TrainingFlowContext, event: TrainingFlowEvent): MoveVerdict {
  const { position, fen, ply, rules } = context;
  if (event.type !== "move.play" || !position || !rules) return { kind: "invalid" };
  const move = event.move;
  const cached = lastJudged;
  if (
    cached &&
    cached.position === position &&
    cached.fen === fen &&
    cached.ply === ply &&
    cached.move === move
  ) {
    return cached.verdict;
  }
  const verdict = judgeMove(rules, position, fen, ply, move);
  lastJudged = { position, fen, ply, move, verdict };
  return verdict;
}

/** The move Show Answer plays now, or null when there is none (or the data cannot be played). */
function answerOf(context: TrainingFlowContext): PlayedOnBoard | null {
  if (!context.position || !context.rules) return null;
  const move = expectedMove(context.position, context.ply);
  return move ? playMove(context.rules, context.fen, move) : null;
}

/** Context after a correct move of the player (a move or Show Answer). */
function afterPlayerMove(
  context: TrainingFlowContext,
  played: PlayedOnBoard,
  message: FeedbackMessage,
  solved: boolean,
) {
  const feedback: MoveFeedback = {
    kind: "best",
    message,
    evaluation: "best",
    score: 1,
    move: played.san,
    uci: played.uci,
    fenBefore: context.fen,
  };
  return {
    fen: played.fen,
    moves: [...context.moves, { ...played, by: "player" as const }],
    ply: context.ply + 1,
    solved,
    feedback,
  };
}

/** What the engine is asked about the move waiting for its verdict (see `AlternativeInput`). */
function alternativeInput(context: TrainingFlowContext): AlternativeInput {
  const pending = context.pending;
  const expected = pending && pending.lineMate === null ? answerOf(context) : null;
  return { fenAfter: pending?.played.fen ?? context.fen, fenExpected: expected?.fen ?? null };
}

/** A "checking" feedback left behind when a load took the flow away before the engine answered. */
function withoutCheck(context: TrainingFlowContext) {
  return { pending: null, feedback: context.feedback?.kind === "checking" ? null : context.feedback };
}

/**
 * The phase of a phase-ordered load. Only a module (which has a phase) ever orders by phase: a theme's set is rated
 * from the start and refuses `training.order`, so this never throws in a running flow.
 */
function phaseOf(context: TrainingFlowContext): GamePhase {
  if (context.phase === null) throw new Error("a load by phase needs the module's phase");
  return context.phase;
}

function isEmptyOpening(opening: string | null): boolean {
  return opening === null || opening.trim() === "";
}

/**
 * The training flow of one module (spec section 4, "Training flow").
 *
 * loading (first position of the phase) → ready: playing ⇄ replying (multi-move lines) → solved; Next, Previous,
 * Go by ID and the opening filter pass through navigating; a failed load goes to error (Retry runs it again);
 * Complete (offered once nothing follows) ends in the final state complete, which the site turns into a return
 * to /training. Loads are actors the site supplies with `machine.provide({ actors })`; progress is emitted.
 */
export const trainingFlowMachine = setup({
  types: {
    context: {} as TrainingFlowContext,
    events: {} as TrainingFlowEvent,
    input: {} as TrainingFlowInput,
    emitted: {} as TrainingFlowEmitted,
  },
  actors: {
    loadFirst: fromPromise<FirstLoad, LoaderInput<"loadFirst">>(async () => notProvided("loadFirst")),
    loadNextRated: fromPromise<NextPosition, LoaderInput<"loadNextRated">>(async () =>
      notProvided("loadNextRated"),
    ),
    loadNextByPhase: fromPromise<NextPosition, LoaderInput<"loadNextByPhase">>(async () =>
      notProvided("loadNextByPhase"),
    ),
    loadNextById: fromPromise<NextPosition, LoaderInput<"loadNextById">>(async () =>
      notProvided("loadNextById"),
    ),
    loadPreviousBySequence: fromPromise<Position, LoaderInput<"loadPreviousBySequence">>(async () =>
      notProvided("loadPreviousBySequence"),
    ),
    loadById: fromPromise<Position, LoaderInput<"loadById">>(async () => notProvided("loadById")),
    loadByOpening: fromPromise<Position[], LoaderInput<"loadByOpening">>(async () =>
      notProvided("loadByOpening"),
    ),
    /** Without an engine a move off the line stays a mistake (the site supplies the browser's Stockfish). */
    scoreAlternative: fromPromise<AlternativeScores, LoaderInput<"scoreAlternative">>(async () =>
      notProvided("scoreAlternative"),
    ),
    /**
     * The chess rules: the ones given in the input, or chess.js in a chunk of its own, imported when the flow
     * starts, so it is not part of the screen's first load (the board draws the position from its FEN alone).
     */
    loadRules: fromPromise<ChessRules, { rules: ChessRules | null }>(
      async ({ input }) => input.rules ?? loadChessRules(),
    ),
  },
  delays: {
    replyDelay: ({ context }) => context.replyDelayMs,
  },
  guards: {
    hasPosition: ({ context }) => context.position !== null,
    isSolved: ({ context }) => context.solved,
    /** The shown puzzle is over, solved with help or its answer shown: "Try again" may replay it. */
    missedShown: ({ context }) =>
      context.position !== null && context.solved && outcomeOf(context) !== "clean",
    awaitsReply: ({ context }) => context.position !== null && isOpponentsTurn(context.position, context.ply),
    isPhaseMode: ({ context }) => context.mode === "phase",
    isByIdMode: ({ context }) => context.mode === "byId",
    isRatedMode: ({ context }) => context.mode === "rated",
    isAutoplaying: ({ context }) => context.autoplay,
    isShowingLine: ({ context }) => context.showingLine,
    /** The engine's scores say the move off the line wins as well as the puzzle's. */
    alsoWins: ({ context }, params: AlternativeScores) =>
      context.pending !== null && alsoWins(params, context.pending.lineMate),
    isFilterMode: ({ context }) => context.mode === "filter",
    isListMode: ({ context }) => context.ids !== null,
    hasOffset: ({ context }) => context.offset > 0 && context.index === 0,
    canChooseOrder: ({ context }) => context.phase !== null && context.ids === null,
    hasLocalNext: ({ context }) => context.mode !== "byId" && context.index < context.list.length - 1,
    hasLocalPrevious: ({ context }) => context.mode !== "byId" && context.index > 0,
    endReached: ({ context }) => context.endReached,
    isAtEnd: ({ context }) =>
      context.position !== null && context.endReached && context.index >= context.list.length - 1,
    isValidId: ({ event }) => event.type === "training.goToId" && Number.isInteger(event.id) && event.id >= 1,
    opensValidId: ({ event }) =>
      event.type === "training.open" && Number.isInteger(event.id) && event.id >= 1,
    /** A place found for the puzzle on the board, in the phase's order. */
    locatesShown: ({ context, event }) =>
      event.type === "training.locate" &&
      context.mode === "phase" &&
      context.position?.id === event.id &&
      Number.isInteger(event.place) &&
      event.place >= 1,
    clearsFilter: ({ event }) => event.type === "training.filter" && isEmptyOpening(event.opening),
    failedWas: ({ context }, params: { load: FailedLoad }) => context.failed === params.load,
    moveIsInvalid: ({ context, event }) => verdictOf(context, event).kind === "invalid",
    moveSolves: ({ context, event }) => {
      const verdict = verdictOf(context, event);
      return verdict.kind === "correct" && verdict.solved;
    },
    moveContinues: ({ context, event }) => {
      const verdict = verdictOf(context, event);
      return verdict.kind === "correct" && !verdict.solved;
    },
    hasAnswer: ({ context }) => answerOf(context) !== null,
    rulesLoading: ({ context }) => context.rules === null,
    /** The puzzle has a move to show at this ply (before the rules arrive, Show Answer is offered on that alone). */
    hasExpectedMove: ({ context }) =>
      context.position !== null && expectedMove(context.position, context.ply) !== null,
    answerSolves: ({ context }) => context.position !== null && context.ply + 1 >= plyCount(context.position),
    hintAccepts: ({ context, event }) =>
      (event.type === "hint.request" || event.type === "hint.more") && hintSnapshot(context).can(event),
  },
  actions: {
    showFirst: assign(({ context }, params: FirstLoad) => {
      if (params.list) {
        const first = params.list[0];
        return {
          mode: "list" as const,
          opening: null,
          pendingOpening: null,
          list: params.list,
          index: 0,
          offset: 0,
          total: params.list.length,
          endReached: true,
          notice: null,
          ...(first ? boardFor(first, context.now()) : NO_BOARD),
        };
      }
      if (params.byId && params.position) {
        return {
          mode: "byId" as const,
          opening: null,
          pendingOpening: null,
          start: null,
          list: [params.position],
          index: 0,
          offset: 0,
          total: params.total,
          endReached: params.no_more_puzzles ?? false,
          notice: null,
          ...boardFor(params.position, context.now()),
        };
      }
      const offset = context.rated ? 0 : Math.max(0, (params.place ?? 1) - 1);
      const before = context.rated && params.position ? (params.before ?? []) : [];
      return {
        mode: context.rated ? ("rated" as const) : ("phase" as const),
        start: null,
        opening: null,
        pendingOpening: null,
        list: params.position ? [...before, params.position] : [],
        index: before.length,
        offset,
        total: params.total,
        endReached: params.no_more_puzzles ?? (params.total > 0 && params.total <= offset + 1),
        notice: null,
        ...(params.position ? boardFor(params.position, context.now()) : NO_BOARD),
      };
    }),
    stepInList: assign(({ context }, params: { by: 1 | -1 }) => {
      const index = context.index + params.by;
      const position = context.list[index];
      return position ? { index, notice: null, ...boardFor(position, context.now()) } : {};
    }),
    appendNext: assign(({ context }, params: NextPosition) => {
      if (!params.position) return { endReached: true };
      return {
        list: [...context.list.slice(0, context.index + 1), params.position],
        index: context.index + 1,
        endReached: params.no_more_puzzles,
        notice: null,
        ...boardFor(params.position, context.now()),
      };
    }),
    showById: assign(
      ({ context }, params: { position: Position | null; endReached: boolean; loaded: boolean }) => {
        if (!params.position) return { endReached: true };
        return {
          mode: "byId" as const,
          opening: null,
          pendingOpening: null,
          list: [params.position],
          index: 0,
          offset: 0,
          endReached: params.endReached,
          notice: params.loaded ? { kind: "loaded-puzzle" as const, id: params.position.id } : null,
          ...boardFor(params.position, context.now()),
        };
      },
    ),
    showFiltered: assign(({ context }, params: { positions: Position[] }) => {
      const opening = context.pendingOpening ?? "";
      const first = params.positions[0];
      return {
        mode: "filter" as const,
        opening,
        pendingOpening: null,
        list: params.positions,
        index: 0,
        offset: 0,
        total: params.positions.length,
        endReached: true,
        notice: first ? null : { kind: "no-positions-for-opening" as const, opening },
        ...(first ? boardFor(first, context.now()) : NO_BOARD),
      };
    }),
    /**
     * The order from the next puzzle on: by rating, or the phase's sequence (from the current puzzle's number).
     * An opening filter or a puzzle found by id keeps its own order until the player leaves it.
     */
    setOrder: assign(({ context, event }) => {
      if (event.type !== "training.order") return {};
      const mode =
        context.mode === "rated" || context.mode === "phase"
          ? event.rated
            ? ("rated" as const)
            : ("phase" as const)
          : context.mode;
      return { rated: event.rated, mode, endReached: mode === context.mode ? context.endReached : false };
    }),
    /** A module resumed past its start: the position before the first one shown joins the list's front. */
    prependPrevious: assign(({ context }, params: { position: Position }) => ({
      list: [params.position, ...context.list],
      index: 0,
      offset: Math.max(0, context.offset - 1),
      notice: null,
      ...boardFor(params.position, context.now()),
    })),
    openPuzzle: assign({ start: ({ event }) => (event.type === "training.open" ? event.id : null) }),
    /** The puzzle on the board, placed in the phase's order: the list restarts at it, counted from its place. */
    locate: assign(({ context, event }) => {
      if (event.type !== "training.locate" || !context.position) return {};
      const total = Math.max(event.total, event.place);
      return {
        list: [context.position],
        index: 0,
        offset: event.place - 1,
        total,
        endReached: event.place >= total,
      };
    }),
    rememberOpening: assign({
      pendingOpening: ({ event }) => (event.type === "training.filter" ? (event.opening ?? "").trim() : null),
    }),
    noticePuzzleNotFound: assign(({ context }) => ({
      notice: { kind: "puzzle-not-found" as const },
      ...withoutCheck(context),
    })),
    noticeOpeningComplete: assign(({ context }) => ({
      notice: {
        kind: "opening-complete" as const,
        opening: context.opening ?? "",
        count: context.list.length,
      },
    })),
    fail: assign(({ context }, params: { load: FailedLoad }) => ({
      failed: params.load,
      ...withoutCheck(context),
    })),
    clearFailure: assign({ failed: null }),
    /** A fresh try of the same puzzle: the board as it was first shown, no help counted. */
    replayPuzzle: assign(({ context }) =>
      context.position ? boardFor(context.position, context.now()) : {},
    ),
    resetBoard: assign(({ context }) =>
      context.position
        ? { ...boardFor(context.position, context.now()), helped: context.helped, revealed: context.revealed }
        : {},
    ),
    playPlayerMove: assign(({ context, event }) => {
      const verdict = verdictOf(context, event);
      if (verdict.kind !== "correct") return {};
      const solvedMessage = outcomeOf(context) === "clean" ? "correct" : "helped";
      return afterPlayerMove(
        context,
        verdict.played,
        verdict.solved ? solvedMessage : "continue",
        verdict.solved,
      );
    }),
    playAnswer: assign(({ context }) => {
      const played = answerOf(context);
      if (!played || !context.position) return {};
      return {
        ...afterPlayerMove(context, played, "answer", context.ply + 1 >= plyCount(context.position)),
        revealed: true,
        autoplay: true,
      };
    }),
    /** A legal move off the line: the engine judges it (does it win as well?) before it counts either way. */
    holdForCheck: assign(({ context, event }) => {
      const verdict = verdictOf(context, event);
      if (verdict.kind !== "mistake" || !context.position || !context.rules) return {};
      const { played } = verdict;
      const feedback: MoveFeedback = {
        kind: "checking",
        message: "checking",
        evaluation: null,
        score: null,
        move: played.san,
        uci: played.uci,
        fenBefore: context.fen,
      };
      return {
        feedback,
        pending: {
          played: { fen: played.fen, san: played.san, uci: played.uci },
          at: context.now(),
          lineMate: lineMate(context.rules, context.position, context.fen, context.ply),
        },
      };
    }),
    /** The engine found nothing as good (or could not run): a mistake, and the position stays for another try. */
    showMistake: assign(({ context }) => {
      const pending = context.pending;
      if (!pending) return {};
      const feedback: MoveFeedback = {
        kind: "mistake",
        message: "mistake",
        evaluation: "mistake",
        score: -0.5,
        move: pending.played.san,
        uci: pending.played.uci,
        fenBefore: context.fen,
      };
      return { feedback, helped: true };
    }),
    /** The move wins as well: it counts as found; the board then shows the puzzle's own line. */
    acceptAlternative: assign(({ context }) => {
      const pending = context.pending;
      if (!pending) return {};
      const feedback: MoveFeedback = {
        kind: "good",
        message: "alternative",
        evaluation: "best",
        score: 1,
        move: pending.played.san,
        uci: pending.played.uci,
        fenBefore: context.fen,
      };
      return { feedback, showingLine: true };
    }),
    clearPending: assign({ pending: null }),
    /** A move of the puzzle's line shown after a winning alternative: the board moves, the feedback stays. */
    playLineMove: assign(({ context }) => {
      const played = answerOf(context);
      if (!played || !context.position) return { solved: true };
      const { feedback: _kept, ...board } = afterPlayerMove(
        context,
        played,
        "answer",
        context.ply + 1 >= plyCount(context.position),
      );
      return board;
    }),
    showInvalid: assign(({ context, event }) => {
      const feedback: MoveFeedback = {
        kind: "invalid",
        message: "invalid",
        evaluation: null,
        score: null,
        move: event.type === "move.play" ? event.move : "",
        uci: null,
        fenBefore: context.fen,
      };
      return { feedback };
    }),
    playReply: assign(({ context }) => {
      const position = context.position;
      if (!position) return {};
      const reply = solutionLine(position)[context.ply];
      const played = reply && context.rules ? playMove(context.rules, context.fen, reply) : null;
      // A line that cannot go on (refused by the server's checks, so only defensive) ends the puzzle here.
      if (!played) return { solved: true };
      const ply = context.ply + 1;
      return {
        fen: played.fen,
        moves: [...context.moves, { ...played, by: "opponent" as const }],
        ply,
        solved: ply >= plyCount(position),
      };
    }),
    restartTurnClock: assign(({ context }) => ({ turnStartedAt: context.now() })),
    /** A move or Show Answer before the rules arrived: kept (only the latest) until they do. */
    hold: assign(({ event }) => ({
      held: event.type === "move.play" || event.type === "training.showAnswer" ? (event as HeldEvent) : null,
    })),
    setRules: assign((_, params: { rules: ChessRules }) => ({ rules: params.rules })),
    /** The rules have arrived: what was held is sent again, now to be judged (ignored if the board moved on). */
    takeUpHeld: enqueueActions(({ context, enqueue }) => {
      if (!context.held) return;
      enqueue.raise(context.held);
      enqueue.assign({ held: null });
    }),
    stepHints: assign(({ context, event }) => {
      if (event.type !== "hint.request" && event.type !== "hint.more") return {};
      const [next] = transition(hintLevelsMachine, hintSnapshot(context), event);
      return { hintLevel: next.value as HintLevel, hintRequests: next.context.requests, helped: true };
    }),
    closeHints: assign({ hintLevel: "none", hintRequests: 0 }),
    emitMove: emit(({ context }) => {
      const feedback = context.feedback as MoveFeedback;
      return {
        type: "progress.move" as const,
        position: context.position as Position,
        fen: feedback.fenBefore,
        move: feedback.uci ?? "",
        san: feedback.move,
        evaluation: feedback.evaluation ?? "mistake",
        score: feedback.score ?? -0.5,
        // A move the engine judged counts the time until it was played, not the engine's.
        timeSpentMs: Math.max(0, (context.pending?.at ?? context.now()) - context.turnStartedAt),
        answer: feedback.message === "answer",
      };
    }),
    emitHint: emit(({ context }) => ({
      type: "progress.hint" as const,
      position: context.position as Position,
      level: context.hintLevel,
    })),
    emitSolved: emit(({ context }) => ({
      type: "progress.solved" as const,
      position: context.position as Position,
      outcome: outcomeOf(context),
    })),
    emitComplete: emit(({ context }) => ({ type: "progress.complete" as const, phase: context.phase })),
  },
}).createMachine({
  id: "trainingFlow",
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    return {
      phase: input.phase,
      rated: input.ids ? false : input.rated === true || input.phase === null,
      themes: input.themes ?? [],
      ids: input.ids ?? null,
      start: input.start ?? null,
      replyDelayMs: input.replyDelayMs ?? 300,
      now,
      mode: "phase",
      list: [],
      index: 0,
      offset: 0,
      total: 0,
      endReached: false,
      opening: null,
      ...NO_BOARD,
      turnStartedAt: now(),
      notice: null,
      failed: null,
      pendingOpening: null,
      rules: input.rules ?? null,
    };
  },
  // The chess rules load beside everything else, for as long as the flow runs.
  invoke: {
    src: "loadRules",
    input: ({ context }) => ({ rules: context.rules }),
    onDone: {
      actions: [{ type: "setRules", params: ({ event }) => ({ rules: event.output }) }, "takeUpHeld"],
    },
  },
  initial: "loading",
  states: {
    /** The first position of the phase: on entry, on Retry, and when the filter returns to All Openings. */
    loading: {
      invoke: {
        src: "loadFirst",
        input: ({ context }): FirstLoadInput => ({
          phase: context.phase,
          rated: context.rated,
          themes: context.themes,
          ids: context.ids,
          start: context.start,
        }),
        onDone: { target: "ready", actions: { type: "showFirst", params: ({ event }) => event.output } },
        onError: { target: "error", actions: { type: "fail", params: { load: "first" } } },
      },
    },
    /** 'Error Loading Module' with the failed load's message and Retry. */
    error: {
      exit: "clearFailure",
      on: {
        "training.retry": [
          { guard: { type: "failedWas", params: { load: "first" } }, target: "loading" },
          { guard: { type: "failedWas", params: { load: "nextByPhase" } }, target: "navigating.nextByPhase" },
          { guard: { type: "failedWas", params: { load: "nextById" } }, target: "navigating.nextById" },
          { guard: { type: "failedWas", params: { load: "nextRated" } }, target: "navigating.nextRated" },
          { guard: { type: "failedWas", params: { load: "previous" } }, target: "navigating.previous" },
          { guard: { type: "failedWas", params: { load: "filter" } }, target: "navigating.filter" },
        ],
        // Beyond the spec: back to the position that was on the board before the failed navigation.
        "training.dismissError": { guard: "hasPosition", target: "ready" },
      },
    },
    ready: {
      initial: "routing",
      on: {
        "training.reset": {
          guard: "hasPosition",
          target: ".playing",
          actions: "resetBoard",
        },
        "training.again": {
          guard: "missedShown",
          target: ".playing",
          actions: "replayPuzzle",
        },
        "training.next": [
          { guard: "hasLocalNext", target: ".routing", actions: { type: "stepInList", params: { by: 1 } } },
          {
            guard: and(["hasPosition", "isPhaseMode", not("endReached")]),
            target: "navigating.nextByPhase",
          },
          {
            guard: and(["hasPosition", "isByIdMode", not("endReached")]),
            target: "navigating.nextById",
          },
          {
            guard: and(["hasPosition", "isRatedMode", not("endReached")]),
            target: "navigating.nextRated",
          },
        ],
        "training.order": { guard: "canChooseOrder", actions: "setOrder" },
        "training.open": {
          guard: and(["opensValidId", not("isListMode")]),
          target: "loading",
          actions: "openPuzzle",
        },
        "training.locate": { guard: "locatesShown", actions: "locate" },
        "training.previous": [
          {
            guard: "hasLocalPrevious",
            target: ".routing",
            actions: { type: "stepInList", params: { by: -1 } },
          },
          { guard: and(["hasPosition", "isByIdMode"]), target: "navigating.previous" },
          { guard: and(["hasPosition", "isPhaseMode", "hasOffset"]), target: "navigating.previousInPhase" },
        ],
        // With an opening filter, Complete finishes that opening's set only: the module stays, and says so.
        "training.complete": [
          { guard: and(["isAtEnd", "isFilterMode"]), actions: "noticeOpeningComplete" },
          { guard: "isAtEnd", target: "complete" },
        ],
        "training.goToId": { guard: "isValidId", target: "navigating.byId" },
        "training.filter": [
          { guard: and(["clearsFilter", not("isPhaseMode")]), target: "loading" },
          { guard: not("clearsFilter"), target: "navigating.filter", actions: "rememberOpening" },
        ],
      },
      states: {
        /** Picks the sub-state for what is in the context (a shown position, or the one navigation came back to). */
        routing: {
          always: [
            { guard: not("hasPosition"), target: "empty" },
            { guard: "isSolved", target: "solved" },
            { guard: "awaitsReply", target: "replying" },
            { target: "playing" },
          ],
        },
        /** 'No position available', or the filter found nothing. */
        empty: {},
        /** The player is to move. */
        playing: {
          on: {
            "move.play": [
              // Before the chess rules arrive (they load after the first paint), the move waits for them.
              { guard: "rulesLoading", actions: "hold" },
              { guard: "moveIsInvalid", actions: "showInvalid" },
              {
                guard: "moveSolves",
                target: "solved",
                actions: ["playPlayerMove", "emitMove", "emitSolved"],
              },
              {
                guard: "moveContinues",
                target: "replying",
                actions: ["playPlayerMove", "emitMove", "closeHints"],
              },
              // Another legal move: the engine judges whether it wins as well; the board keeps the position.
              { target: "checking", actions: "holdForCheck" },
            ],
            "training.showAnswer": [
              { guard: and(["rulesLoading", "hasExpectedMove"]), actions: "hold" },
              {
                guard: and(["hasAnswer", "answerSolves"]),
                target: "solved",
                actions: ["playAnswer", "emitMove", "emitSolved"],
              },
              { guard: "hasAnswer", target: "replying", actions: ["playAnswer", "emitMove", "closeHints"] },
            ],
            "hint.request": { guard: "hintAccepts", actions: ["stepHints", "emitHint"] },
            "hint.more": { guard: "hintAccepts", actions: ["stepHints", "emitHint"] },
          },
        },
        /**
         * A legal move off the line, judged by the engine ('Checking your move…'): a move that wins as well (see
         * `alsoWins`) counts as found and the puzzle's line is shown; anything else, or no engine, is a mistake
         * (feedback only: the board keeps the position so the player can try again). Nothing is recorded before.
         */
        checking: {
          invoke: {
            src: "scoreAlternative",
            input: ({ context }) => alternativeInput(context),
            onDone: [
              {
                guard: { type: "alsoWins", params: ({ event }) => event.output },
                target: "showingLine",
                actions: ["acceptAlternative", "emitMove", "clearPending", "closeHints"],
              },
              { target: "playing", actions: ["showMistake", "emitMove", "clearPending", "restartTurnClock"] },
            ],
            onError: {
              target: "playing",
              actions: ["showMistake", "emitMove", "clearPending", "restartTurnClock"],
            },
          },
        },
        /** After a winning alternative: the puzzle's line, played move by move to its end (nothing recorded). */
        showingLine: {
          after: {
            replyDelay: [
              {
                guard: and(["hasAnswer", "answerSolves"]),
                target: "solved",
                actions: ["playLineMove", "emitSolved"],
              },
              { guard: "hasAnswer", target: "replying", actions: "playLineMove" },
              { target: "solved", actions: ["playLineMove", "emitSolved"] },
            ],
          },
        },
        /** A multi-move line: the opponent's reply follows after the move animation. */
        replying: {
          after: {
            replyDelay: { target: "afterReply", actions: "playReply" },
          },
        },
        afterReply: {
          always: [
            { guard: "isSolved", target: "solved", actions: "emitSolved" },
            { guard: "isShowingLine", target: "showingLine" },
            { guard: "isAutoplaying", target: "answering" },
            { target: "playing", actions: "restartTurnClock" },
          ],
        },
        /** Show Answer plays the whole line: the next answer move follows the reply after the move animation. */
        answering: {
          after: {
            replyDelay: [
              {
                guard: and(["hasAnswer", "answerSolves"]),
                target: "solved",
                actions: ["playAnswer", "emitMove", "emitSolved"],
              },
              { guard: "hasAnswer", target: "replying", actions: ["playAnswer", "emitMove"] },
              { target: "playing", actions: "restartTurnClock" },
            ],
          },
        },
        solved: {},
      },
    },
    /** A load for Next, Previous, Go by ID or the opening filter; the board stays as it was meanwhile. */
    navigating: {
      // Always entered through one of its loads; the initial one is only a formality.
      initial: "nextByPhase",
      states: {
        nextByPhase: {
          invoke: {
            src: "loadNextByPhase",
            input: ({ context }) => ({
              phase: phaseOf(context),
              sequence: context.position?.sequence_number ?? 0,
            }),
            onDone: {
              target: "#trainingFlow.ready",
              actions: { type: "appendNext", params: ({ event }) => event.output },
            },
            onError: {
              target: "#trainingFlow.error",
              actions: { type: "fail", params: { load: "nextByPhase" } },
            },
          },
        },
        nextRated: {
          invoke: {
            src: "loadNextRated",
            input: ({ context }) => ({ phase: context.phase, themes: context.themes }),
            onDone: {
              target: "#trainingFlow.ready",
              actions: { type: "appendNext", params: ({ event }) => event.output },
            },
            onError: {
              target: "#trainingFlow.error",
              actions: { type: "fail", params: { load: "nextRated" } },
            },
          },
        },
        nextById: {
          invoke: {
            src: "loadNextById",
            input: ({ context }) => ({ id: context.position?.id ?? 0 }),
            onDone: {
              target: "#trainingFlow.ready",
              actions: {
                type: "showById",
                params: ({ event }) => ({
                  position: event.output.position,
                  endReached: event.output.no_more_puzzles,
                  loaded: false,
                }),
              },
            },
            onError: {
              target: "#trainingFlow.error",
              actions: { type: "fail", params: { load: "nextById" } },
            },
          },
        },
        previous: {
          invoke: {
            src: "loadPreviousBySequence",
            input: ({ context }) => ({ sequence: context.position?.sequence_number ?? 0 }),
            onDone: {
              target: "#trainingFlow.ready",
              actions: {
                type: "showById",
                params: ({ event }) => ({ position: event.output, endReached: false, loaded: false }),
              },
            },
            onError: {
              target: "#trainingFlow.error",
              actions: { type: "fail", params: { load: "previous" } },
            },
          },
        },
        previousInPhase: {
          invoke: {
            src: "loadPreviousBySequence",
            input: ({ context }) => ({ sequence: context.list[0]?.sequence_number ?? 0 }),
            onDone: {
              target: "#trainingFlow.ready",
              actions: { type: "prependPrevious", params: ({ event }) => ({ position: event.output }) },
            },
            onError: {
              target: "#trainingFlow.error",
              actions: { type: "fail", params: { load: "previous" } },
            },
          },
        },
        byId: {
          invoke: {
            src: "loadById",
            input: ({ event }) => ({ id: event.type === "training.goToId" ? event.id : 0 }),
            onDone: {
              target: "#trainingFlow.ready",
              actions: {
                type: "showById",
                params: ({ event }) => ({ position: event.output, endReached: false, loaded: true }),
              },
            },
            // 'Puzzle not found.': the board keeps what it showed.
            onError: { target: "#trainingFlow.ready", actions: "noticePuzzleNotFound" },
          },
        },
        filter: {
          invoke: {
            src: "loadByOpening",
            input: ({ context }) => ({ phase: phaseOf(context), opening: context.pendingOpening ?? "" }),
            onDone: {
              target: "#trainingFlow.ready",
              actions: { type: "showFiltered", params: ({ event }) => ({ positions: event.output }) },
            },
            onError: { target: "#trainingFlow.error", actions: { type: "fail", params: { load: "filter" } } },
          },
        },
      },
    },
    /** The player pressed Complete: the module is finished (the site returns to /training). */
    complete: {
      type: "final",
      entry: "emitComplete",
    },
  },
});

export type TrainingFlowMachine = typeof trainingFlowMachine;
