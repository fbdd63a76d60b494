import type { RatingPoint } from "../rating/rating";
import { DAY_MS, seededRandom } from "./days";

/**
 * Recorded histories for the coach's tests: rated results as rating.ts writes them (one per puzzle, the player's
 * rating after each), written by hand or by a seeded generator from a player's skill per theme.
 */

/** Monday 2 March 2026, 18:00 UTC: the tests' "now" unless they say otherwise. */
export const NOW = Date.parse("2026-03-02T18:00:00.000Z");
export const MINUTE_MS = 60_000;

let nextId = 1000;

/** One rated result, `daysAgo` days (and `minutes` minutes) before NOW. */
export function point(
  daysAgo: number,
  puzzleRating: number,
  result: "win" | "loss",
  themes: readonly string[],
  options: { phase?: string; puzzleId?: number; minutes?: number; rating?: number } = {},
): RatingPoint {
  return {
    at: new Date(NOW - daysAgo * DAY_MS + (options.minutes ?? 0) * MINUTE_MS).toISOString(),
    puzzleId: options.puzzleId ?? nextId++,
    puzzleRating,
    result,
    rating: options.rating ?? 1500,
    deviation: 120,
    themes: [...themes],
    phase: options.phase ?? "middlegame",
  };
}

/** Results oldest first (as the history keeps them). */
export function byTime(points: RatingPoint[]): RatingPoint[] {
  return [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

export interface GeneratedPlayer {
  /** Skill per main theme (a rating at which the player solves half of that theme's puzzles first try). */
  skills: Record<string, number>;
  days: number;
  perDay: number;
  seed: number;
  /** Rating of the puzzles served (spread ±150 around it). */
  level: number;
}

const PHASES = ["opening", "middlegame", "endgame"] as const;

/** A seeded history: each day `perDay` puzzles of random themes near `level`, won by the skill's odds. */
export function generatedHistory(player: GeneratedPlayer): RatingPoint[] {
  const random = seededRandom(player.seed);
  const themes = Object.keys(player.skills);
  const points: RatingPoint[] = [];
  for (let day = player.days; day >= 1; day--) {
    for (let i = 0; i < player.perDay; i++) {
      const theme = themes[Math.floor(random() * themes.length)]!;
      const puzzleRating = Math.round(player.level + (random() - 0.5) * 300);
      const skill = player.skills[theme]!;
      const win = random() < 1 / (1 + 10 ** ((puzzleRating - skill) / 400));
      const phase = PHASES[Math.floor(random() * PHASES.length)]!;
      points.push(
        point(day, puzzleRating, win ? "win" : "loss", [theme, phase, random() < 0.5 ? "short" : "long"], {
          phase,
          minutes: i * 2,
        }),
      );
    }
  }
  return points;
}
