/** A text of the course in both of the site's languages (the course is content, so it carries its own words). */
export interface Bilingual {
  en: string;
  ar: string;
}

/**
 * What the player must reach, within `moves` of their own moves:
 * - `mate`: checkmate the opponent;
 * - `promote`: promote a pawn while the position stays won;
 * - `win`: leave the opponent a bare king while keeping mating material (or mate);
 * - `draw`: hold the position for `moves` moves without it slipping to a loss (or reach a drawn end of the game).
 */
export type EndgameGoal =
  | { kind: "mate"; moves: number }
  | { kind: "promote"; moves: number }
  | { kind: "win"; moves: number }
  | { kind: "draw"; moves: number };

export type EndgameSide = "white" | "black";

export interface EndgameExercise {
  /** Stable id, used in the address (/training/endgame-course/:id) and in stored progress. */
  id: string;
  /** Position at the start; the side to move is always the player's. */
  fen: string;
  player: EndgameSide;
  goal: EndgameGoal;
  title: Bilingual;
  /** The lesson: what the position teaches, in two or three sentences. */
  lesson: Bilingual;
  /** The technique's key idea, shown as the hint. */
  hint: Bilingual;
}

export interface EndgameChapter {
  id: string;
  title: Bilingual;
  exercises: readonly EndgameExercise[];
}
