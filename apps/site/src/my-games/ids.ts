/**
 * The "My games" set's identity in the training records, in a file of its own so the training screen's bundle can
 * ask it without loading the generator.
 */

/** The set's scenario in the local progress records. */
export const MY_GAMES_SCENARIO = "my-games";

/**
 * True for a puzzle of the player's own games: their ids are negative (-1 for the first of the set), the server's
 * positive, so such a puzzle never reaches the server's reports or the rating, and the review list reads it from this
 * browser's store.
 */
export function isMyGamesId(id: number): boolean {
  return id < 0;
}
