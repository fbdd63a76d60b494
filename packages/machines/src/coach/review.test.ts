import { describe, expect, it } from "vitest";
import { NEW_PLAYER_RATING, rateResult } from "../rating/rating";
import { dueReviews, type ReviewEntry, scheduleReview } from "../review/review";
import { DAY_MS } from "./days";
import {
  againToday,
  CARD_LIMIT,
  CARD_LOG_LIMIT,
  type CoachCard,
  dueCards,
  gradeOf,
  MISS_STEP_MS,
  markMissed,
  migrateReviews,
  parseCards,
  recordCardTry,
  recordTry,
  reviewCard,
  usualMsOf,
} from "./review";
import { MINUTE_MS, NOW, point } from "./test-fixtures";

const USUAL = { usualMs: 60_000 };
const at = (card: CoachCard | null) => Date.parse(card!.due);

/** A card graduated to its review state: missed at NOW, retried cleanly twice the same evening. */
function graduated(puzzleId = 7): CoachCard[] {
  let cards = recordTry(
    [],
    { puzzleId, outcome: "failed", themes: ["fork", "short"], rating: 1450 },
    NOW,
  ).cards;
  cards = recordTry(cards, { puzzleId, outcome: "clean" }, NOW + 2 * MINUTE_MS).cards;
  return recordTry(cards, { puzzleId, outcome: "clean" }, NOW + 15 * MINUTE_MS).cards;
}

describe("cards from tries", () => {
  it("makes a card of a failed puzzle, graded Again and due a minute later (the retry)", () => {
    const { cards, card, grade } = recordTry(
      [],
      {
        puzzleId: 42,
        outcome: "failed",
        themes: ["mateIn2", "fork", "middlegame"],
        rating: 1620,
        timeMs: 50_000,
      },
      NOW,
    );
    expect(grade).toBe("again");
    expect(cards).toHaveLength(1);
    expect(card).toMatchObject({
      puzzleId: 42,
      state: "learning",
      source: "failed",
      theme: "fork",
      rating: 1620,
      reps: 1,
      created: new Date(NOW).toISOString(),
      log: [{ at: new Date(NOW).toISOString(), grade: "again", served: "position", ms: 50_000 }],
    });
    expect(at(card)).toBe(NOW + MINUTE_MS);
  });

  it("grades a solve with help Hard (due in 6 minutes) and makes no card of a clean solve", () => {
    const helped = recordTry([], { puzzleId: 1, outcome: "helped" }, NOW);
    expect(helped.grade).toBe("hard");
    expect(helped.card?.source).toBe("helped");
    expect(at(helped.card)).toBe(NOW + 6 * MINUTE_MS);
    const clean = recordTry(helped.cards, { puzzleId: 2, outcome: "clean", timeMs: 3000 }, NOW);
    expect(clean).toEqual({ cards: helped.cards, card: null, grade: null });
  });

  it("makes every My games puzzle a card, even one solved cleanly (Good: due in 10 minutes)", () => {
    const { card, grade } = recordTry([], { puzzleId: -3, outcome: "clean" }, NOW);
    expect(grade).toBe("good");
    expect(card).toMatchObject({
      puzzleId: -3,
      source: "my-games",
      theme: null,
      rating: null,
      state: "learning",
    });
    expect(at(card)).toBe(NOW + 10 * MINUTE_MS);
  });

  it("graduates a missed puzzle after two clean retries and then spaces it further at each clean review", () => {
    let cards = graduated();
    const card = cards[0]!;
    expect(card.state).toBe("review");
    expect(at(card)).toBe(NOW + 15 * MINUTE_MS + DAY_MS);
    const intervals: number[] = [];
    let now = at(card);
    for (let i = 0; i < 4; i++) {
      const next = recordTry(cards, { puzzleId: 7, outcome: "clean", timeMs: 40_000 }, now, USUAL);
      expect(next.grade).toBe("good");
      cards = next.cards;
      intervals.push(Math.round((at(next.card) - now) / DAY_MS));
      now = at(next.card);
    }
    // ts-fsrs's defaults: 2, 7, 19 then 48 days, where the old review stopped at 21.
    expect(intervals).toEqual([2, 7, 19, 48]);
  });

  it("brings a forgotten review back in 10 minutes (relearning) and counts the lapse", () => {
    const cards = graduated();
    const due = at(cards[0]!);
    const { card, grade } = recordTry(cards, { puzzleId: 7, outcome: "failed" }, due + DAY_MS);
    expect(grade).toBe("again");
    expect(card).toMatchObject({ state: "relearning", lapses: 1 });
    expect(at(card)).toBe(due + DAY_MS + 10 * MINUTE_MS);
  });

  it("keeps a card's theme and rating, learns them when a migrated card lacks them, and logs its latest reviews", () => {
    let cards = migrateReviews([{ puzzleId: 9, stage: 0, due: new Date(NOW).toISOString(), last: "failed" }]);
    expect(cards[0]).toMatchObject({ theme: null, rating: null });
    cards = recordTry(cards, { puzzleId: 9, outcome: "helped", themes: ["pin"], rating: 1300 }, NOW).cards;
    expect(cards[0]).toMatchObject({ theme: "pin", rating: 1300 });
    for (let i = 1; i <= CARD_LOG_LIMIT + 2; i++) {
      cards = recordTry(cards, { puzzleId: 9, outcome: "clean", themes: ["skewer"] }, NOW + i * DAY_MS).cards;
    }
    expect(cards[0]!.theme).toBe("pin");
    expect(cards[0]!.log).toHaveLength(CARD_LOG_LIMIT);
    expect(cards[0]!.log.at(-1)!.at).toBe(new Date(NOW + (CARD_LOG_LIMIT + 2) * DAY_MS).toISOString());
  });
});

