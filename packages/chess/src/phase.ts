export type Phase = "opening" | "middlegame" | "endgame";

/**
 * The game phase of a position, the way lichess divides games: endgame when at most 6 non-pawn, non-king pieces
 * remain; middle game when at most 10 remain, or a side's back rank is thinned out (fewer than 4 of its own pieces
 * left there), or the game is past its 17th move (lichess divides a whole game, and a game that reaches move 18
 * with its pieces still on has long left the opening); otherwise opening.
 */
export function phaseOf(fen: string): Phase {
  const board = fen.split(" ")[0] ?? "";
  const pieces = board.replace(/[^nbrqNBRQ]/g, "").length;
  if (pieces <= 6) return "endgame";
  if (pieces <= 10) return "middlegame";
  const fullmove = Number(fen.split(" ")[5]);
  if (Number.isInteger(fullmove) && fullmove > 17) return "middlegame";
  const ranks = board.split("/");
  const ownOnRank = (rank: string | undefined, white: boolean) =>
    (rank ?? "").replace(white ? /[^A-Z]/g : /[^a-z]/g, "").length;
  if (ownOnRank(ranks[7], true) < 4 || ownOnRank(ranks[0], false) < 4) return "middlegame";
  return "opening";
}
