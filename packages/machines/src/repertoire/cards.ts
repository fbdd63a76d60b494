import { type Card, createEmptyCard, fsrs, Rating, State } from "ts-fsrs";

/**
 * Each move the player must know in a repertoire is an FSRS card (issue 40), scheduled by ts-fsrs with its defaults,
 * as the coach's review cards are (coach/review.ts), but keyed by the opening and the position the move is played
 * from (`${openingId}:${fen}`), so a position two lines share is one card. A right move is Good, a wrong one Again.
 * Cards are plain JSON (times as ISO strings).
 */

export type RepertoireCardState = "new" | "learning" | "review" | "relearning";

export interface RepertoireCard {
  key: string;
  /** ISO time from which the card is due. */
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: RepertoireCardState;
  lastReview: string | null;
}

const scheduler = /* @__PURE__ */ fsrs();

const STATES: Record<State, RepertoireCardState> = {
  [State.New]: "new",
  [State.Learning]: "learning",
  [State.Review]: "review",
  [State.Relearning]: "relearning",
};
const FSRS_STATES: Record<RepertoireCardState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** The card key of a player's move: the opening and the position it is played from. */
export function cardKey(openingId: string, fenBefore: string): string {
  return `${openingId}:${fenBefore}`;
}

function toFsrs(card: RepertoireCard): Card {
  return {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: FSRS_STATES[card.state],
    ...(card.lastReview ? { last_review: new Date(card.lastReview) } : {}),
  };
}

function fromFsrs(key: string, card: Card): RepertoireCard {
  return {
    key,
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATES[card.state],
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** The card after the player played its move rightly or not at `now` (a new card when there was none). Pure. */
export function reviewRepertoireCard(
  card: RepertoireCard | undefined,
  key: string,
  right: boolean,
  now: number,
): RepertoireCard {
  const before = card ? toFsrs(card) : createEmptyCard(new Date(now));
  return fromFsrs(key, scheduler.next(before, new Date(now), right ? Rating.Good : Rating.Again).card);
}

export function isCardDue(card: RepertoireCard, now: number): boolean {
  return Date.parse(card.due) <= now;
}
