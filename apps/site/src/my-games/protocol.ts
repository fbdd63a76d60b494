import type { PlayerColor, SearchLimits } from "@ct/chess";
import type { MyGamePuzzle } from "./puzzle";

/** One game of a pasted or opened PGN text, as the page lists it. */
export interface GameSummary {
  /** Place in the file, counting from 0 (bad games counted too). */
  index: number;
  /** The game's own PGN text. */
  pgn: string;
  white: string;
  black: string;
  event: string;
  date: string;
  result: string;
  /** Half-moves of its main line. */
  plies: number;
}

/** A game that could not be read: reported and skipped. */
export interface GameProblem {
  index: number;
  message: string;
  white: string;
  black: string;
}

/** Messages the page sends the analysis worker. */
export type ToWorker =
  | { type: "init"; engineUrl: string }
  | { type: "parse"; id: number; text: string }
  | { type: "analyse"; id: number; pgn: string; side: PlayerColor; limits: SearchLimits }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "cancel"; id: number };

/** Messages the worker answers with. */
export type FromWorker =
  | { type: "parsed"; id: number; games: GameSummary[]; problems: GameProblem[] }
  | {
      type: "progress";
      id: number;
      stage: "scan" | "solve";
      done: number;
      total: number;
      /** Searches finished in this game so far, and nodes the engine searched overall. */
      positions: number;
      nodes: number;
    }
  | {
      type: "analysed";
      id: number;
      puzzles: MyGamePuzzle[];
      mistakes: number;
      positions: number;
      ms: number;
    }
  | { type: "failed"; id: number; message: string; cancelled: boolean };
