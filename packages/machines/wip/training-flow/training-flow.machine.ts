import type { Position } from "@ct/contract";
import { and, assign, emit, fromPromise, not, sendTo, setup } from "xstate";
import { hintLevelsMachine } from "../hint-levels";
import { expectedMoves, playMove, type PlayedOnBoard } from "./rules";
import type {
  FirstLoad,
  MoveFeedback,
  TrainingFlowContext,
  TrainingFlowEmitted,
  TrainingFlowEvent,
  TrainingFlowInput,
  TrainingLoaders,
} from "./types";

type NextPosition = Awaited<ReturnType<TrainingLoaders["nextByPhase"]>>;

function notProvided(): never {
  throw new Error("training loader not provided: supply it with machine.provide({ actors })");
}

function isEnd(next: NextPosition): boolean {
  return next.no_more_puzzles || next.position === null;
}

function positionState(position: Position) {
  return { position, fen: position.fen, moves: [], ply: 0, feedback: null };
}

/**
 * The training flow of one module (spec section 4, "Training flow"): loading → ready (playing / replying / solved)
 * with navigation by phase, by id or through the opening filter, and complete when the player presses Complete.
 * Loads are actors supplied by the site (`machine.provide`), hints are a child hint-levels machine that is started
 * afresh for every position.
 */
