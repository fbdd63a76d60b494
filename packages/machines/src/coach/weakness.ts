import type { RatingPoint } from "../rating/rating";
import { DAY_MS } from "./days";
import { isTrainableTheme } from "./themes";

/**
 * Weakness figures (issue 39), as lichess's puzzle dashboard has them, over the player's rated results (the first
 * result on each puzzle, rating.ts's history; a win is a first-try clean solve):
 * - performance = average puzzle rating − 500 + 1000 × first-try rate, per theme, per phase and overall, over the
 *   last WINDOW_DAYS days, shown only with at least MIN_RESULTS results;
 * - weak themes: a shown figure, at least MIN_FAILURES failures in the window, and below the overall figure;
 * - strong themes, the mirror: a shown figure, at least MIN_FAILURES first-try wins, and above the overall figure
 *   (lichess's rule too);
 * weakest (strongest) first, ties by more results. Themes that describe a puzzle rather than a pattern (its length,
 * phase, evaluation, source: themes.ts) get figures but are never weak or strong; phases have their own figures.
 */

export const WINDOW_DAYS = 30;
export const MIN_RESULTS = 5;
export const MIN_FAILURES = 3;
/** At most this many weak and strong themes are named (lichess names a handful too). */
export const TOP_THEMES = 8;

/** Results of one kind (a theme, a phase, all) in the window. */
export interface Figure {
  results: number;
  /** First-try clean solves. */
  wins: number;
  failures: number;
  /** Mean rating of the puzzles, rounded. */
  averageRating: number;
  /** lichess's performance figure, rounded; null with fewer than MIN_RESULTS results. */
  performance: number | null;
}

export interface ThemeFigure extends Figure {
  theme: string;
  performance: number;
}

export interface WeaknessReport {
  /** ISO start of the window. */
  since: string;
  overall: Figure;
  byTheme: Record<string, Figure>;
  byPhase: Record<string, Figure>;
  weak: ThemeFigure[];
  strong: ThemeFigure[];
}

export interface WeaknessOptions {
  days?: number;
  minResults?: number;
  minFailures?: number;
}

/** lichess's performance figure for some results. */
export function performanceOf(averageRating: number, wins: number, results: number): number {
  return Math.round(averageRating - 500 + (1000 * wins) / results);
}

interface Tally {
  results: number;
  wins: number;
  ratingSum: number;
}

function figureOf(tally: Tally, minResults: number): Figure {
  const averageRating = tally.results > 0 ? tally.ratingSum / tally.results : 0;
  return {
    results: tally.results,
    wins: tally.wins,
    failures: tally.results - tally.wins,
    averageRating: Math.round(averageRating),
    performance:
      tally.results >= minResults && tally.results > 0
        ? performanceOf(averageRating, tally.wins, tally.results)
        : null,
  };
}

function add(tallies: Map<string, Tally>, key: string, point: RatingPoint) {
  const tally = tallies.get(key) ?? { results: 0, wins: 0, ratingSum: 0 };
  tally.results += 1;
  if (point.result === "win") tally.wins += 1;
  tally.ratingSum += point.puzzleRating;
  tallies.set(key, tally);
}

/** The results within the last `days` days before `now` (and none after it). */
export function inWindow(history: readonly RatingPoint[], now: number, days = WINDOW_DAYS): RatingPoint[] {
  const since = now - days * DAY_MS;
  return history.filter((point) => {
    const at = Date.parse(point.at);
    return at > since && at <= now;
  });
}

/** The player's figures per theme, per phase and overall over the window, with their weak and strong themes. */
export function weaknessReport(
  history: readonly RatingPoint[],
  now: number,
  options: WeaknessOptions = {},
): WeaknessReport {
  const days = options.days ?? WINDOW_DAYS;
  const minResults = options.minResults ?? MIN_RESULTS;
  const minFailures = options.minFailures ?? MIN_FAILURES;
  const points = inWindow(history, now, days);
  const all: Tally = { results: 0, wins: 0, ratingSum: 0 };
  const themes = new Map<string, Tally>();
  const phases = new Map<string, Tally>();
  for (const point of points) {
    all.results += 1;
    if (point.result === "win") all.wins += 1;
    all.ratingSum += point.puzzleRating;
    for (const theme of new Set(point.themes)) add(themes, theme, point);
    add(phases, point.phase, point);
  }
  const overall = figureOf(all, minResults);
  const byTheme: Record<string, Figure> = {};
  for (const [theme, tally] of [...themes].sort(([a], [b]) => a.localeCompare(b))) {
    byTheme[theme] = figureOf(tally, minResults);
  }
  const byPhase: Record<string, Figure> = {};
  for (const [phase, tally] of [...phases].sort(([a], [b]) => a.localeCompare(b))) {
    byPhase[phase] = figureOf(tally, minResults);
  }
  const shown: ThemeFigure[] = Object.entries(byTheme)
    .filter(([theme, figure]) => isTrainableTheme(theme) && figure.performance !== null)
    .map(([theme, figure]) => ({ ...figure, theme, performance: figure.performance as number }));
  const base = overall.performance;
  const weak =
    base === null
      ? []
      : shown
          .filter((figure) => figure.failures >= minFailures && figure.performance < base)
          .sort((a, b) => a.performance - b.performance || b.results - a.results)
          .slice(0, TOP_THEMES);
  const strong =
    base === null
      ? []
      : shown
          .filter((figure) => figure.wins >= minFailures && figure.performance > base)
          .sort((a, b) => b.performance - a.performance || b.results - a.results)
          .slice(0, TOP_THEMES);
  return { since: new Date(now - days * DAY_MS).toISOString(), overall, byTheme, byPhase, weak, strong };
}

/** How many of the player's last results on a theme were misses: "you missed 4 of your last 9 pins". */
export interface ThemeFact {
  theme: string;
  missed: number;
  /** The results looked at: the last FACT_RESULTS on the theme, fewer when there are fewer. */
  of: number;
}

export const FACT_RESULTS = 10;

/** The "why this puzzle" fact of a theme, from the player's rated results (all of them, newest last). */
export function themeFact(history: readonly RatingPoint[], theme: string, last = FACT_RESULTS): ThemeFact {
  const results = history.filter((point) => point.themes.includes(theme)).slice(-last);
  return { theme, missed: results.filter((point) => point.result === "loss").length, of: results.length };
}
