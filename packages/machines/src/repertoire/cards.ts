import { type CardState, emptyScheduling, type FsrsScheduling, nextScheduling } from "../coach/fsrs";

/**
 * Each move the player must know in a repertoire is an FSRS card (issue 40), scheduled by ts-fsrs with its defaults,
 * as the coach's review cards are (coach/fsrs.ts), but keyed by the opening and the position the move is played
 * from (`${openingId}:${fen}`), so a position two lines share is one card. A right move is Good, a wrong one Again.
 * Cards are plain JSON (times as ISO strings).
 */

export type RepertoireCardState = CardState;

/** A move's card: its key and its FSRS scheduling (coach/fsrs.ts). */
export interface RepertoireCard extends FsrsScheduling {
  key: string;
}

/** The card key of a player's move: the opening and the position it is played from. */
export function cardKey(openingId: string, fenBefore: string): string {
  return `${openingId}:${fenBefore}`;
}

/** The card after the player played its move rightly or not at `now` (a new card when there was none). Pure. */
export function reviewRepertoireCard(
  card: RepertoireCard | undefined,
  key: string,
  right: boolean,
  now: number,
): RepertoireCard {
  return { key, ...nextScheduling(card ?? emptyScheduling(now), right ? "good" : "again", now) };
}

export function isCardDue(card: RepertoireCard, now: number): boolean {
  return Date.parse(card.due) <= now;
}
