import { type Card, createEmptyCard, fsrs, type Grade, Rating, State } from "ts-fsrs";

/**
 * The FSRS scheduling a card keeps, JSON-friendly (times as ISO strings, camelCase names), shared by the coach's
 * review cards (review.ts) and the repertoire's move cards (repertoire/cards.ts). One scheduler: ts-fsrs with its
 * default parameters (90 % retention asked, learning steps of 1 and 10 minutes, relearning of 10 minutes, no fuzz,
 * so the same records always give the same schedule).
 */

export type CardState = "new" | "learning" | "review" | "relearning";
export type CardGrade = "again" | "hard" | "good" | "easy";

export interface FsrsScheduling {
  /** ISO time from which the card is due. */
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: CardState;
  /** ISO time of the latest review; null for a card never reviewed. */
  lastReview: string | null;
}

const scheduler = /* @__PURE__ */ fsrs();

const STATES: Record<State, CardState> = {
  [State.New]: "new",
  [State.Learning]: "learning",
  [State.Review]: "review",
  [State.Relearning]: "relearning",
};
const FSRS_STATES: Record<CardState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};
const GRADES: Record<CardGrade, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

function toFsrs(card: FsrsScheduling): Card {
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

function fromFsrs(card: Card): FsrsScheduling {
  return {
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

/** The scheduling of a card made at `now`, before its first review. */
export function emptyScheduling(now: number): FsrsScheduling {
  return fromFsrs(createEmptyCard(new Date(now)));
}

/** The scheduling after one review with `grade` at `now`. Pure. */
export function nextScheduling(card: FsrsScheduling, grade: CardGrade, now: number): FsrsScheduling {
  return fromFsrs(scheduler.next(toFsrs(card), new Date(now), GRADES[grade]).card);
}
