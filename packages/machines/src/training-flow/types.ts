import type { EvaluationKind } from "@ct/chess";
import type { GamePhase, NextPosition, Position } from "@ct/contract";
import type { HintLevel } from "../hint-levels";
import type { PuzzleOutcome } from "../progress/types";
import type { AlternativeScores } from "./alternative";
import type { ChessRules } from "./chess-rules";

/**
 * How Next and Previous find positions (spec section 4): by phase and sequence number, by puzzle id (after Go by
 * ID), through the local list an opening filter produced, or (beyond the spec) near the player's rating: the
 * library's selection, by phase or by theme. Previous steps back through the puzzles shown in every mode but byId.
 */
export type NavigationMode = "phase" | "byId" | "filter" | "rated" | "list";

/** Which load failed; the error screen shows its message and Retry runs it again. */
export type FailedLoad = "first" | "nextByPhase" | "nextById" | "nextRated" | "previous" | "filter";

/** The spec's training-screen messages for a failed load (section 8), as codes for the site to translate. */
export type LoadErrorCode = "first" | "next" | "previous" | "position";

/**
 * Feedback card messages: `correct` solves the puzzle cleanly (first try, no hint), `helped` solves it after a hint,
 * a mistake or a shown answer, `continue` is a correct move of a multi-move line that is
 * not its last (not in the spec, which has single-move puzzles only), `answer` is Show Answer. `checking`: the engine
 * is judging a move the puzzle did not list; `alternative`: it wins as well, and the puzzle's line is shown.
 */
export type FeedbackMessage =
  | "correct"
  | "helped"
  | "continue"
  | "answer"
  | "mistake"
  | "invalid"
  | "checking"
  | "alternative";

/** What the feedback card shows; the site turns `message` into the spec's text in the current language. */
export interface MoveFeedback {
  /** `good`: another winning move than the puzzle's; `checking`: not judged yet (the engine is searching). */
  kind: "best" | "good" | "mistake" | "invalid" | "checking";
  message: FeedbackMessage;
  /** The evaluation of spec section 3 (null for an illegal move or one not judged yet); a winning alternative is best. */
  evaluation: Extract<EvaluationKind, "best" | "mistake"> | null;
  /** 1 for a correct move, -0.5 for a wrong one (spec section 9), null for an illegal or unjudged one. */
  score: 1 | -0.5 | null;
  /** The move in standard notation when legal, otherwise as the player sent it. */
  move: string;
  /** The move in coordinate form (null when illegal). */
  uci: string | null;
  /** The position the move was played in (for the "why not my move" refutation). */
  fenBefore: string;
}

/** Messages that are not tied to a move (spec sections 4, 5), as codes for the site to translate. */
export type TrainingNotice =
  | { kind: "loaded-puzzle"; id: number }
  | { kind: "puzzle-not-found" }
  | { kind: "no-positions-for-opening"; opening: string }
  /** Complete with an opening filter: that opening's positions are done; the module goes on. */
  | { kind: "opening-complete"; opening: string; count: number };

export interface PlayedMove {
  san: string;
  uci: string;
  from: string;
  to: string;
  /** The position after the move. */
  fen: string;
  by: "player" | "opponent";
}

export interface TrainingFlowInput {
  /** The module's phase; null trains across every phase (a theme's set), which is always by rating. */
  phase: GamePhase | null;
  /** Next picks puzzles near the player's rating (the library's selection) instead of the phase's order. */
  rated?: boolean;
  /** Only puzzles with all these themes (rated selection). */
  themes?: readonly string[];
  /** Train exactly these puzzles, in this order (the review of mistakes); Next ends with Complete. */
  ids?: readonly number[];
  /** Start at this puzzle instead of the set's first (a puzzle's address: a reload, a copied link). */
  start?: number;
  /** Delay before the opponent's reply of a multi-move line is played: the move animation (default 300 ms). */
  replyDelayMs?: number;
  /** Clock for the time spent on a move; injectable for tests. */
  now?: () => number;
  /**
   * The chess rules, when the caller has them at hand (tests). Left out, the flow loads them (`loadRules`) as it
   * starts, in parallel with the first position; a move or Show Answer before they arrive waits for them.
   */
  rules?: ChessRules;
}

