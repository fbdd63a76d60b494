/** An engine score from one side's point of view: centipawns, or moves to mate (negative: that side is mated). */
export interface Score {
  cp?: number | undefined;
  mate?: number | undefined;
}

/**
 * Slope of the logistic curve that turns centipawns into a winning chance; fitted by lichess on rated games, so a
 * given jump in win chance means about the same practical swing at any level of advantage.
 */
const SLOPE = 0.00368208;

/** Win chance in [-1, 1] for centipawns: 0 is level, ±1 a certain win or loss; +300 cp ≈ 0.5. */
export function winChance(cp: number): number {
  return 2 / (1 + Math.exp(-SLOPE * cp)) - 1;
}

/**
 * Win chance of a score. A mate counts as ±1 whatever its length; `mate 0` (the side to move is already mated)
 * is -1. A score with neither field counts as level.
 */
export function winChanceOf(score: Score): number {
  if (score.mate !== undefined) return score.mate > 0 ? 1 : -1;
  return winChance(score.cp ?? 0);
}

/**
 * How much win chance a move may give away against the best and still not be a mistake: lichess's margin, so a
 * second move within it is as good as the first for a coach.
 */
export const MISTAKE_MARGIN = 0.3;

/**
 * Whether playing `other` instead of the best move really throws the advantage away (both scores from the same
 * side's view): not when it still mates, nor when its win chance stays within MISTAKE_MARGIN of the best's.
 */
export function losesTheAdvantage(best: Score, other: Score): boolean {
  if (other.mate !== undefined && other.mate > 0) return false;
  return winChanceOf(other) < winChanceOf(best) - MISTAKE_MARGIN;
}
