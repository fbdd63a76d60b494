/**
 * The engine's facts behind a seed position's texts, kept beside it in positions.json (as `coach`): the final
 * score of its line (or its mate) and the natural-looking alternative with its score, all from the solver's view.
 * The texts are composed from them and the position (`composeCoaching`), so they can be composed again without the
 * engine when the composer changes (`npm run content:retext:seed`), and the seed's tests check every claim against
 * them. The schema of a stored position (`positionInputSchema`) does not know the field and drops it when the seed
 * is stored.
 */
import { type CoachInput, type CoachTexts, composeCoaching, evalForTexts } from "@ct/chess";
import { positionInputSchema, type ValidPositionInput } from "@ct/contract";
import { z } from "zod";
import type { PuzzleSource } from "../analysis/build-position";

const score = { cp: z.number().int().optional(), mate: z.number().int().optional() };

export const seedCoachFactsSchema = z.object({
  ...score,
  alternative: z.object({ move: z.string(), reply: z.string(), ...score }).optional(),
});
export type SeedCoachFacts = z.infer<typeof seedCoachFactsSchema>;

/** A seed position as positions.json holds it: the stored position and the facts its texts were composed from. */
export type SeedEntry = ValidPositionInput & { coach: SeedCoachFacts };

const seedEntrySchema = positionInputSchema.extend({ coach: seedCoachFactsSchema });

/** Reads positions.json's entries with their facts (throws on an entry without them). */
export function parseSeedEntries(json: unknown): SeedEntry[] {
  return z.array(seedEntrySchema).parse(json);
}

/** The facts the composer reads from a solved puzzle (what buildPosition passes it besides the position). */
export function coachFactsOf(puzzle: PuzzleSource): SeedCoachFacts {
  const cp = evalForTexts(puzzle);
  return {
    ...(cp !== undefined ? { cp } : {}),
    ...(puzzle.mate !== undefined ? { mate: puzzle.mate } : {}),
    ...(puzzle.alternative ? { alternative: puzzle.alternative } : {}),
  };
}

/** The composer's input for a seed entry. */
export function coachInputOf(entry: SeedEntry): CoachInput {
  const { cp, mate, alternative } = entry.coach;
  return {
    fen: entry.fen,
    solution: entry.solution,
    themes: entry.themes,
    ...(cp !== undefined ? { cp } : {}),
    ...(mate !== undefined ? { mate } : {}),
    ...(alternative ? { alternative } : {}),
  };
}

/** The texts of a seed entry as the composer writes them today. */
export function composeSeedTexts(entry: SeedEntry): CoachTexts {
  return composeCoaching(coachInputOf(entry));
}

/** The entry with its texts composed again from its facts. */
export function retextEntry(entry: SeedEntry): SeedEntry {
  const texts = composeSeedTexts(entry);
  return {
    ...entry,
    description_en: texts.description_en,
    description_ar: texts.description_ar,
    explanation_en: texts.explanation_en,
    explanation_ar: texts.explanation_ar,
    hints: texts.hints,
  };
}
