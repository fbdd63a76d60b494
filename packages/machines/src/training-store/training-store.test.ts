import type { Position } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import {
  createDefaultScenario,
  createScenario,
  DEFAULT_UI_SETTINGS,
  scenarioIdFor,
  scenarioPositionFrom,
} from "./defaults";
import {
  selectCanNextPosition,
  selectCanPreviousPosition,
  selectChessState,
  selectCurrentScenarioPosition,
  selectIsTrainingActive,
  selectPuzzleCounts,
  selectTrainingState,
  selectUiSettings,
} from "./selectors";
import { trainingStoreMachine } from "./training-store.machine";
import type { Scenario, TrainingStoreInput } from "./types";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

const sample = createDefaultScenario({ title: "Training", description: "Find the best move" });
const threePositions: Scenario = createScenario({
  phase: "endgame",
  title: "Endgame Essentials",
  description: "Endgames",
  positions: [
    { id: "a", fen: START, correctMoves: ["e2e4"] },
    { id: "b", fen: START, correctMoves: ["d2d4"] },
    { id: "c", fen: START, correctMoves: ["g1f3"] },
  ],
});

function start(input: TrainingStoreInput = {}) {
  return createActor(trainingStoreMachine, { input }).start();
}

describe("scenarios (spec section 3)", () => {
  it("a phase's scenario is '{phase}-training' with the client phase name and objective findBestMove", () => {
    expect(threePositions).toMatchObject({
      id: "endGame-training",
      phase: "endGame",
      objective: "findBestMove",
    });
    expect(scenarioIdFor("middlegame")).toBe("middleGame-training");
    expect(scenarioIdFor("middleGame")).toBe("middleGame-training");
    expect(scenarioIdFor("opening")).toBe("opening-training");
  });

  it("the default placeholder has the start position and the reply to 1.e4 with their correct moves", () => {
    expect(sample).toMatchObject({ id: "opening-training", title: "Training", objective: "findBestMove" });
    expect(sample.positions.map((p) => [p.fen, p.correctMoves])).toEqual([
      [START, ["e2e4", "d2d4", "g1f3", "c2c4"]],
      [AFTER_E4, ["e7e5", "c7c5", "e7e6", "c7c6"]],
    ]);
    expect(createDefaultScenario({ title: "T", description: "D", phase: "middlegame" }).id).toBe(
      "middleGame-training",
    );
  });

  it("builds scenario positions from API positions", () => {
    const position = { id: 7, fen: START, correct_moves: ["Nf3"] } as Position;
    expect(scenarioPositionFrom(position)).toEqual({ id: "7", fen: START, correctMoves: ["Nf3"] });
  });
});

