import { parsePgn, splitPgnGames } from "@ct/chess";
import type { GameProblem, GameSummary } from "./protocol";

function name(value: string | undefined): string {
  return value?.trim() ?? "";
}

/** Every game of a text: its own PGN and tags, or why it could not be read. */
export function parseGames(text: string): { games: GameSummary[]; problems: GameProblem[] } {
  const games: GameSummary[] = [];
  const problems: GameProblem[] = [];
  let index = 0;
  for (const pgn of splitPgnGames(text)) {
    const parsed = parsePgn(pgn);
    const game = parsed.games[0];
    const error = parsed.errors[0];
    if (game) {
      games.push({
        index,
        pgn,
        white: name(game.headers.White),
        black: name(game.headers.Black),
        event: name(game.headers.Event),
        date: name(game.headers.Date),
        result: game.result,
        plies: game.moves.length,
      });
    } else if (error) {
      problems.push({
        index,
        message: error.message,
        white: name(error.headers.White),
        black: name(error.headers.Black),
      });
    }
    index++;
  }
  return { games, problems };
}

/** The players named in the games, the most frequent first (ties by name): the list the player picks themself from. */
export function playersOf(
  games: readonly Pick<GameSummary, "white" | "black">[],
): { name: string; games: number }[] {
  const counts = new Map<string, number>();
  for (const game of games)
    for (const player of new Set([game.white, game.black]))
      if (player && player !== "?") counts.set(player, (counts.get(player) ?? 0) + 1);
  return [...counts]
    .map(([player, count]) => ({ name: player, games: count }))
    .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name));
}

/** The side `player` had in a game, or null when neither side bears that name. */
export function sideOf(game: Pick<GameSummary, "white" | "black">, player: string): "white" | "black" | null {
  if (!player) return null;
  if (game.white === player) return "white";
  if (game.black === player) return "black";
  return null;
}
