import { describe, expect, it } from "vitest";
import { createReviewRecords, dueReviews, parseReviews, REVIEW_KEY, scheduleReview } from "./review";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse("2026-11-26T10:00:00.000Z");

describe("review of mistakes", () => {
  it("a failed or helped puzzle is due a day later; a clean one is not scheduled", () => {
    let list = scheduleReview([], 7, "failed", T0);
    list = scheduleReview(list, 8, "helped", T0);
    list = scheduleReview(list, 9, "clean", T0);
    expect(list.map((e) => e.puzzleId)).toEqual([7, 8]);
    expect(dueReviews(list, T0 + DAY - 1)).toEqual([]);
    expect(dueReviews(list, T0 + DAY).map((e) => e.puzzleId)).toEqual([7, 8]);
  });

  it("clean reviews space it out 3, 7 and 21 days, then retire it", () => {
    let list = scheduleReview([], 7, "failed", T0);
    let now = T0 + DAY;
    for (const days of [3, 7, 21]) {
      list = scheduleReview(list, 7, "clean", now);
      expect(list).toEqual([
        { puzzleId: 7, stage: expect.any(Number), due: expect.any(String), last: "clean" },
      ]);
      expect(Date.parse(list[0]?.due ?? "")).toBe(now + days * DAY);
      now += days * DAY;
    }
    list = scheduleReview(list, 7, "clean", now);
    expect(list).toEqual([]);
  });

  it("a clean solve before it is due does not move it on; a fresh failure starts over at a day", () => {
    let list = scheduleReview([], 7, "failed", T0);
    list = scheduleReview(list, 7, "clean", T0 + DAY);
    expect(list[0]?.stage).toBe(1);
    expect(scheduleReview(list, 7, "clean", T0 + 2 * DAY)).toEqual(list);
    const failed = scheduleReview(list, 7, "failed", T0 + 2 * DAY);
    expect(failed[0]).toMatchObject({ stage: 0, due: new Date(T0 + 3 * DAY).toISOString(), last: "failed" });
    // Help keeps the stage, a day later.
    const helped = scheduleReview(list, 7, "helped", T0 + 2 * DAY);
    expect(helped[0]).toMatchObject({ stage: 1, due: new Date(T0 + 3 * DAY).toISOString(), last: "helped" });
  });

  it("the longest-waiting comes first; unreadable storage reads as empty", () => {
    let list = scheduleReview([], 9, "failed", T0 + 1000);
    list = scheduleReview(list, 3, "failed", T0);
    expect(dueReviews(list, T0 + 2 * DAY).map((e) => e.puzzleId)).toEqual([3, 9]);
    expect(parseReviews("{")).toEqual([]);
    expect(parseReviews(JSON.stringify([{ puzzleId: -1 }, ...list]))).toEqual(list);
  });

  it("records over a storage", () => {
    const map = new Map<string, string>();
    let now = T0;
    const records = createReviewRecords({
      storage: {
        get: (key) => map.get(key) ?? null,
        set: (key, value) => void map.set(key, value),
        remove: (key) => void map.delete(key),
      },
      now: () => now,
    });
    records.record(5, "helped");
    expect(records.due()).toEqual([]);
    now += DAY;
    expect(records.due().map((e) => e.puzzleId)).toEqual([5]);
    records.record(-1, "failed");
    records.record(-2, "helped");
    expect(records.read().map((e) => e.puzzleId)).toEqual([5, -1, -2]);
    records.forget((id) => id < 0);
    expect(records.read().map((e) => e.puzzleId)).toEqual([5]);
    records.reset();
    expect(map.has(REVIEW_KEY)).toBe(false);
  });
});
