/**
 * Which of a puzzle's themes names the pattern it trains. lichess's theme list mixes motifs (fork, pin, backRankMate)
 * with facts about the puzzle (its length, how decisive it is, its phase, where its game came from): those facts are
 * not something to practise, so they are never a puzzle's main theme and never a weak or strong theme.
 */

/** Themes that describe a puzzle rather than the pattern it trains. */
export const DESCRIPTIVE_THEMES: ReadonlySet<string> = new Set([
  "oneMove",
  "short",
  "long",
  "veryLong",
  "advantage",
  "crushing",
  "equality",
  "opening",
  "middlegame",
  "endgame",
  "master",
  "masterVsMaster",
  "superGM",
  "mix",
  "playerGames",
]);

/** Broad themes: a main theme only when the puzzle has no more precise one (a fork that mates is a fork first). */
export const BROAD_THEMES: ReadonlySet<string> = new Set([
  "mate",
  "mateIn1",
  "mateIn2",
  "mateIn3",
  "mateIn4",
  "mateIn5",
  "kingsideAttack",
  "queensideAttack",
  "attackingF2F7",
  "advancedPawn",
]);

/** True for a theme a player can train and be weak or strong at. */
export function isTrainableTheme(theme: string): boolean {
  return !DESCRIPTIVE_THEMES.has(theme);
}

/**
 * A puzzle's main theme: its first precise motif, else its first broad one (mateIn2 before mate: the more precise),
 * else null (a puzzle tagged only with descriptive themes, or a My games puzzle without themes).
 */
export function mainTheme(themes: readonly string[]): string | null {
  const trainable = themes.filter(isTrainableTheme);
  const precise = trainable.find((theme) => !BROAD_THEMES.has(theme));
  if (precise) return precise;
  const broad = trainable.filter((theme) => BROAD_THEMES.has(theme));
  return broad.find((theme) => theme !== "mate") ?? broad[0] ?? null;
}
