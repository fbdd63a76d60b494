import type { NextPosition } from "@ct/contract";
import {
  type Pick as CoachPick,
  chooseWeaknessPuzzle,
  type PickReason,
  type RatingPoint,
  type WeaknessReport,
  weaknessReport,
} from "@ct/machines";

/**
 * The Weaknesses mode's choices (issue 39), pure over the player's rating record: the next puzzle's request from the
 * coach's chooser (packages/machines/src/coach/selection.ts: about 70 % from the weak themes, 30 % from anything, at
 * the player's level), and the words that say why.
 */

/** The query parameter that narrows the weak share to one weak theme (the dashboard's "Train …" links). */
export const FOCUS_PARAM = "theme";

/** The weak themes to draw from: `focus` alone when it is one of them, else all of them. */
export function focusedWeak(report: WeaknessReport, focus: string | null): WeaknessReport["weak"] {
  const focused = focus ? report.weak.filter((figure) => figure.theme === focus) : [];
  return focused.length > 0 ? focused : report.weak;
}

/** The next puzzle's request and reason, from the player's records as they are now. */
export function nextWeaknessPick(
  player: { rating: number; history: readonly RatingPoint[] },
  now: number,
  random: () => number,
  focus: string | null = null,
): CoachPick {
  const report = weaknessReport(player.history, now);
  return chooseWeaknessPuzzle({
    weak: focusedWeak(report, focus),
    overall: report.overall.performance,
    rating: player.rating,
    history: player.history,
    random,
  });
}

/** A text's key under `weaknesses.why` and its values. */
export interface WhyText {
  key: "weakTheme" | "still" | "level" | "noWeakThemes";
  values: Record<string, string | number>;
}

/**
 * Why this puzzle, as a text: a weak theme's misses among the player's last results on it ("Pin: you missed 4 of
 * your last 9 puzzles on this theme", plural by the results looked at); a weak theme whose last results hold no miss
 * (weak by its 30-day figure) says its figure is still below the overall one.
 */
export function whyText(reason: PickReason, themeName: (key: string) => string): WhyText {
  if (reason.kind === "level") return { key: "level", values: {} };
  if (reason.kind === "no-weak-themes") return { key: "noWeakThemes", values: {} };
  const name = themeName(reason.fact.theme);
  if (reason.fact.missed === 0 || reason.fact.of === 0) return { key: "still", values: { name } };
  return { key: "weakTheme", values: { name, missed: reason.fact.missed, count: reason.fact.of } };
}

/**
 * One load of the mode: the chooser's pick, asked of the library (`ask`: GET /tactical-positions/next). A weak theme
 * with nothing left to serve at that level gives way to anything at the level, and the pick then says so.
 */
export async function loadWeaknessPuzzle(
  choose: () => CoachPick,
  ask: (request: CoachPick["request"]) => Promise<NextPosition>,
): Promise<{ answer: NextPosition; pick: CoachPick }> {
  const pick = choose();
  const answer = await ask(pick.request);
  if (answer.position || !pick.request.themes) return { answer, pick };
  const level: CoachPick = { request: { rating: pick.request.rating }, reason: { kind: "level" } };
  return { answer: await ask(level.request), pick: level };
}