describe("training store: training (spec section 4)", () => {
  it("starts inactive with the spec's initial training state", () => {
    const s = start().getSnapshot();
    expect(s.value).toBe("inactive");
    expect(selectTrainingState(s)).toEqual({
      currentScenario: null,
      currentPositionIndex: 0,
      completedScenarios: [],
      hintsUsed: 0,
      correctMoves: 0,
      incorrectMoves: 0,
      isTrainingActive: false,
    });
    expect(selectCurrentScenarioPosition(s)).toBeNull();
    expect(selectCanNextPosition(s)).toBe(false);
    expect(selectCanPreviousPosition(s)).toBe(false);
  });

  it("Start sets the scenario, resets index, hints and counters, and activates training", () => {
    const store = start();
    store.send({ type: "scenario.start", scenario: threePositions });
    store.send({ type: "position.next" });
    store.send({ type: "hint.record" });
    store.send({ type: "move.record", correct: true });
    store.send({ type: "move.record", correct: false });
    store.send({ type: "move.record", correct: false });
    expect(selectTrainingState(store.getSnapshot())).toMatchObject({
      currentPositionIndex: 1,
      hintsUsed: 1,
      correctMoves: 1,
      incorrectMoves: 2,
      isTrainingActive: true,
    });

    store.send({ type: "scenario.start", scenario: sample });
    const s = store.getSnapshot();
    expect(s.value).toBe("active");
    expect(selectTrainingState(s)).toMatchObject({
      currentScenario: sample,
      currentPositionIndex: 0,
      hintsUsed: 0,
      correctMoves: 0,
      incorrectMoves: 0,
      isTrainingActive: true,
    });
    expect(selectCurrentScenarioPosition(s)?.fen).toBe(START);
  });

  it("Next advances only if not at the last position; Previous only if not at the first", () => {
    const store = start();
    store.send({ type: "scenario.start", scenario: threePositions });
    const index = () => store.getSnapshot().context.training.currentPositionIndex;
    expect(selectCanPreviousPosition(store.getSnapshot())).toBe(false);
    store.send({ type: "position.previous" });
    expect(index()).toBe(0);

    store.send({ type: "position.next" });
    store.send({ type: "position.next" });
    expect(index()).toBe(2);
    expect(selectCanNextPosition(store.getSnapshot())).toBe(false);
    expect(selectCanPreviousPosition(store.getSnapshot())).toBe(true);
    store.send({ type: "position.next" });
    expect(index()).toBe(2);
    expect(selectCurrentScenarioPosition(store.getSnapshot())?.id).toBe("c");

    store.send({ type: "position.previous" });
    expect(index()).toBe(1);
  });

  it("Complete adds the scenario id once and ends the active state", () => {
    const store = start();
    store.send({ type: "scenario.start", scenario: sample });
    store.send({ type: "scenario.complete" });
    expect(selectIsTrainingActive(store.getSnapshot())).toBe(false);
    store.send({ type: "scenario.start", scenario: sample });
    store.send({ type: "scenario.complete" });
    store.send({ type: "scenario.complete", scenarioId: "endGame-training" });
    store.send({ type: "scenario.complete", scenarioId: "endGame-training" });
    expect(store.getSnapshot().context.training.completedScenarios).toEqual([
      "opening-training",
      "endGame-training",
    ]);
  });

  it("Complete needs a scenario: the current one or a named one", () => {
    const store = start();
    expect(store.getSnapshot().can({ type: "scenario.complete" })).toBe(false);
    expect(store.getSnapshot().can({ type: "scenario.complete", scenarioId: "opening-training" })).toBe(true);
  });

  it("End training only clears the active flag", () => {
    const store = start();
    store.send({ type: "scenario.start", scenario: threePositions });
    store.send({ type: "position.next" });
    store.send({ type: "hint.record" });
    expect(store.getSnapshot().can({ type: "training.end" })).toBe(true);
    store.send({ type: "training.end" });
    const s = store.getSnapshot();
    expect(s.value).toBe("inactive");
    expect(selectTrainingState(s)).toMatchObject({
      currentScenario: threePositions,
      currentPositionIndex: 1,
      hintsUsed: 1,
      completedScenarios: [],
      isTrainingActive: false,
    });
    expect(s.can({ type: "training.end" })).toBe(false);
  });

  it("Reset returns training to its initial values", () => {
    const store = start();
    store.send({ type: "scenario.start", scenario: threePositions });
    store.send({ type: "position.next" });
    store.send({ type: "move.record", correct: true });
    store.send({ type: "scenario.complete" });
    store.send({ type: "scenario.start", scenario: sample });
    store.send({ type: "training.reset" });
    expect(selectTrainingState(store.getSnapshot())).toEqual({
      currentScenario: null,
      currentPositionIndex: 0,
      completedScenarios: [],
      hintsUsed: 0,
      correctMoves: 0,
      incorrectMoves: 0,
      isTrainingActive: false,
    });
  });
});

describe("training store: the visit's puzzles", () => {
  it("counts finished puzzles by outcome, apart from the moves; Start and Reset set them back to 0", () => {
    const store = start();
    expect(selectPuzzleCounts(store.getSnapshot())).toEqual({ clean: 0, helped: 0, failed: 0 });
    store.send({ type: "scenario.start", scenario: sample });
    // A clean solve, a solve after a wrong move, a shown answer (whose move is not the player's: not counted).
    store.send({ type: "move.record", correct: true });
    store.send({ type: "puzzle.record", outcome: "clean" });
    store.send({ type: "move.record", correct: false });
    store.send({ type: "move.record", correct: true });
    store.send({ type: "puzzle.record", outcome: "helped" });
    store.send({ type: "puzzle.record", outcome: "failed" });
    expect(selectPuzzleCounts(store.getSnapshot())).toEqual({ clean: 1, helped: 1, failed: 1 });
    expect(selectTrainingState(store.getSnapshot())).toMatchObject({ correctMoves: 2, incorrectMoves: 1 });

    store.send({ type: "scenario.start", scenario: sample });
    expect(selectPuzzleCounts(store.getSnapshot())).toEqual({ clean: 0, helped: 0, failed: 0 });
    store.send({ type: "puzzle.record", outcome: "failed" });
    store.send({ type: "training.reset" });
    expect(selectPuzzleCounts(store.getSnapshot())).toEqual({ clean: 0, helped: 0, failed: 0 });
  });
});

