/**
 * A rating-like difficulty (600–2600) of a generated puzzle: longer lines, quiet and sacrificial ideas are harder; a
 * hanging piece or a mate in one is easier. The server's import pipeline and the browser's "My games" both use it.
 */
export function difficultyOf(solution: readonly string[], themes: readonly string[]): number {
  const playerMoves = Math.ceil(solution.length / 2);
  let rating = 900 + 250 * (playerMoves - 1);
  const has = (theme: string) => themes.includes(theme);
  if (has("quietMove")) rating += 300;
  if (has("sacrifice")) rating += 200;
  if (has("deflection") || has("attraction") || has("discoveredAttack")) rating += 150;
  if (has("defensiveMove") || has("underPromotion")) rating += 200;
  if (has("mateIn1")) rating -= 200;
  if (has("hangingPiece")) rating -= 250;
  return Math.max(600, Math.min(2600, Math.round(rating / 50) * 50));
}
