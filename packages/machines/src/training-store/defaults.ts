import { START_FEN } from "@ct/chess";
import { CLIENT_PHASE, type GamePhase, type Position } from "@ct/contract";
import type {
  ChessState,
  ClientPhase,
  PuzzleCounts,
  Scenario,
  ScenarioPosition,
  TrainingProgress,
  UiSettings,
} from "./types";

/** Spec section 3, UI settings, with its defaults exactly; then the board's colours and pieces (green, classic). */
export const DEFAULT_UI_SETTINGS: Readonly<UiSettings> = Object.freeze({
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

/** Spec section 3, chess state: the standard start position, empty history, white to move. */
export const INITIAL_CHESS_STATE: Readonly<ChessState> = Object.freeze({
  fen: START_FEN,
  history: [],
  isCheck: false,
  isGameOver: false,
  turn: "w",
  selectedSquare: null,
});

/** Spec section 3, training state (isTrainingActive false is the machine's inactive state). */
export const INITIAL_TRAINING: Readonly<TrainingProgress> = Object.freeze({
  currentScenario: null,
  currentPositionIndex: 0,
  completedScenarios: [],
  hintsUsed: 0,
  correctMoves: 0,
  incorrectMoves: 0,
});

/** No puzzle finished yet in the visit. */
export const NO_PUZZLES: Readonly<PuzzleCounts> = Object.freeze({ clean: 0, helped: 0, failed: 0 });

const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/** The client phase name of a stored phase; client names pass through. */
export function clientPhase(phase: GamePhase | ClientPhase): ClientPhase {
  return phase === "middleGame" || phase === "endGame" ? phase : CLIENT_PHASE[phase];
}

/** '{phase}-training' (spec section 3), e.g. 'middleGame-training'. */
export function scenarioIdFor(phase: GamePhase | ClientPhase): string {
  return `${clientPhase(phase)}-training`;
}

/** A scenario position from an API position. */
export function scenarioPositionFrom(position: Position): ScenarioPosition {
  return { id: String(position.id), fen: position.fen, correctMoves: [...position.correct_moves] };
}

/** A phase's scenario (spec section 3): id '{phase}-training', objective 'findBestMove'. */
export function createScenario(options: {
  phase: GamePhase | ClientPhase;
  title: string;
  description: string;
  positions: ScenarioPosition[];
}): Scenario {
  return {
    id: scenarioIdFor(options.phase),
    title: options.title,
    description: options.description,
    phase: clientPhase(options.phase),
    positions: options.positions,
    objective: "findBestMove",
  };
}

/** The two sample positions of the default placeholder scenario (spec section 3). */
export const DEFAULT_SCENARIO_POSITIONS: readonly ScenarioPosition[] = Object.freeze([
  { id: "sample-start", fen: START_FEN, correctMoves: ["e2e4", "d2d4", "g1f3", "c2c4"] },
  { id: "sample-after-e4", fen: AFTER_E4, correctMoves: ["e7e5", "c7c5", "e7e6", "c7c6"] },
]);

/**
 * The default placeholder scenario (spec section 3), used when a module's scenario cannot be loaded ('Failed to
 * load training scenarios'). Title and description are the caller's (translated) texts; the phase defaults to
 * opening, where both sample positions belong.
 */
export function createDefaultScenario(options: {
  title: string;
  description: string;
  phase?: GamePhase | ClientPhase;
}): Scenario {
  return createScenario({
    phase: options.phase ?? "opening",
    title: options.title,
    description: options.description,
    positions: DEFAULT_SCENARIO_POSITIONS.map((p) => ({ ...p, correctMoves: [...p.correctMoves] })),
  });
}
