import type { SnapshotFrom } from "xstate";
import type { TrainingStoreMachine } from "./training-store.machine";
import type { TrainingState } from "./types";

type Snapshot = SnapshotFrom<TrainingStoreMachine>;

export const selectIsTrainingActive = (s: Snapshot) => s.matches("active");
export const selectCurrentScenario = (s: Snapshot) => s.context.training.currentScenario;
export const selectCurrentPositionIndex = (s: Snapshot) => s.context.training.currentPositionIndex;
/** The scenario position at the current index (null without a scenario). */
export const selectCurrentScenarioPosition = (s: Snapshot) =>
  s.context.training.currentScenario?.positions[s.context.training.currentPositionIndex] ?? null;
export const selectCompletedScenarios = (s: Snapshot) => s.context.training.completedScenarios;
export const selectHintsUsed = (s: Snapshot) => s.context.training.hintsUsed;
export const selectCorrectMoves = (s: Snapshot) => s.context.training.correctMoves;
export const selectIncorrectMoves = (s: Snapshot) => s.context.training.incorrectMoves;
/** The visit's finished puzzles by outcome (compare shallowly when selecting it in React). */
export const selectPuzzleCounts = (s: Snapshot) => s.context.puzzles;
/** The whole training state in the spec's shape (section 3); a new object each time, compare shallowly. */
export const selectTrainingState = (s: Snapshot): TrainingState => ({
  ...s.context.training,
  isTrainingActive: s.matches("active"),
});
export const selectCanNextPosition = (s: Snapshot) => s.can({ type: "position.next" });
export const selectCanPreviousPosition = (s: Snapshot) => s.can({ type: "position.previous" });
export const selectChessState = (s: Snapshot) => s.context.chess;
export const selectUiSettings = (s: Snapshot) => s.context.ui;
export const selectBoardOrientation = (s: Snapshot) => s.context.ui.boardOrientation;
export const selectMobileMenuOpen = (s: Snapshot) => s.context.ui.mobileMenuOpen;
