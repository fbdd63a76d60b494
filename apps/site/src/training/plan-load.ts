import type { NextPosition, Position } from "@ct/contract";
import {
  type Pick as CoachPick,
  chooseWeaknessPuzzle,
  type PlanStep,
  type PuzzleRequest,
  type RatingPoint,
  weaknessReport,
} from "@ct/machines";
import { loadWeaknessPuzzle } from "./weakness-mode";

/**
 * One load of /training/plan (issue 39): the next puzzle of the plan's step to train, asked of the library or taken
 * from the cards. Pure given its helpers (the library's next puzzle, a puzzle by id), so it is tested without a
 * server:
 * - Find your level: at the step's target rating (findLevelTarget) with a narrow deviation, as a streak asks, so
 *   the target's wide and shrinking moves reach the player; the player's own window if nothing is that close;
 * - reviews: the step's due cards in order, each once a visit (a card gone from the library is passed over);
 * - weak themes: the coach's chooser drawing from the weak themes alone (its weak share all of it);
 * - new puzzles (and anything once the plan is done, or a step with nothing left to serve): at the player's level.
 */

/** The deviation Find your level asks with: a narrow window around its target. */
export const FIND_LEVEL_DEVIATION = 80;

export interface PlanLoadDeps {
  player: { rating: number; deviation: number; history: readonly RatingPoint[] };
  /**
   * The library's next puzzle near a rating (GET /tactical-positions/next, with the player's seen puzzles): moved by
   * the player's chosen difficulty, unless `exact` (Find your level's target is the rating to play, as a streak's).
   */
  ask: (request: PuzzleRequest & { deviation: number; exact?: boolean }) => Promise<NextPosition>;
  /** A puzzle by id, null when it no longer exists. */
  byId: (id: number) => Promise<Position | null>;
  /** The puzzles served this visit (a review's card is served once). */
  served: ReadonlySet<number>;
  now: number;
  random: () => number;
}

export interface PlanLoad {
  answer: NextPosition;
  /** The step the puzzle was served for; null once the plan is done. */
  kind: PlanStep["kind"] | null;
}

async function atLevel(deps: PlanLoadDeps): Promise<NextPosition> {
  return deps.ask({ rating: deps.player.rating, deviation: deps.player.deviation });
}

export async function loadPlanPuzzle(step: PlanStep | null, deps: PlanLoadDeps): Promise<PlanLoad> {
  if (step?.kind === "find-level") {
    const close = await deps.ask({ rating: step.rating, deviation: FIND_LEVEL_DEVIATION, exact: true });
    if (close.position) return { answer: close, kind: step.kind };
    return {
      answer: await deps.ask({ rating: step.rating, deviation: deps.player.deviation, exact: true }),
      kind: step.kind,
    };
  }
  if (step?.kind === "review") {
    for (const id of step.puzzleIds) {
      if (deps.served.has(id)) continue;
      const position = await deps.byId(id);
      if (position) return { answer: { position, no_more_puzzles: false }, kind: step.kind };
    }
    // Every due card was served this visit (or is gone): the day goes on at the player's level.
    return { answer: await atLevel(deps), kind: "new" };
  }
  if (step?.kind === "weak") {
    const report = weaknessReport(deps.player.history, deps.now);
    const themes = new Set(step.themes);
    const weak = report.weak.filter((figure) => themes.has(figure.theme));
    const choose = (): CoachPick =>
      chooseWeaknessPuzzle({
        weak,
        overall: report.overall.performance,
        rating: deps.player.rating,
        history: deps.player.history,
        random: deps.random,
        weakShare: 1,
      });
    const { answer, pick } = await loadWeaknessPuzzle(choose, (request) =>
      deps.ask({ ...request, deviation: deps.player.deviation }),
    );
    return { answer, kind: pick.reason.kind === "weak-theme" ? "weak" : "new" };
  }
  return { answer: await atLevel(deps), kind: step ? step.kind : null };
}