export interface TrainingFlowContext {
  phase: GamePhase | null;
  /** The player's choice of order: by rating (true) or the phase's sequence (false). */
  rated: boolean;
  themes: readonly string[];
  /** The puzzles of a fixed list (review), or null. */
  ids: readonly number[] | null;
  /** The puzzle the next first load starts at (a puzzle's address), or null for the set's own start. */
  start: number | null;
  replyDelayMs: number;
  now: () => number;
  mode: NavigationMode;
  /**
   * Phase mode: the positions seen so far in this module (Previous steps back through it, Next steps forward
   * through it before asking the server). Filter mode: the filtered list. Puzzle-by-ID mode: the current one.
   */
  list: Position[];
  index: number;
  /** Positions of the phase before `list[0]` (a module resumed past its start): 'Position N' counts them. */
  offset: number;
  /** Positions in the phase (from the phase counts) or in the filtered list. */
  total: number;
  /** Nothing follows the last position of `list` (the server said no_more_puzzles, or the filtered list ends). */
  endReached: boolean;
  /** The opening filter; null is All Openings. */
  opening: string | null;
  position: Position | null;
  /** The board: the position's FEN plus the moves played so far. */
  fen: string;
  moves: PlayedMove[];
  /** Plies of the solution line played so far. */
  ply: number;
  solved: boolean;
  feedback: MoveFeedback | null;
  /** The hint card (spec section 4), stepped by the hint-levels machine's transitions. */
  hintLevel: HintLevel;
  hintRequests: number;
  /** A hint was asked for or a wrong move played on this position (Reset keeps it: it is no longer a first try). */
  helped: boolean;
  /** The answer was shown (Show Answer, or the hint's Play button). */
  revealed: boolean;
  /** Show Answer is playing the line to its end: each reply is followed by the next answer move. */
  autoplay: boolean;
  /** When the player got the move (for the time spent on it). */
  turnStartedAt: number;
  notice: TrainingNotice | null;
  /** The load that failed while in the error state. */
  failed: FailedLoad | null;
  /** The opening being loaded by the filter (kept for Retry). */
  pendingOpening: string | null;
  /** The chess rules (chess.js), null until `loadRules` has brought them. */
  rules: ChessRules | null;
  /** A move or Show Answer made before the rules arrived: taken up as soon as they do (the latest one only). */
  held: HeldEvent | null;
  /** A legal move off the line, while the engine judges whether it wins as well. */
  pending: PendingMove | null;
  /** A winning alternative was played: the puzzle's own line is being shown to its end. */
  showingLine: boolean;
}

/** A move off the puzzle's line that the engine is judging. */
export interface PendingMove {
  /** The move, with the position after it. */
  played: { fen: string; san: string; uci: string };
  /** When it was played (for the time spent on it). */
  at: number;
  /** The player's moves the line still needs to mate, or null when it does not end in mate (see `lineMate`). */
  lineMate: number | null;
}

/**
 * What the engine is asked about a move off the line: the position after it and, unless the line's mate already
 * sets the bar, the position after the puzzle's move (both with the opponent to move).
 */
export interface AlternativeInput {
  fenAfter: string;
  fenExpected: string | null;
}

/** What waits for the chess rules: the player's move or Show Answer. */
export type HeldEvent = Extract<TrainingFlowEvent, { type: "move.play" | "training.showAnswer" }>;

