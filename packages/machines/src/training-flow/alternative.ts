import { winChance } from "@ct/chess";

/**
 * An engine's score of a position as UCI reports it: from the side to move's point of view, in centipawns or in
 * moves to mate (negative: the side to move is mated; 0: it is mated already).
 */
export interface EngineScore {
  cp?: number | undefined;
  mate?: number | undefined;
}

/** What the engine said of a move that is not the puzzle's, and of the puzzle's own move, in the same position. */
export interface AlternativeScores {
  /** The position after the player's move (the opponent to move). */
  played: EngineScore;
  /** The position after the move the puzzle expected (the opponent to move); null when it was not searched. */
  expected: EngineScore | null;
}

/** lichess's margin: a move whose win chance stays within 0.3 of the best move's is no mistake. */
export const WIN_CHANCE_MARGIN = 0.3;

/**
 * Below this win chance a move does not win (+300 cp, the midpoint of the curve): in a level position every
 * reasonable move is within the margin of the best, and none of them "also wins".
 */
export const WINNING_CHANCE = 0.5;

/** Moves the player needs to mate, the move just played included, from the score after it; null for no mate. */
function playerMate(score: EngineScore): number | null {
  if (score.mate === undefined || score.mate > 0) return null;
  return -score.mate + 1;
}

/** The player's win chance in [-1, 1] from the score after their move (the opponent to move). */
function playerChance(score: EngineScore): number {
  if (score.mate !== undefined) return score.mate > 0 ? -1 : 1;
  return winChance(-(score.cp ?? 0));
}

/**
 * Could a move with this score (after it) win at all? When not, `alsoWins` says no whatever the puzzle's move
 * scores, so that second search can be spared.
 */
export function couldWin(played: EngineScore): boolean {
  return playerMate(played) !== null || playerChance(played) >= WINNING_CHANCE;
}

/**
 * Does a move the puzzle did not list win as well as the line (issue: alternative wins are not mistakes)?
 *
 * - When the line mates (`lineMate`: the player's moves it still needs, this one included), or the engine finds a
 *   mate after the puzzle's move, the move must mate as fast: in no more moves (lichess accepts any mate).
 * - Otherwise a move that mates wins; any other must win itself (`WINNING_CHANCE`) and keep a win chance within
 *   `WIN_CHANCE_MARGIN` of the puzzle's move, win chances on lichess's curve (2 / (1 + e^(-0.00368208 cp)) - 1).
 */
export function alsoWins(scores: AlternativeScores, lineMate: number | null): boolean {
  const { played, expected } = scores;
  const mate = playerMate(played);
  const bestMate = lineMate ?? (expected ? playerMate(expected) : null);
  if (bestMate !== null) return mate !== null && mate <= bestMate;
  if (mate !== null) return true;
  if (!expected) return false;
  const chance = playerChance(played);
  return chance >= WINNING_CHANCE && chance >= playerChance(expected) - WIN_CHANCE_MARGIN;
}