describe("Easy", () => {
  it("is a clean solve of a due review in under half the usual solve time, and spaces it further than Good", () => {
    const cards = graduated();
    const due = at(cards[0]!);
    const quick = recordTry(cards, { puzzleId: 7, outcome: "clean", timeMs: 25_000 }, due, USUAL);
    const usual = recordTry(cards, { puzzleId: 7, outcome: "clean", timeMs: 35_000 }, due, USUAL);
    expect(quick.grade).toBe("easy");
    expect(usual.grade).toBe("good");
    expect(at(quick.card)).toBeGreaterThan(at(usual.card));
  });

  it("is never a quick retry in the learning steps, a review before its day, or a solve with no time", () => {
    const failed = recordTry([], { puzzleId: 7, outcome: "failed" }, NOW).cards;
    expect(
      recordTry(failed, { puzzleId: 7, outcome: "clean", timeMs: 2000 }, NOW + MINUTE_MS, USUAL).grade,
    ).toBe("good");
    const cards = graduated();
    const due = at(cards[0]!);
    expect(
      recordTry(cards, { puzzleId: 7, outcome: "clean", timeMs: 2000 }, due - DAY_MS / 2, USUAL).grade,
    ).toBe("good");
    expect(recordTry(cards, { puzzleId: 7, outcome: "clean" }, due, USUAL).grade).toBe("good");
    expect(gradeOf("helped", { card: cards[0], now: due, timeMs: 1000, ...USUAL })).toBe("hard");
  });
});

describe("the usual solve time the browser and the replay grade by", () => {
  it("is read from the cards' clean reviews (usualMsOf), so recordCardTry grades a quick solve Easy", () => {
    let cards = recordTry([], { puzzleId: 7, outcome: "failed", themes: ["fork"] }, NOW).cards;
    cards = recordTry(cards, { puzzleId: 7, outcome: "clean", timeMs: 40_000 }, NOW + 2 * MINUTE_MS).cards;
    cards = recordTry(cards, { puzzleId: 7, outcome: "clean", timeMs: 50_000 }, NOW + 15 * MINUTE_MS).cards;
    // Only clean reviews count (the miss had no time; a solve with help is no usual solve).
    expect(usualMsOf(cards)).toBe(45_000);
    expect(usualMsOf([])).toBe(60_000);
    const due = at(cards[0]!);
    const quick = recordCardTry(cards, { puzzleId: 7, outcome: "clean", timeMs: 20_000 }, due);
    expect(quick[0]?.log.at(-1)?.grade).toBe("easy");
    const slow = recordCardTry(cards, { puzzleId: 7, outcome: "clean", timeMs: 30_000 }, due);
    expect(slow[0]?.log.at(-1)?.grade).toBe("good");
  });

  it("a miss before the try ends makes an unreviewed card; the try's end reviews it and names its source", () => {
    const missed = markMissed([], { puzzleId: 9, themes: ["pin"], rating: 1600 }, NOW);
    expect(missed[0]).toMatchObject({ state: "new", source: "helped", theme: "pin", rating: 1600, log: [] });
    expect(Date.parse(missed[0]!.due)).toBe(NOW + MISS_STEP_MS);
    expect(markMissed(missed, { puzzleId: 9 }, NOW + 1000)).toEqual(missed);
    const ended = recordCardTry(missed, { puzzleId: 9, outcome: "failed" }, NOW + 5000);
    expect(ended[0]).toMatchObject({ source: "failed", state: "learning", created: missed[0]!.created });
    expect(ended[0]?.log.map((review) => review.grade)).toEqual(["again"]);
  });
});

