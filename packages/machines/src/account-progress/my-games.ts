/**
 * The "My games" set's identity in the training records, shared by the site, the server's replay of a player's
 * events and the records' merge (apps/site/src/my-games/ids.ts holds the same two facts for the site's screens).
 */

/** The set's scenario in the progress records. */
export const MY_GAMES_SCENARIO = "my-games";

/**
 * True for a puzzle of the player's own games: their ids are negative (-1 for the first of the set), the library's
 * positive. Such a puzzle moves no rating, neither the player's nor the library's.
 */
export function isMyGamesId(id: number): boolean {
  return id < 0;
}
