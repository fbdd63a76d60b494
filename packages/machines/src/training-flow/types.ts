import type { EvaluationKind } from "@ct/chess";
import type { GamePhase, NextPosition, Position } from "@ct/contract";
import type { HintLevel } from "../hint-levels";
import type { PuzzleOutcome } from "../progress/types";

/**
 * How Next and Previous find positions (spec section 4): by phase and sequence number, by puzzle id (after Go by
 * ID), or through the local list an opening filter produced.
 */
export type NavigationMode = "phase" | "byId" | "filter";

/** Which load failed; the error screen shows its message and Retry runs it again. */
export type FailedLoad = "first" | "nextByPhase" | "nextById" | "previous" | "filter";

/** The spec's training-screen messages for a failed load (section 8), as codes for the site to translate. */
export type LoadErrorCode = "first" | "next" | "previous" | "position";

/**
 * Feedback card messages: `correct` solves the puzzle cleanly (first try, no hint), `helped` solves it after a hint,
 * a mistake or a shown answer, `continue` is a correct move of a multi-move line that is
 * not its last (not in the spec, which has single-move puzzles only), `answer` is Show Answer.
 */
export type FeedbackMessage = "correct" | "helped" | "continue" | "answer" | "mistake" | "invalid";

/** What the feedback card shows; the site turns `message` into the spec's text in the current language. */
export interface MoveFeedback {
  kind: "best" | "mistake" | "invalid";
  message: FeedbackMessage;
  /** The evaluation of spec section 3 (null for an illegal move). */
  evaluation: Extract<EvaluationKind, "best" | "mistake"> | null;
  /** 1 for a correct move, -0.5 for a wrong one (spec section 9), null for an illegal one. */
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
  | { kind: "no-positions-for-opening"; opening: string };

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
  phase: GamePhase;
  /** Delay before the opponent's reply of a multi-move line is played: the move animation (default 300 ms). */
  replyDelayMs?: number;
  /** Clock for the time spent on a move; injectable for tests. */
  now?: () => number;
}

export interface TrainingFlowContext {
  phase: GamePhase;
  replyDelayMs: number;
  now: () => number;
  mode: NavigationMode;
  /**
   * Phase mode: the positions seen so far in this module (Previous steps back through it, Next steps forward
   * through it before asking the server). Filter mode: the filtered list. Puzzle-by-ID mode: the current one.
   */
  list: Position[];
  index: number;
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
  /** When the player got the move (for the time spent on it). */
  turnStartedAt: number;
  notice: TrainingNotice | null;
  /** The load that failed while in the error state. */
  failed: FailedLoad | null;
  /** The opening being loaded by the filter (kept for Retry). */
  pendingOpening: string | null;
}

export type TrainingFlowEvent =
  | { type: "move.play"; move: string }
  | { type: "training.next" }
  | { type: "training.previous" }
  | { type: "training.reset" }
  | { type: "training.showAnswer" }
  | { type: "training.complete" }
  | { type: "training.retry" }
  | { type: "training.dismissError" }
  | { type: "training.goToId"; id: number }
  | { type: "training.filter"; opening: string | null }
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
  | { type: "progress.complete"; phase: GamePhase };

/** The first load: the first position of the phase (null when it has none) and the phase's position count. */
export interface FirstLoad {
  position: Position | null;
  total: number;
  /** Nothing follows the first position; when left out, a total of 1 or less means so. */
  no_more_puzzles?: boolean;
}

/** Inputs and outputs of the actors the site supplies with `trainingFlowMachine.provide({ actors })`. */
export interface TrainingLoaders {
  loadFirst: (input: { phase: GamePhase }) => Promise<FirstLoad>;
  loadNextByPhase: (input: { phase: GamePhase; sequence: number }) => Promise<NextPosition>;
  loadNextById: (input: { id: number }) => Promise<NextPosition>;
  loadPreviousBySequence: (input: { sequence: number }) => Promise<Position>;
  loadById: (input: { id: number }) => Promise<Position>;
  /** Every position of the phase whose opening equals `opening`. */
  loadByOpening: (input: { phase: GamePhase; opening: string }) => Promise<Position[]>;
}