export type TrainingFlowEvent =
  | { type: "move.play"; move: string }
  | { type: "training.next" }
  | { type: "training.previous" }
  | { type: "training.reset" }
  /**
   * "Try again" after a puzzle ended with help or a shown answer: the same puzzle from its start as a fresh try (the
   * review cards' "again today"), nothing of the last try carried over, unlike Reset, which keeps it counted as
   * helped or failed.
   */
  | { type: "training.again" }
  | { type: "training.showAnswer" }
  | { type: "training.complete" }
  | { type: "training.retry" }
  | { type: "training.dismissError" }
  | { type: "training.goToId"; id: number }
  | { type: "training.filter"; opening: string | null }
  /** By rating or in the phase's order, from the next puzzle on (a module's choice; a theme's set is always rated). */
  | { type: "training.order"; rated: boolean }
  /** Opens this puzzle as a first load would, in the current order (a puzzle's address: Back and Forward). */
  | { type: "training.open"; id: number }
  /**
   * The shown puzzle's place in the phase's order and the phase's size, found by the site after a switch to the
   * phase's order, so 'Position N of M' counts from the phase's start and Previous steps back by sequence.
   */
  | { type: "training.locate"; id: number; place: number; total: number }
  | { type: "hint.request" }
  | { type: "hint.more" };

/** Emitted for the client store and the local progress records (subscribe with `actor.on(type, …)`). */
export type TrainingFlowEmitted =
  | {
      type: "progress.move";
      position: Position;
      /** The position the move was played in. */
      fen: string;
      /** Coordinate form. */
      move: string;
      san: string;
      evaluation: "best" | "mistake";
      score: 1 | -0.5;
      timeSpentMs: number;
      /** Played by Show Answer. */
      answer: boolean;
    }
  | { type: "progress.hint"; position: Position; level: HintLevel }
  | { type: "progress.solved"; position: Position; outcome: PuzzleOutcome }
  | { type: "progress.complete"; phase: GamePhase | null };

export interface RatedLoadInput {
  phase: GamePhase | null;
  themes: readonly string[];
}

export interface FirstLoadInput extends RatedLoadInput {
  rated: boolean;
  /** A fixed list to train: the loader answers with every one of them that still exists, in `list`. */
  ids: readonly number[] | null;
  /** Start at this puzzle (a puzzle's address) rather than the set's first; null for the set's own start. */
  start: number | null;
}

/** The first load: the first position of the phase (null when it has none) and the phase's position count. */
export interface FirstLoad {
  position: Position | null;
  total: number;
  /** Nothing follows the first position; when left out, a total of 1 or less means so. */
  no_more_puzzles?: boolean;
  /** The whole fixed list, when one was asked for. */
  list?: Position[];
  /**
   * The first position's place in the phase (1-based) when the module resumes past its start (at the first puzzle
   * not yet solved cleanly); 1 when left out.
   */
  place?: number;
  /**
   * The start puzzle is not part of the phase's order (another phase's puzzle in a module's address): it is shown
   * as Go to Puzzle by ID shows one, and Next and Previous go on by id.
   */
  byId?: boolean;
  /**
   * Puzzles by rating shown before the start puzzle in this visit (a reload of a puzzle's address): Previous steps
   * back through them as through the puzzles shown since. Ignored in the phase's order, which steps back by sequence.
   */
  before?: Position[];
}

/** Inputs and outputs of the actors the site supplies with `trainingFlowMachine.provide({ actors })`. */
export interface TrainingLoaders {
  /** The first position: the phase's first, or (rated) the library's choice for the player. */
  loadFirst: (input: FirstLoadInput) => Promise<FirstLoad>;
  /** The library's next puzzle for the player (the site adds the rating, difficulty and recently seen ones). */
  loadNextRated: (input: RatedLoadInput) => Promise<NextPosition>;
  loadNextByPhase: (input: { phase: GamePhase; sequence: number }) => Promise<NextPosition>;
  loadNextById: (input: { id: number }) => Promise<NextPosition>;
  loadPreviousBySequence: (input: { sequence: number }) => Promise<Position>;
  loadById: (input: { id: number }) => Promise<Position>;
  /** Every position of the phase whose opening equals `opening`. */
  loadByOpening: (input: { phase: GamePhase; opening: string }) => Promise<Position[]>;
  /**
   * The engine's scores for a move off the line and for the puzzle's move (the browser's Stockfish, on a small
   * budget). Rejecting, or not provided, leaves the move a mistake.
   */
  scoreAlternative: (input: AlternativeInput) => Promise<AlternativeScores>;
}