describe("training store: chess state", () => {
  it("starts at the standard start, empty history, white to move, nothing selected; resets there", () => {
    const store = start();
    const initial = {
      fen: START,
      history: [],
      isCheck: false,
      isGameOver: false,
      turn: "w",
      selectedSquare: null,
    };
    expect(selectChessState(store.getSnapshot())).toEqual(initial);

    store.send({
      type: "chess.update",
      patch: { fen: AFTER_E4, history: ["e4"], turn: "b", isCheck: false },
    });
    store.send({ type: "chess.selectSquare", square: "e7" });
    expect(selectChessState(store.getSnapshot())).toEqual({
      ...initial,
      fen: AFTER_E4,
      history: ["e4"],
      turn: "b",
      selectedSquare: "e7",
    });
    store.send({ type: "chess.selectSquare", square: null });
    expect(selectChessState(store.getSnapshot()).selectedSquare).toBeNull();

    store.send({ type: "chess.reset" });
    expect(selectChessState(store.getSnapshot())).toEqual(initial);
  });
});

describe("training store: UI settings", () => {
  it("has the spec's defaults exactly, and the green board with the classic pieces", () => {
    expect(selectUiSettings(start().getSnapshot())).toEqual({
      theme: "light",
      boardOrientation: "white",
      showLegalMoves: true,
      showCoordinates: true,
      showLastMove: true,
      highlightCheck: true,
      animationDuration: 300,
      showHints: false,
      boardSize: 560,
      mobileMenuOpen: false,
      activeTab: "training",
      boardTheme: "green",
      pieceSet: "classic",
    });
  });

  it("toggles the orientation and the mobile menu, updates and resets", () => {
    const store = start();
    const ui = () => selectUiSettings(store.getSnapshot());
    store.send({ type: "settings.toggleOrientation" });
    expect(ui().boardOrientation).toBe("black");
    store.send({ type: "settings.toggleOrientation" });
    expect(ui().boardOrientation).toBe("white");
    store.send({ type: "settings.toggleMobileMenu" });
    expect(ui().mobileMenuOpen).toBe(true);
    store.send({ type: "settings.toggleMobileMenu" });
    expect(ui().mobileMenuOpen).toBe(false);

    store.send({
      type: "settings.update",
      patch: { showCoordinates: false, boardSize: 480, activeTab: "hints" },
    });
    expect(ui()).toMatchObject({
      showCoordinates: false,
      boardSize: 480,
      activeTab: "hints",
      showLegalMoves: true,
    });
    store.send({ type: "settings.toggleOrientation" });
    store.send({ type: "settings.reset" });
    expect(ui()).toEqual(DEFAULT_UI_SETTINGS);
  });

  it("takes settings kept from an earlier visit, the rest defaulted", () => {
    const store = start({ ui: { theme: "dark", showCoordinates: false } });
    expect(selectUiSettings(store.getSnapshot())).toEqual({
      ...DEFAULT_UI_SETTINGS,
      theme: "dark",
      showCoordinates: false,
    });
  });

  it("settings and chess state survive a training reset", () => {
    const store = start();
    store.send({ type: "settings.toggleOrientation" });
    store.send({ type: "chess.selectSquare", square: "e2" });
    store.send({ type: "training.reset" });
    expect(selectUiSettings(store.getSnapshot()).boardOrientation).toBe("black");
    expect(selectChessState(store.getSnapshot()).selectedSquare).toBe("e2");
  });
});
