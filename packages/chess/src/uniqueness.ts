/**
 * When is the engine's best move the only good one? The rule lichess's puzzle generator applies to every move of
 * the solver ("is this a valid attack"), restated here so our generator, the shipped library's check and the
 * verifier judge puzzles the same way lichess does.
 *
 * Scores are from the solver's point of view: `cp` in centipawns, or `mate` in moves (negative: the solver is mated).
 * - no second move to compare: the move is forced, so it is the answer;
 * - the best move mates at once: every mating move is accepted (see `accepted`), so it is unique by definition;
 * - it mates in 2: unique when the second-best move is worth less than +500 cp (and does not mate);
 * - it mates in 3: unique when the second-best move is worth less than +300 cp (and does not mate);
 * - otherwise unique when its win chance beats the second's by more than `ONLY_MOVE_GAP` (0.42), win chances on
 *   lichess's generator curve (slope 0.004) where any mate counts as a certain win (1) or loss (0);
 * - a longer mate whose second-best move is below +400 cp and is not a capture also counts (the alternative keeps
 *   some advantage without winning material, which is not a second solution).
 */

export interface EngineScore {
  cp?: number | undefined;
  mate?: number | undefined;
}

/** The margin of win chance the best move must have over the second (lichess-puzzler, generator version 16). */
export const ONLY_MOVE_GAP = 0.42;

/** Win chance in [-1, 1] on lichess's generator curve; a mate for the solver is 1, a mate against it 0. */
export function generatorWinChance(score: EngineScore): number {
  if (score.mate !== undefined) return score.mate > 0 ? 1 : 0;
  return 2 / (1 + Math.exp(-0.004 * (score.cp ?? 0))) - 1;
}

/** Orders scores as python-chess does: being mated < any centipawns < mating (a faster mate is better). */
export function scoreValue(score: EngineScore): number {
  if (score.mate !== undefined) {
    if (score.mate > 0) return 1_000_000 - score.mate;
    return -1_000_000 - score.mate;
  }
  return score.cp ?? 0;
}

const below = (score: EngineScore, cp: number) => scoreValue(score) < cp;

export interface MovePair {
  best: EngineScore;
  /** The engine's second choice, absent when the position has one legal move. */
  second?: { score: EngineScore; isCapture: boolean } | undefined;
}

/** True when the engine's best move is the only good move for the solver (lichess's rule, see above). */
export function isOnlyMove({ best, second }: MovePair): boolean {
  if (!second) return true;
  if (best.mate === 1) return true;
  if (best.mate === 2) return below(second.score, 500);
  if (best.mate === 3) return below(second.score, 300);
  if (generatorWinChance(best) > generatorWinChance(second.score) + ONLY_MOVE_GAP) return true;
  return best.mate !== undefined && best.mate > 0 && below(second.score, 400) && !second.isCapture;
}
