import type { GamePhase } from "@ct/contract";
import { LIBRARY_RATING_BOUNDS } from "@ct/contract/library-rules";

/**
 * A custom set (issue 39, /training/custom): a rating range, several themes (a puzzle has every one), a phase and an
 * opening, in one selection. The page's address holds it (`?min=1200&max=1600&themes=pin,fork&phase=endgame&
 * opening=Italian%20Game`), so a copied link opens the same set; `&train` trains it. Pure: the page and its tests
 * read and write addresses with these functions.
 */

/** The form as the player fills it: the range as typed (checked by `checkSet`), the rest as chosen. */
export interface CustomSetDraft {
  min: string;
  max: string;
  themes: readonly string[];
  phase: GamePhase | null;
  opening: string | null;
}

/** A set that can be trained: a range within the library's bounds, min ≤ max. */
export interface CustomSet {
  min: number;
  max: number;
  themes: readonly string[];
  phase: GamePhase | null;
  opening: string | null;
}

/** Why a draft cannot be trained: the range, or more themes than the library's selection takes. */
export type SetProblem =
  | { kind: "notWhole" }
  | { kind: "outOfBounds"; low: number; high: number }
  | { kind: "reversed"; min: number; max: number }
  | { kind: "tooManyThemes"; most: number };

export const RATING_BOUNDS = LIBRARY_RATING_BOUNDS;
/** The server takes at most this many themes in one selection. */
export const MAX_THEMES = 10;
/** The query parameter that trains the set instead of showing its form. */
export const TRAIN_PARAM = "train";

const PHASES: readonly GamePhase[] = ["opening", "middlegame", "endgame"];
const THEME_KEY = /^[A-Za-z0-9]{1,60}$/;
const WHOLE = /^(?:0|[1-9][0-9]*)$/;
/** Longest range text and opening name the address keeps (longer ones are not a rating or an opening). */
const MAX_RANGE_CHARS = 6;
const MAX_OPENING_CHARS = 120;

/** The whole library, every phase and opening: the form of an address without a query. */
export const EMPTY_DRAFT: CustomSetDraft = {
  min: String(RATING_BOUNDS.min),
  max: String(RATING_BOUNDS.max),
  themes: [],
  phase: null,
  opening: null,
};

/**
 * The form an address gives: each part as written, a missing or unreadable one as in EMPTY_DRAFT (an unknown
 * phase is any phase; theme keys that are not keys are left out, repeated ones kept once, in their order). The
 * range stays as typed, so a half-typed number survives the address; `checkSet` says what is wrong with it.
 */
export function draftFromQuery(params: URLSearchParams): CustomSetDraft {
  const text = (name: string, longest: number) => {
    const value = params.get(name)?.trim() ?? "";
    return value !== "" && value.length <= longest ? value : null;
  };
  const phase = params.get("phase");
  const themes = (params.get("themes") ?? "")
    .split(",")
    .map((theme) => theme.trim())
    .filter((theme) => THEME_KEY.test(theme));
  return {
    min: text("min", MAX_RANGE_CHARS) ?? EMPTY_DRAFT.min,
    max: text("max", MAX_RANGE_CHARS) ?? EMPTY_DRAFT.max,
    themes: [...new Set(themes)],
    phase: PHASES.find((known) => known === phase) ?? null,
    opening: text("opening", MAX_OPENING_CHARS),
  };
}

/**
 * The address's query of a form (without `?`): only what differs from EMPTY_DRAFT, in a fixed order, so one set
 * has one address. `train` adds the parameter that trains it.
 */
export function queryFromDraft(draft: CustomSetDraft, { train = false } = {}): string {
  const params = new URLSearchParams();
  const min = draft.min.trim();
  const max = draft.max.trim();
  if (min !== EMPTY_DRAFT.min) params.set("min", min);
  if (max !== EMPTY_DRAFT.max) params.set("max", max);
  if (draft.themes.length > 0) params.set("themes", draft.themes.join(","));
  if (draft.phase) params.set("phase", draft.phase);
  if (draft.opening) params.set("opening", draft.opening);
  if (train) params.set(TRAIN_PARAM, "");
  // `train=` reads as `train` in an address: shorter, and the same parameter.
  return params.toString().replace(/(^|&)train=$/, "$1train");
}

/** The set a form trains, or the first problem that stops it (the range first: it is at the top of the form). */
export function checkSet(draft: CustomSetDraft): { set: CustomSet } | { problem: SetProblem } {
  const min = draft.min.trim();
  const max = draft.max.trim();
  if (!WHOLE.test(min) || !WHOLE.test(max)) return { problem: { kind: "notWhole" } };
  const [low, high] = [Number(min), Number(max)];
  const within = (value: number) => value >= RATING_BOUNDS.min && value <= RATING_BOUNDS.max;
  if (!within(low) || !within(high))
    return { problem: { kind: "outOfBounds", low: RATING_BOUNDS.min, high: RATING_BOUNDS.max } };
  if (low > high) return { problem: { kind: "reversed", min: low, max: high } };
  if (draft.themes.length > MAX_THEMES) return { problem: { kind: "tooManyThemes", most: MAX_THEMES } };
  return { set: { min: low, max: high, themes: draft.themes, phase: draft.phase, opening: draft.opening } };
}

/**
 * The set as the library's selection and count read it: an end of the range at the library's bound is no limit on
 * that side (a few puzzles lie just outside the bounds, 399 say, and the whole library is the whole library).
 */
export function selectionOf(set: CustomSet): {
  min?: number;
  max?: number;
  themes: readonly string[];
  phase: GamePhase | null;
  opening: string | null;
} {
  return {
    ...(set.min > RATING_BOUNDS.min ? { min: set.min } : {}),
    ...(set.max < RATING_BOUNDS.max ? { max: set.max } : {}),
    themes: set.themes,
    phase: set.phase,
    opening: set.opening,
  };
}

/**
 * The openings the form offers: those of the chosen phase's puzzles, or of every phase's added up, with their
 * counts (the library names an opening on few puzzles, so offering all 29 would mostly offer nothing); the chosen
 * one is kept even when no puzzle of the phase has it (a shared link), with its count 0.
 */
export function openingChoices(
  byPhase: Readonly<Record<GamePhase, readonly { name: string; count: number }[]>>,
  phase: GamePhase | null,
  chosen: string | null,
): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const of of phase ? [phase] : PHASES)
    for (const opening of byPhase[of])
      counts.set(opening.name, (counts.get(opening.name) ?? 0) + opening.count);
  if (chosen && !counts.has(chosen)) counts.set(chosen, 0);
  return [...counts].map(([name, count]) => ({ name, count }));
}

/** The form with a theme chosen or no longer chosen (chosen themes keep the order they were chosen in). */
export function toggleTheme(draft: CustomSetDraft, theme: string, chosen: boolean): CustomSetDraft {
  const others = draft.themes.filter((key) => key !== theme);
  return { ...draft, themes: chosen ? [...others, theme] : others };
}