describe("due cards and again today", () => {
  it("lists the due cards, the longest-waiting first", () => {
    let cards: CoachCard[] = [];
    cards = recordTry(cards, { puzzleId: 3, outcome: "helped" }, NOW).cards; // due +6 min
    cards = recordTry(cards, { puzzleId: 1, outcome: "failed" }, NOW + 2 * MINUTE_MS).cards; // due +3 min
    cards = recordTry(cards, { puzzleId: 2, outcome: "failed" }, NOW + 30 * MINUTE_MS).cards; // due +31 min
    expect(dueCards(cards, NOW + 10 * MINUTE_MS).map((card) => card.puzzleId)).toEqual([1, 3]);
    expect(dueCards(cards, NOW + DAY_MS).map((card) => card.puzzleId)).toEqual([1, 3, 2]);
    expect(dueCards(cards, NOW)).toEqual([]);
  });

  it("offers a missed puzzle again today until it is solved cleanly, and the retry does not rate", () => {
    const puzzle = { id: 11, rating: 1500, rating_deviation: 80, themes: ["pin"], game_phase: "endgame" };
    const rated = rateResult(NEW_PLAYER_RATING, puzzle, "loss", new Date(NOW).toISOString());
    let cards = recordTry(
      [],
      { puzzleId: 11, outcome: "failed", themes: puzzle.themes, rating: 1500 },
      NOW,
    ).cards;
    expect(againToday(cards, NOW).map((card) => card.puzzleId)).toEqual([11]);
    // The retry at once, from the feedback card: a review of the card, never a second rated result.
    const retry = recordTry(cards, { puzzleId: 11, outcome: "clean" }, NOW + 20_000);
    expect(retry.grade).toBe("good");
    expect(retry.card!.reps).toBe(2);
    expect(rateResult(rated, puzzle, "win", new Date(NOW + 20_000).toISOString())).toBe(rated);
    cards = retry.cards;
    expect(againToday(cards, NOW + MINUTE_MS).map((card) => card.puzzleId)).toEqual([11]);
    cards = recordTry(cards, { puzzleId: 11, outcome: "clean" }, NOW + 12 * MINUTE_MS).cards;
    expect(cards[0]!.state).toBe("review");
    expect(againToday(cards, NOW + 13 * MINUTE_MS)).toEqual([]);
  });

  it("ends today at the player's midnight", () => {
    // Failed at 23:50 in UTC+2 (21:50 UTC): its 10-minute relearning step ends at local midnight, outside today.
    const late = Date.parse("2026-03-02T21:50:00.000Z");
    let cards = graduated();
    cards = recordTry(cards, { puzzleId: 7, outcome: "failed" }, late + 2 * DAY_MS).cards;
    expect(againToday(cards, late + 2 * DAY_MS, 120)).toEqual([]);
    expect(againToday(cards, late + 2 * DAY_MS, 0)).toHaveLength(1);
  });
});

describe("motif reviews", () => {
  it("grades the card by the unseen puzzle's try, logs which puzzle it was, and makes no card of that puzzle", () => {
    const cards = graduated();
    const due = at(cards[0]!);
    const {
      cards: after,
      card,
      grade,
    } = recordTry(
      cards,
      { puzzleId: 555, outcome: "failed", themes: ["fork"], rating: 1480, forCard: 7 },
      due,
    );
    expect(grade).toBe("again");
    expect(after.map((c) => c.puzzleId)).toEqual([7]);
    expect(card!.log.at(-1)).toMatchObject({ served: "motif", puzzleId: 555, grade: "again" });
    expect(card!.rating).toBe(1450);
    expect(recordTry(cards, { puzzleId: 556, outcome: "failed", forCard: 8 }, due).card).toBeNull();
  });
});

