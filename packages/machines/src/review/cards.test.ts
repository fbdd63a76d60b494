import { describe, expect, it } from "vitest";
import { COACH_CARDS_KEY, parseCards } from "../coach/review";
import type { ProgressStorage } from "../progress/types";
import { createCardRecords } from "./cards";
import { REVIEW_KEY } from "./review";

const T0 = Date.parse("2026-11-28T09:00:00.000Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function memoryStorage(): ProgressStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

describe("the review cards on a device", () => {
  it("makes a card of a miss at once, and the try's end reviews it: due again within the day", () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    const cards = createCardRecords({ storage, now: () => clock.now });
    cards.markMissed({ puzzleId: 7, themes: ["pin", "short"], rating: 1500 });
    // Never finished, it would come back a minute later, again today.
    expect(cards.read().map((card) => [card.puzzleId, card.state, card.log.length])).toEqual([[7, "new", 0]]);
    expect(cards.due()).toEqual([]);
    expect(cards.againToday().map((one) => one.puzzleId)).toEqual([7]);
    cards.recordTry({
      puzzleId: 7,
      outcome: "failed",
      timeMs: 20_000,
      themes: ["pin", "short"],
      rating: 1500,
    });
    const [card] = cards.read();
    expect(card).toMatchObject({
      puzzleId: 7,
      source: "failed",
      state: "learning",
      theme: "pin",
      rating: 1500,
    });
    expect(cards.due()).toEqual([]);
    expect(cards.againToday().map((one) => one.puzzleId)).toEqual([7]);
    clock.now += MINUTE;
    expect(cards.due().map((one) => one.puzzleId)).toEqual([7]);
    // A clean solve of a library puzzle that is no card makes none; a miss served for a card makes none either.
    cards.recordTry({ puzzleId: 8, outcome: "clean" });
    cards.markMissed({ puzzleId: 9, forCard: 7 });
    expect(cards.read().map((one) => one.puzzleId)).toEqual([7]);
  });

  it("migrates the old review list once, and removes it", () => {
    const storage = memoryStorage();
    storage.set(
      REVIEW_KEY,
      JSON.stringify([{ puzzleId: 5, stage: 2, due: new Date(T0 + DAY).toISOString(), last: "clean" }]),
    );
    const cards = createCardRecords({ storage, now: () => T0 });
    expect(cards.read().map((card) => [card.puzzleId, card.source, card.due])).toEqual([
      [5, "migrated", new Date(T0 + DAY).toISOString()],
    ]);
    expect(storage.get(REVIEW_KEY)).toBeNull();
    expect(parseCards(storage.get(COACH_CARDS_KEY))).toHaveLength(1);
    cards.forget((id) => id === 5);
    expect(cards.read()).toEqual([]);
    cards.markMissed({ puzzleId: 6 });
    cards.reset();
    expect([...storage.data.keys()]).toEqual([]);
  });
});
