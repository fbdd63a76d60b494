import {
  type Accuracy,
  type Figure,
  isTrainableTheme,
  type RatingPoint,
  type WeaknessReport,
  weaknessReport,
} from "@ct/machines";

/**
 * The most played keys (themes) by results, the most first; ties by wins, then by key so the order is stable.
 * `skip` leaves keys out (the phase and length tags, which every puzzle carries).
 */
export function mostPlayed(
  accuracy: ReadonlyMap<string, Accuracy>,
  limit: number,
  skip: (key: string) => boolean = () => false,
): [string, Accuracy][] {
  return [...accuracy]
    .filter(([key]) => !skip(key))
    .sort(([a, x], [b, y]) => y.total - x.total || y.wins - x.wins || a.localeCompare(b))
    .slice(0, limit);
}

/** The phases in the order a game plays them (other phase names, if any, follow). */
export const GAME_PHASES = ["opening", "middlegame", "endgame"] as const;

export interface KeyedFigure {
  key: string;
  figure: Figure;
}

/** The dashboard's weakness figures (issue 39): the coach's report, its phases in game order and its shown themes. */
export interface WeaknessFigures {
  report: WeaknessReport;
  /** Every phase with a result in the window, in game order. */
  phases: KeyedFigure[];
  /** The themes with a shown figure (at least MIN_RESULTS results) that name a pattern, the best figure first. */
  themes: KeyedFigure[];
}

/** The weakness figures of the player's rated results over the last 30 days before `now`. */
export function weaknessFigures(history: readonly RatingPoint[], now: number): WeaknessFigures {
  const report = weaknessReport(history, now);
  const known: readonly string[] = GAME_PHASES;
  const phases = [
    ...GAME_PHASES,
    ...Object.keys(report.byPhase).filter((phase) => !known.includes(phase)),
  ].flatMap((key) => {
    const figure = report.byPhase[key];
    return figure ? [{ key, figure }] : [];
  });
  const themes = Object.entries(report.byTheme)
    .filter(([key, figure]) => figure.performance !== null && isTrainableTheme(key))
    .map(([key, figure]) => ({ key, figure }))
    .sort(
      (a, b) =>
        (b.figure.performance ?? 0) - (a.figure.performance ?? 0) ||
        b.figure.results - a.figure.results ||
        a.key.localeCompare(b.key),
    );
  return { report, phases, themes };
}