export const trainingFlowMachine = setup({
  types: {
    context: {} as TrainingFlowContext,
    events: {} as TrainingFlowEvent,
    input: {} as TrainingFlowInput,
    emitted: {} as TrainingFlowEmitted,
  },
  actors: {
    hintLevels: hintLevelsMachine,
    loadFirst: fromPromise<FirstLoad, { phase: TrainingFlowContext["phase"] }>(async () => notProvided()),
    loadNextByPhase: fromPromise<NextPosition, Parameters<TrainingLoaders["nextByPhase"]>[0]>(async () =>
      notProvided(),
    ),
    loadNextById: fromPromise<NextPosition, { id: number }>(async () => notProvided()),
    loadPreviousBySequence: fromPromise<Position, { sequence: number }>(async () => notProvided()),
    loadById: fromPromise<Position, { id: number }>(async () => notProvided()),
    loadByOpening: fromPromise<Position[], Parameters<TrainingLoaders["byOpening"]>[0]>(async () => notProvided()),
  },
  delays: {
    replyDelay: ({ context }) => context.replyDelayMs,
  },
  guards: {
    hasPosition: ({ context }) => context.position !== null,
    isSolved: ({ context }) => context.position !== null && context.ply >= expectedMoves(context.position).length,
    isPlayersTurn: ({ context }) => context.ply % 2 === 0,
    canGoBack: ({ context }) => {
      if (context.mode === "byId") return context.position !== null;
      return context.index > 0;
    },
    hasLocalNext: ({ context }) => context.mode !== "byId" && context.index < context.list.length - 1,
    isFilterMode: ({ context }) => context.mode === "filter",
    isByIdMode: ({ context }) => context.mode === "byId",
    isAtEnd: ({ context }) => context.atEnd,
    isValidId: (_, params: { id: number }) => Number.isInteger(params.id) && params.id >= 1,
  },
  actions: {
    resetHints: sendTo("hints", { type: "hint.reset" }),
    forwardHint: sendTo("hints", ({ event }) => event),
    showPosition: assign((_, params: { position: Position }) => positionState(params.position)),
    clearNotice: assign({ notice: null }),
    markEnd: assign({ atEnd: true }),
    noticeNextFailed: assign({ notice: { kind: "load-failed", message: "Failed to load the next position" } }),
    resetBoard: assign(({ context }) => (context.position ? positionState(context.position) : {})),
  },
}).createMachine({
  id: "trainingFlow",
  context: ({ input }) => ({
    phase: input.phase,
    replyDelayMs: input.replyDelayMs ?? 300,
    mode: "phase",
    list: [],
    index: 0,
    total: 0,
    opening: null,
    position: null,
    fen: "",
    moves: [],
    ply: 0,
    feedback: null,
    atEnd: false,
    notice: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: "loadFirst",
        input: ({ context }) => ({ phase: context.phase }),
        onDone: {
          target: "ready",
          actions: assign(({ event }) => ({
            mode: "phase" as const,
            opening: null,
            list: event.output.position ? [event.output.position] : [],
            index: 0,
            total: event.output.total,
            atEnd: event.output.position === null,
            ...(event.output.position
              ? positionState(event.output.position)
              : { position: null, fen: "", moves: [], ply: 0, feedback: null }),
          })),
        },
        onError: { target: "error", actions: assign({ error: "Failed to load the first position" }) },
      },
    },
    error: {
      on: { "training.retry": { target: "loading" } },
    },
    ready: {
      invoke: { id: "hints", src: "hintLevels" },
      initial: "routing",
      on: {
        "training.reset": { target: ".playing", actions: ["resetBoard", "resetHints", "clearNotice"] },
        "training.next": [
          { guard: "isAtEnd" },
          {
            guard: "hasLocalNext",
            target: ".routing",
            actions: [
              assign(({ context }) => {
                const index = context.index + 1;
                const position = context.list[index] as Position;
                return { index, ...positionState(position), notice: null };
              }),
              "resetHints",
            ],
          },
          { guard: "isFilterMode", actions: "markEnd" },
          { guard: "isByIdMode", target: "navigating.nextById" },
          { target: "navigating.nextByPhase" },
        ],
        "training.previous": [
          {
            guard: and(["canGoBack", not("isByIdMode")]),
            target: ".routing",
            actions: [
              assign(({ context }) => {
                const index = context.index - 1;
                const position = context.list[index] as Position;
                return { index, atEnd: false, ...positionState(position), notice: null };
              }),
              "resetHints",
            ],
          },
          { guard: and(["canGoBack", "isByIdMode"]), target: "navigating.previous" },
        ],
        "training.goToId": [
          {
            guard: { type: "isValidId", params: ({ event }) => ({ id: event.id }) },
            target: "navigating.byId",
          },
        ],
        "training.filter": [
          {
            guard: ({ event }) => event.opening === null || event.opening === "",
            target: "loading",
          },
          { target: "navigating.filter", actions: assign({ opening: ({ event }) => event.opening }) },
        ],
        "training.complete": { guard: "isAtEnd", target: "complete" },
      },
      states: {
        routing: {
          always: [
            { guard: not("hasPosition"), target: "empty" },
            { guard: "isSolved", target: "solved" },
            { target: "playing" },
          ],
        },
        empty: {},
        playing: {
          on: {
            "hint.request": {
              actions: [
                "forwardHint",
                emit(({ context }) => ({ type: "progress.hint", position: context.position as Position })),
              ],
            },
            "hint.more": { actions: "forwardHint" },
            "training.showAnswer": {
              target: "afterPlayerMove",
              actions: [
                assign(({ context }) => {
                  const position = context.position as Position;
                  const expected = expectedMoves(position)[context.ply] ?? "";
                  const played = playMove(context.fen, expected) as PlayedOnBoard;
                  const feedback: MoveFeedback = {
                    kind: "answer",
                    evaluation: "best",
                    score: 1,
                    move: played.san,
                    fenBefore: context.fen,
                    uci: played.uci,
                  };
                  return {
                    fen: played.fen,
                    moves: [...context.moves, { san: played.san, uci: played.uci, by: "player" as const }],
                    ply: context.ply + 1,
                    feedback,
                  };
                }),
                emit(({ context }) => ({
                  type: "progress.move",
                  position: context.position as Position,
                  move: context.feedback?.uci ?? "",
                  evaluation: "best",
                })),
              ],
            },
            "move.play": [
              {
                guard: ({ context, event }) => playMove(context.fen, event.move) === null,
                actions: assign(({ context, event }) => ({
                  feedback: {
                    kind: "invalid",
                    evaluation: null,
                    score: null,
                    move: event.move,
                    fenBefore: context.fen,
                    uci: null,
                  } satisfies MoveFeedback,
                })),
              },
              {
                guard: ({ context, event }) => {
                  const position = context.position as Position;
                  const played = playMove(context.fen, event.move) as PlayedOnBoard;
                  const expected = expectedMoves(position);
                  const alternatives = context.ply === 0 ? position.correct_moves : [expected[context.ply] ?? ""];
                  return alternatives.some((move) => playMove(context.fen, move)?.uci === played.uci);
                },
                target: "afterPlayerMove",
                actions: [
                  assign(({ context, event }) => {
                    const played = playMove(context.fen, event.move) as PlayedOnBoard;
                    return {
                      fen: played.fen,
                      moves: [...context.moves, { san: played.san, uci: played.uci, by: "player" as const }],
                      ply: context.ply + 1,
                      feedback: {
                        kind: "best",
                        evaluation: "best",
                        score: 1,
                        move: played.san,
                        fenBefore: context.fen,
                        uci: played.uci,
                      } satisfies MoveFeedback,
                    };
                  }),
                  emit(({ context }) => ({
                    type: "progress.move",
                    position: context.position as Position,
                    move: context.moves.at(-1)?.uci ?? "",
                    evaluation: "best",
                  })),
                ],
              },
              {
                actions: [
                  assign(({ context, event }) => {
                    const played = playMove(context.fen, event.move) as PlayedOnBoard;
                    return {
                      feedback: {
                        kind: "mistake",
                        evaluation: "mistake",
                        score: -0.5,
                        move: played.san,
                        fenBefore: context.fen,
                        uci: played.uci,
                      } satisfies MoveFeedback,
                    };
                  }),
                  emit(({ context }) => ({
                    type: "progress.move",
                    position: context.position as Position,
                    move: context.feedback?.uci ?? "",
                    evaluation: "mistake",
                  })),
                ],
              },
            ],
          },
        },
        afterPlayerMove: {
          always: [
            {
              guard: "isSolved",
              target: "solved",
              actions: emit(({ context }) => ({ type: "progress.solved", position: context.position as Position })),
            },
            { target: "replying" },
          ],
        },
        replying: {
          after: {
            replyDelay: {
              target: "playing",
              actions: assign(({ context }) => {
                const position = context.position as Position;
                const reply = expectedMoves(position)[context.ply] ?? "";
                const played = playMove(context.fen, reply) as PlayedOnBoard;
                return {
                  fen: played.fen,
                  moves: [...context.moves, { san: played.san, uci: played.uci, by: "opponent" as const }],
                  ply: context.ply + 1,
                };
              }),
            },
          },
        },
        solved: {
          on: {
            "hint.request": { actions: "forwardHint" },
            "hint.more": { actions: "forwardHint" },
          },
        },
      },
    },
    navigating: {
      states: {
        nextByPhase: {
          invoke: {
            src: "loadNextByPhase",
            input: ({ context }) => ({ phase: context.phase, sequence: context.position?.sequence_number ?? 0 }),
            onDone: [
              { guard: ({ event }) => isEnd(event.output), target: "#trainingFlow.ready.routing", actions: "markEnd" },
              {
                target: "#trainingFlow.ready.routing",
                actions: assign(({ context, event }) => {
                  const position = event.output.position as Position;
                  return {
                    list: [...context.list.slice(0, context.index + 1), position],
                    index: context.index + 1,
                    ...positionState(position),
                    notice: null,
                  };
                }),
              },
            ],
            onError: { target: "#trainingFlow.ready.routing", actions: "noticeNextFailed" },
          },
        },
        nextById: {
          invoke: {
            src: "loadNextById",
            input: ({ context }) => ({ id: context.position?.id ?? 0 }),
            onDone: [
              { guard: ({ event }) => isEnd(event.output), target: "#trainingFlow.ready.routing", actions: "markEnd" },
              {
                target: "#trainingFlow.ready.routing",
                actions: assign(({ event }) => ({ ...positionState(event.output.position as Position), notice: null })),
              },
            ],
            onError: { target: "#trainingFlow.ready.routing", actions: "noticeNextFailed" },
          },
        },
        previous: {
          invoke: {
            src: "loadPreviousBySequence",
            input: ({ context }) => ({ sequence: context.position?.sequence_number ?? 0 }),
            onDone: {
              target: "#trainingFlow.ready.routing",
              actions: assign(({ event }) => ({ ...positionState(event.output), atEnd: false, notice: null })),
            },
            onError: {
              target: "#trainingFlow.ready.routing",
              actions: assign({ notice: { kind: "load-failed", message: "Failed to load the previous position" } }),
            },
          },
        },
        byId: {
          invoke: {
            src: "loadById",
            input: ({ event }) => ({ id: event.type === "training.goToId" ? event.id : 0 }),
            onDone: {
              target: "#trainingFlow.ready.routing",
              actions: assign(({ event }) => ({
                mode: "byId" as const,
                list: [event.output],
                index: 0,
                atEnd: false,
                opening: null,
                ...positionState(event.output),
                notice: { kind: "loaded-puzzle" as const, id: event.output.id },
              })),
            },
            onError: {
              target: "#trainingFlow.ready.routing",
              actions: assign({ notice: { kind: "puzzle-not-found" } }),
            },
          },
        },
        filter: {
          invoke: {
            src: "loadByOpening",
            input: ({ context, event }) => ({
              phase: context.phase,
              opening: event.type === "training.filter" ? (event.opening ?? "") : "",
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.length === 0,
                target: "#trainingFlow.ready.routing",
                actions: assign({ notice: { kind: "no-positions-for-opening" } }),
              },
              {
                target: "#trainingFlow.ready.routing",
                actions: assign(({ event }) => ({
                  mode: "filter" as const,
                  list: event.output,
                  index: 0,
                  total: event.output.length,
                  atEnd: false,
                  ...positionState(event.output[0] as Position),
                  notice: null,
                })),
              },
            ],
            onError: {
              target: "#trainingFlow.ready.routing",
              actions: assign({ notice: { kind: "load-failed", message: "Failed to load position" } }),
            },
          },
        },
      },
    },
    complete: {
      type: "final",
      entry: emit(({ context }) => ({ type: "progress.complete", phase: context.phase })),
    },
  },
});

export type TrainingFlowMachine = typeof trainingFlowMachine;
