import type { Chess } from "chessops/chess";
import { makeFen } from "chessops/fen";
import { ARABIC } from "./coach/ar";
import { IllegalMoveError, loadPosition, playPly } from "./coach/board";
import { ENGLISH } from "./coach/en";
import { gatherFacts } from "./coach/facts";

export { IllegalMoveError } from "./coach/board";

import type { Phrasebook } from "./coach/phrasebook";

export interface CoachInput {
  /** The position the solver faces (full FEN). */
  fen: string;
  /**
   * The same position already loaded (chessops), when the caller has it: it is not parsed again, and the solution
   * is played on it (so it is changed).
   */
  position?: Chess;
  /** UCI moves: solver, opponent, solver, …; ends on a solver move. */
  solution: string[];
  /** Lichess theme keys (unknown keys are ignored). */
  themes: string[];
  /** Engine score after the solution, centipawns from the solver's view. */
  cp?: number;
  /** Moves to mate for the solver, when the line mates or the engine sees mate. */
  mate?: number;
  /**
   * The engine's main alternative: a natural-looking other move and the reply that refutes it, when known.
   * `cp`/`mate` score the alternative from the solver's view, like the puzzle's own score.
   */
  alternative?: { move: string; reply: string; cp?: number; mate?: number };
}

export interface CoachTexts {
  hints: {
    subtle_en: string;
    subtle_ar: string;
    moderate_en: string;
    moderate_ar: string;
    explicit_en: string;
    explicit_ar: string;
  };
  description_en: string;
  description_ar: string;
  explanation_en: string;
  explanation_ar: string;
}

/** Stored-field limits of the positions contract (hints 500, descriptions 1000, explanations 4000). */
const LIMITS = { hint: 500, description: 1000, explanation: 4000 } as const;

/** Keeps a text within `max` characters, cutting at the last full sentence that fits (or at a word). */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const sentence = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(": "));
  return sentence > max / 2 ? cut.slice(0, sentence + 1) : `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

type Facts = ReturnType<typeof gatherFacts>;

interface LanguageTexts {
  subtle: string;
  moderate: string;
  explicit: string;
  description: string;
  explanation: string;
}

function writeHints(book: Phrasebook, facts: Facts): Pick<LanguageTexts, "subtle" | "moderate" | "explicit"> {
  const subtle = fit(book.subtle(facts), LIMITS.hint);
  return {
    subtle,
    moderate: fit(book.moderate(facts, subtle), LIMITS.hint),
    explicit: fit(book.explicit(facts), LIMITS.hint),
  };
}

function write(book: Phrasebook, facts: Facts): LanguageTexts {
  return {
    ...writeHints(book, facts),
    description: fit(book.description(facts), LIMITS.description),
    explanation: fit(book.explanation(facts), LIMITS.explanation),
  };
}

/**
 * Writes the three hint levels, the description and the explanation of a puzzle in English and Arabic from the
 * position itself: the pieces, squares, line and material named in the texts are read off the board (chessops),
 * so an importer can coach thousands of puzzles without hand-written prose.
 *
 * Throws when the FEN is not a legal position, or an IllegalMoveError when the solution has an illegal move
 * (a promotion needs its letter): texts about a wrong line would teach the wrong thing, so the caller should skip
 * such a puzzle. An alternative that is not legal is ignored.
 */
export function composeCoaching(input: CoachInput): CoachTexts {
  const facts = gatherFacts(input);
  const en = write(ENGLISH, facts);
  const ar = write(ARABIC, facts);
  return {
    hints: {
      subtle_en: en.subtle,
      subtle_ar: ar.subtle,
      moderate_en: en.moderate,
      moderate_ar: ar.moderate,
      explicit_en: en.explicit,
      explicit_ar: ar.explicit,
    },
    description_en: en.description,
    description_ar: ar.description,
    explanation_en: en.explanation,
    explanation_ar: ar.explanation,
  };
}

export interface StepHintsInput {
  /** The puzzle's position (full FEN), before the solver's first move. */
  fen: string;
  /** The puzzle's whole line, UCI: solver, opponent, solver, … */
  solution: string[];
  /** The puzzle's themes (lichess keys), as stored. */
  themes: string[];
  /** The half-move of the solver's move to hint at: 0 for the first, 2 for the second, … (even). */
  ply: number;
}

/**
 * The puzzle's themes as they stand from a later step of the line: a mate in N is a mate in fewer moves by then
 * (`mateIn3` two solver moves in is `mateIn1`); the rest are kept, and the composer keeps of them only what the
 * rest of the line shows (see `laterStep` in coach/facts.ts).
 */
function themesFromStep(themes: readonly string[], ply: number): string[] {
  const done = ply / 2;
  return themes.map((theme) => {
    const mateIn = /^mateIn(\d+)$/.exec(theme)?.[1];
    return mateIn && Number(mateIn) > done ? `mateIn${Number(mateIn) - done}` : theme;
  });
}

/**
 * The three hint levels, in English and Arabic, for the solver's move at half-move `ply` of the line (0: the
 * first move, whose hints are the stored ones): the line is played up to `ply` on the puzzle's position and the
 * rest of it is coached as a puzzle of its own, so the hints name the piece, square and move expected at that
 * step. Only board work (no engine), cheap enough for the browser.
 *
 * Throws when `ply` is not the even index of a solver move of the line, when the FEN is not a legal position, or
 * an IllegalMoveError when a move of the line is not legal.
 */
export function composeStepHints(input: StepHintsInput): CoachTexts["hints"] {
  const { fen, solution, ply } = input;
  if (!Number.isInteger(ply) || ply < 0 || ply % 2 !== 0 || ply >= solution.length)
    throw new Error(`composeStepHints: ply ${ply} is not a solver move of a ${solution.length}-move line`);
  const position = loadPosition(fen);
  for (const [index, uci] of solution.slice(0, ply).entries())
    if (!playPly(position, uci)) throw new IllegalMoveError(index, uci);
  const facts = gatherFacts({
    fen: ply === 0 ? fen : makeFen(position.toSetup()),
    position,
    solution: solution.slice(ply),
    themes: ply === 0 ? input.themes : themesFromStep(input.themes, ply),
    laterStep: ply > 0,
  });
  const en = writeHints(ENGLISH, facts);
  const ar = writeHints(ARABIC, facts);
  return {
    subtle_en: en.subtle,
    subtle_ar: ar.subtle,
    moderate_en: en.moderate,
    moderate_ar: ar.moderate,
    explicit_en: en.explicit,
    explicit_ar: ar.explicit,
  };
}
