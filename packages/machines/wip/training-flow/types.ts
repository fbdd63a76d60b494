import type { GamePhase, NextPosition, Position } from "@ct/contract";

/** How Next and Previous find positions (spec section 4). */
export type NavigationMode = "phase" | "byId" | "filter";

export type FeedbackKind = "best" | "mistake" | "invalid" | "answer";

/** What the feedback card shows; the site turns `kind` into the spec's message in the current language. */
export interface MoveFeedback {
  kind: FeedbackKind;
  evaluation: "best" | "mistake" | null;
  score: number | null;
  /** The move as the player made it, in standard notation when legal. */
  move: string;
  /** For a wrong move: the position it was played in and the move in coordinate form (for the refutation). */
  fenBefore: string;
  uci: string | null;
}

/** Spec section 8 messages that are not tied to one API call, as codes for the site to translate. */
export type TrainingNotice =
  | { kind: "loaded-puzzle"; id: number }
  | { kind: "puzzle-not-found" }
  | { kind: "no-positions-for-opening" }
  | { kind: "load-failed"; message: string };

export interface PlayedMove {
  san: string;
  uci: string;
  by: "player" | "opponent";
}

export interface TrainingFlowInput {
  phase: GamePhase;
  /** Delay before the opponent's reply of a multi-move solution is played (the move animation). */
  replyDelayMs?: number;
}

export interface TrainingFlowContext {
  phase: GamePhase;
  replyDelayMs: number;
  mode: NavigationMode;
  /** Positions seen in this module in phase mode, or the filtered list in filter mode. */
  list: Position[];
  index: number;
  /** Positions in the phase (or in the filtered list). */
  total: number;
  opening: string | null;
  position: Position | null;
  fen: string;
  moves: PlayedMove[];
  /** How many plies of the solution line have been played. */
  ply: number;
  feedback: MoveFeedback | null;
  /** The server said there is no next position: Next becomes Complete. */
  atEnd: boolean;
  notice: TrainingNotice | null;
  /** The spec message of the last failed load, shown by the error state. */
  error: string | null;
}

export type TrainingFlowEvent =
  | { type: "move.play"; move: string }
  | { type: "training.next" }
  | { type: "training.previous" }
  | { type: "training.reset" }
  | { type: "training.showAnswer" }
  | { type: "training.complete" }
  | { type: "training.retry" }
  | { type: "training.goToId"; id: number }
  | { type: "training.filter"; opening: string | null }
  | { type: "hint.request" }
  | { type: "hint.more" };

/** Emitted for the client store and the local progress records. */
export type TrainingFlowEmitted =
  | { type: "progress.move"; position: Position; move: string; evaluation: "best" | "mistake" }
  | { type: "progress.hint"; position: Position }
  | { type: "progress.solved"; position: Position }
  | { type: "progress.complete"; phase: GamePhase };

export interface FirstLoad {
  position: Position | null;
  total: number;
}

export interface TrainingLoaders {
  first: (input: { phase: GamePhase }) => Promise<FirstLoad>;
  nextByPhase: (input: { phase: GamePhase; sequence: number }) => Promise<NextPosition>;
  nextById: (input: { id: number }) => Promise<NextPosition>;
  previousBySequence: (input: { sequence: number }) => Promise<Position>;
  byId: (input: { id: number }) => Promise<Position>;
  byOpening: (input: { phase: GamePhase; opening: string }) => Promise<Position[]>;
}
