import { assign, or, setup } from "xstate";
import { DEFAULT_UI_SETTINGS, INITIAL_CHESS_STATE, INITIAL_TRAINING, NO_PUZZLES } from "./defaults";
import type { TrainingStoreContext, TrainingStoreEvent, TrainingStoreInput } from "./types";

/**
 * The client training store (spec section 4, "Client training store"; fields of section 3): the training run
 * (inactive ⇄ active: isTrainingActive is the state), its counters and position index, the board's chess state
 * and the UI settings. Position bounds are guards, so `snapshot.can({ type: "position.next" })` is the Next
 * button's enabled state.
 */
export const trainingStoreMachine = setup({
  types: {
    context: {} as TrainingStoreContext,
    events: {} as TrainingStoreEvent,
    input: {} as TrainingStoreInput,
  },
  guards: {
    hasScenario: ({ context }) => context.training.currentScenario !== null,
    hasNextPosition: ({ context }) => {
      const scenario = context.training.currentScenario;
      return scenario !== null && context.training.currentPositionIndex < scenario.positions.length - 1;
    },
    hasPreviousPosition: ({ context }) =>
      context.training.currentScenario !== null && context.training.currentPositionIndex > 0,
    namesScenario: ({ event }) => event.type === "scenario.complete" && !!event.scenarioId,
  },
  actions: {
    startScenario: assign(({ context, event }) => {
      if (event.type !== "scenario.start") return {};
      return {
        training: {
          ...context.training,
          currentScenario: event.scenario,
          currentPositionIndex: 0,
          hintsUsed: 0,
          correctMoves: 0,
          incorrectMoves: 0,
        },
        puzzles: { ...NO_PUZZLES },
      };
    }),
    completeScenario: assign(({ context, event }) => {
      if (event.type !== "scenario.complete") return {};
      const id = event.scenarioId ?? context.training.currentScenario?.id;
      if (id === undefined || context.training.completedScenarios.includes(id)) return {};
      return {
        training: { ...context.training, completedScenarios: [...context.training.completedScenarios, id] },
      };
    }),
    resetTraining: assign({
      training: () => ({ ...INITIAL_TRAINING, completedScenarios: [] }),
      puzzles: () => ({ ...NO_PUZZLES }),
    }),
    countPuzzle: assign(({ context, event }) =>
      event.type === "puzzle.record"
        ? { puzzles: { ...context.puzzles, [event.outcome]: context.puzzles[event.outcome] + 1 } }
        : {},
    ),
    movePosition: assign(({ context }, params: { by: 1 | -1 }) => ({
      training: {
        ...context.training,
        currentPositionIndex: context.training.currentPositionIndex + params.by,
      },
    })),
    countHint: assign(({ context }) => ({
      training: { ...context.training, hintsUsed: context.training.hintsUsed + 1 },
    })),
    countMove: assign(({ context, event }) => {
      if (event.type !== "move.record") return {};
      const { correctMoves, incorrectMoves } = context.training;
      return {
        training: {
          ...context.training,
          correctMoves: correctMoves + (event.correct ? 1 : 0),
          incorrectMoves: incorrectMoves + (event.correct ? 0 : 1),
        },
      };
    }),
    updateChess: assign(({ context, event }) =>
      event.type === "chess.update" ? { chess: { ...context.chess, ...event.patch } } : {},
    ),
    selectSquare: assign(({ context, event }) =>
      event.type === "chess.selectSquare"
        ? { chess: { ...context.chess, selectedSquare: event.square } }
        : {},
    ),
    resetChess: assign({ chess: () => ({ ...INITIAL_CHESS_STATE, history: [] }) }),
    updateSettings: assign(({ context, event }) =>
      event.type === "settings.update" ? { ui: { ...context.ui, ...event.patch } } : {},
    ),
    resetSettings: assign({ ui: () => ({ ...DEFAULT_UI_SETTINGS }) }),
    toggleOrientation: assign(({ context }) => ({
      ui: { ...context.ui, boardOrientation: context.ui.boardOrientation === "white" ? "black" : "white" },
    })),
    toggleMobileMenu: assign(({ context }) => ({
      ui: { ...context.ui, mobileMenuOpen: !context.ui.mobileMenuOpen },
    })),
  },
}).createMachine({
  id: "trainingStore",
  context: ({ input }) => ({
    training: { ...INITIAL_TRAINING, completedScenarios: [] },
    chess: { ...INITIAL_CHESS_STATE, history: [] },
    puzzles: { ...NO_PUZZLES },
    ui: { ...DEFAULT_UI_SETTINGS, ...input?.ui },
  }),
  initial: "inactive",
  on: {
    // Start: current scenario, index and counters back to 0, training active.
    "scenario.start": { target: ".active", actions: "startScenario" },
    // Complete: its id joins the completed ones (once) and training stops.
    "scenario.complete": {
      guard: or(["hasScenario", "namesScenario"]),
      target: ".inactive",
      actions: "completeScenario",
    },
    // Reset: training back to its initial values.
    "training.reset": { target: ".inactive", actions: "resetTraining" },
    "position.next": { guard: "hasNextPosition", actions: { type: "movePosition", params: { by: 1 } } },
    "position.previous": {
      guard: "hasPreviousPosition",
      actions: { type: "movePosition", params: { by: -1 } },
    },
    "hint.record": { actions: "countHint" },
    "move.record": { actions: "countMove" },
    "puzzle.record": { actions: "countPuzzle" },
    "chess.update": { actions: "updateChess" },
    "chess.selectSquare": { actions: "selectSquare" },
    "chess.reset": { actions: "resetChess" },
    "settings.update": { actions: "updateSettings" },
    "settings.reset": { actions: "resetSettings" },
    "settings.toggleOrientation": { actions: "toggleOrientation" },
    "settings.toggleMobileMenu": { actions: "toggleMobileMenu" },
  },
  states: {
    inactive: {},
    active: {
      // End training only clears the active flag.
      on: { "training.end": { target: "inactive" } },
    },
  },
});

export type TrainingStoreMachine = typeof trainingStoreMachine;
