/** The client's names for the game phases (spec section 3). */
export type ClientPhase = "opening" | "middleGame" | "endGame";

/** A position inside a scenario: its id, FEN and the listed correct moves (coordinate or standard notation). */
export interface ScenarioPosition {
  id: string;
  fen: string;
  correctMoves: string[];
}

/** A scenario, built per phase on the client (spec section 3). */
export interface Scenario {
  /** '{phase}-training', e.g. 'middleGame-training'. */
  id: string;
  title: string;
  description: string;
  phase: ClientPhase;
  positions: ScenarioPosition[];
  objective: "findBestMove";
}

/** Chess state (spec section 3): the standard start, empty history, white to move, no square selected. */
export interface ChessState {
  fen: string;
  history: string[];
  isCheck: boolean;
  isGameOver: boolean;
  turn: "w" | "b";
  selectedSquare: string | null;
}

/** The board's colour themes and piece sets a player can choose (packages/ui's BOARD_THEMES and PIECE_SETS). */
export type BoardThemeName = "green" | "blue" | "brown" | "grey" | "purple" | "ice";
export type PieceSetName = "classic" | "geometric" | "outline" | "letters";

/**
 * UI settings (spec section 3), with the spec's defaults in DEFAULT_UI_SETTINGS; beyond the spec, the board's
 * colours and pieces, which the site keeps in browser storage.
 */
export interface UiSettings {
  theme: "light" | "dark";
  boardOrientation: "white" | "black";
  showLegalMoves: boolean;
  showCoordinates: boolean;
  showLastMove: boolean;
  highlightCheck: boolean;
  animationDuration: number;
  showHints: boolean;
  boardSize: number;
  mobileMenuOpen: boolean;
  activeTab: string;
  boardTheme: BoardThemeName;
  pieceSet: PieceSetName;
}

/** Training state of spec section 3 without isTrainingActive, which is the machine's state (active/inactive). */
export interface TrainingProgress {
  currentScenario: Scenario | null;
  currentPositionIndex: number;
  /** Ids of completed scenarios, without duplicates. */
  completedScenarios: string[];
  hintsUsed: number;
  correctMoves: number;
  incorrectMoves: number;
}

/** The spec's training state, as selected from the store. */
export interface TrainingState extends TrainingProgress {
  isTrainingActive: boolean;
}

/**
 * Puzzles finished in this visit by how they went (beyond the spec, whose counters count moves): solved cleanly,
 * solved with help (a hint or a wrong move first), or failed (the answer was shown).
 */
export interface PuzzleCounts {
  clean: number;
  helped: number;
  failed: number;
}

export interface TrainingStoreContext {
  training: TrainingProgress;
  /** The visit's finished puzzles; Start and Reset set them back to 0. */
  puzzles: PuzzleCounts;
  chess: ChessState;
  ui: UiSettings;
}

export interface TrainingStoreInput {
  /** Settings the site kept from an earlier visit; the rest take the spec's defaults. */
  ui?: Partial<UiSettings>;
}

export type TrainingStoreEvent =
  | { type: "scenario.start"; scenario: Scenario }
  /** Completes the given scenario, or the current one. */
  | { type: "scenario.complete"; scenarioId?: string }
  | { type: "training.end" }
  | { type: "training.reset" }
  | { type: "position.next" }
  | { type: "position.previous" }
  | { type: "hint.record" }
  | { type: "move.record"; correct: boolean }
  /** A puzzle of the visit is finished (counted once per puzzle by the caller). */
  | { type: "puzzle.record"; outcome: keyof PuzzleCounts }
  | { type: "chess.update"; patch: Partial<ChessState> }
  | { type: "chess.selectSquare"; square: string | null }
  | { type: "chess.reset" }
  | { type: "settings.update"; patch: Partial<UiSettings> }
  | { type: "settings.reset" }
  | { type: "settings.toggleOrientation" }
  | { type: "settings.toggleMobileMenu" };
