import { type CoachTexts, composeCoaching } from "@ct/chess";
import type { Chess } from "chessops/chess";

/**
 * The texts of an imported puzzle, written by the composer from the puzzle itself: the position the solver faces,
 * the solution (UCI, solver first) and its themes (a `mateInN` theme tells the composer the line mates). The
 * importer calls it when it stores texts; `rows.ts` calls it when it reads a row imported without them, so both
 * give the same words for the same puzzle. Throws on an illegal line (the importer refuses those).
 */
export function composePuzzleTexts(input: {
  fen: string;
  solution: string[];
  themes: string[];
  /** The position already loaded, when the caller has it (the composer plays the line on it). */
  position?: Chess;
}): CoachTexts {
  const mateIn = input.themes.map((theme) => /^mateIn([1-9])$/.exec(theme)?.[1]).find(Boolean);
  return composeCoaching({
    fen: input.fen,
    ...(input.position ? { position: input.position } : {}),
    solution: input.solution,
    themes: input.themes,
    ...(mateIn ? { mate: Number(mateIn) } : {}),
  });
}

/**
 * The stored value of `hints` (and of the four text columns, with an empty string) for a puzzle imported without
 * texts: its texts are composed when it is read, from its FEN, solution and themes. A lichess import of a million
 * lines spends about half its time composing otherwise, and its rows are four times larger; composed on reading,
 * the texts also follow every improvement of the composer without a new import.
 */
export const TEXTS_ON_READ = "";

/** The stored text columns of a row, composed when the row was imported without them. */
export interface RowTexts {
  description_en: string;
  description_ar: string | null;
  explanation_en: string;
  explanation_ar: string | null;
  /** JSON of the hints object, as stored. */
  hints: string;
}

/** A row's texts as stored, or composed now when it was imported without them (`hints` is TEXTS_ON_READ). */
export function textsOfRow(row: RowTexts & { fen: string; solution: string; themes: string }): RowTexts {
  if (row.hints !== TEXTS_ON_READ) return row;
  const texts = composePuzzleTexts({
    fen: row.fen,
    solution: JSON.parse(row.solution) as string[],
    themes: JSON.parse(row.themes) as string[],
  });
  return {
    description_en: texts.description_en,
    description_ar: texts.description_ar,
    explanation_en: texts.explanation_en,
    explanation_ar: texts.explanation_ar,
    hints: JSON.stringify(texts.hints),
  };
}