describe("records", () => {
  it("are plain JSON that reads back the same, and anything unreadable is left out", () => {
    const cards = [
      ...graduated(7),
      ...recordTry([], { puzzleId: -2, outcome: "clean", timeMs: 9000 }, NOW).cards,
    ];
    const text = JSON.stringify(cards);
    expect(parseCards(text)).toEqual(cards);
    expect(parseCards(null)).toEqual([]);
    expect(parseCards("{")).toEqual([]);
    expect(parseCards('{"a":1}')).toEqual([]);
    const broken = [
      { ...cards[0], due: "soon" },
      { ...cards[0], state: "lost" },
      cards[1],
      { ...cards[1] },
      5,
    ];
    expect(parseCards(JSON.stringify(broken))).toEqual([cards[1]]);
  });

  it("keep at most CARD_LIMIT cards, dropping the best remembered first", () => {
    let cards = Array.from({ length: CARD_LIMIT }, (_, i) => ({
      ...recordTry([], { puzzleId: i + 1, outcome: "failed" }, NOW).card!,
      stability: i === 10 ? 500 : 1,
    }));
    cards = recordTry(cards, { puzzleId: 5000, outcome: "failed" }, NOW).cards;
    expect(cards).toHaveLength(CARD_LIMIT);
    expect(cards.some((card) => card.puzzleId === 11)).toBe(false);
    expect(cards.at(-1)!.puzzleId).toBe(5000);
  });

  it("reviewCard is pure", () => {
    const card = graduated()[0]!;
    const copy = JSON.parse(JSON.stringify(card));
    reviewCard(card, "good", at(card));
    expect(card).toEqual(copy);
  });
});

describe("migration from the fixed-interval review", () => {
  it("makes each old entry a card due at its old due date, in the same order, remembered for its wait", () => {
    let entries: ReviewEntry[] = [];
    const day = (n: number) => NOW + n * DAY_MS;
    entries = scheduleReview(entries, 5, "failed", day(-30));
    entries = scheduleReview(entries, 5, "clean", day(-29)); // stage 1: 3 days
    entries = scheduleReview(entries, 5, "clean", day(-26)); // stage 2: 7 days, due day(-19)
    entries = scheduleReview(entries, 6, "helped", day(-2)); // stage 0, due day(-1)
    entries = scheduleReview(entries, -4, "failed", day(0)); // My games, due day(1)
    const history = [point(30, 1710, "loss", ["skewer", "endgame"], { puzzleId: 5 })];
    const cards = migrateReviews(entries, { history });
    expect(cards.map((card) => [card.puzzleId, card.due])).toEqual(entries.map((e) => [e.puzzleId, e.due]));
    expect(cards[0]).toMatchObject({
      state: "review",
      stability: 7,
      scheduledDays: 7,
      reps: 3,
      lapses: 0,
      source: "migrated",
      theme: "skewer",
      rating: 1710,
      lastReview: new Date(day(-26)).toISOString(),
    });
    expect(cards[1]).toMatchObject({ stability: 1, lapses: 0, source: "migrated", theme: null });
    expect(cards[2]).toMatchObject({ source: "my-games", lapses: 1 });
    expect(cards[2]!.difficulty).toBeGreaterThan(cards[0]!.difficulty);
    expect(dueCards(cards, NOW).map((card) => card.puzzleId)).toEqual(
      dueReviews(entries, NOW).map((entry) => entry.puzzleId),
    );
    expect(parseCards(JSON.stringify(cards))).toEqual(cards);
  });

  it("leaves a puzzle that already has a card to that card, and a migrated card reviews like any other", () => {
    const cards = graduated(5);
    const entries: ReviewEntry[] = [
      { puzzleId: 5, stage: 0, due: new Date(NOW).toISOString(), last: "failed" },
      { puzzleId: 8, stage: 3, due: new Date(NOW).toISOString(), last: "clean" },
    ];
    const migrated = migrateReviews(entries, { cards });
    expect(migrated).toHaveLength(2);
    expect(migrated[0]).toEqual(cards[0]);
    const { card, grade } = recordTry(
      migrated,
      { puzzleId: 8, outcome: "clean", timeMs: 45_000 },
      NOW,
      USUAL,
    );
    expect(grade).toBe("good");
    expect(at(card) - NOW).toBeGreaterThan(21 * DAY_MS);
  });
});
