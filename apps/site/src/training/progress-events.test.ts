import {
  COACH_CARDS_KEY,
  PROGRESS_KEYS,
  parseCards,
  type RatedPuzzle,
  REVIEW_KEY,
  type SessionMove,
} from "@ct/machines";
import { ACCOUNT_PROGRESS_KEYS, replayProgress } from "@ct/machines/account-progress";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxKey, readOutbox } from "../sync/outbox";
import { OWNER_KEY } from "../sync/owner";

/**
 * The trainer's writes (progress.ts) and the events they queue for a signed-in player agree: the server's replay of
 * the outbox builds byte for byte the records the writes left in storage, so the screens show the same thing before
 * and after the server answers. An anonymous visitor's writes queue nothing. The page's storage here is a Map behind
 * a `window.localStorage` of its own (the site's `storage` reads it as in a browser); no request leaves: nobody is
 * signed in as far as the page's account store knows, so the outbox waits.
 */

const data = new Map<string, string>();
const localStorage = {
  getItem: (key: string) => data.get(key) ?? null,
  setItem: (key: string, value: string) => void data.set(key, value),
  removeItem: (key: string) => void data.delete(key),
};
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

let progress: typeof import("./progress")["progress"];
let stopSync: () => void;

beforeAll(async () => {
  (globalThis as { window?: unknown }).window = { localStorage };
  ({ progress } = await import("./progress"));
  const { pageSync } = await import("../sync/page-sync");
  stopSync = () => pageSync().stop();
});
afterAll(() => {
  stopSync();
  delete (globalThis as { window?: unknown }).window;
});

const puzzle = (id: number, rating = 1500): RatedPuzzle => ({
  id,
  rating,
  rating_deviation: 80,
  themes: ["fork"],
  game_phase: "middlegame",
});
const move = (id: number, evaluation: SessionMove["evaluation"]): SessionMove => ({
  positionId: String(id),
  fen: START,
  move: "e2e4",
  evaluation,
  timeSpentMs: 3000,
});

/** A morning of training through every kind of write the trainer makes. */
function morning() {
  progress.setDifficulty("harder");
  progress.setOrder("rated");
  progress.startSession("middle-game");
  progress.markSeen(11);
  progress.recordMove(move(11, "best"));
  progress.reportResult(puzzle(11, 1400), "win");
  progress.recordOutcome({ positionId: "11", fen: START, outcome: "clean" });
  progress.markSeen(12);
  // A wrong move and its result in the same tick: each write still has its own time.
  progress.recordMove(move(12, "mistake"));
  progress.reportResult(puzzle(12, 1650), "loss");
  progress.recordMove(move(12, "best"));
  progress.recordOutcome(
    { positionId: "12", fen: START, outcome: "helped" },
    { timeMs: 9000.4, themes: ["fork"], rating: 1650 },
  );
  // Try again at once: a clean retry reviews the card (no result: the rating moved on the first one).
  progress.recordOutcome(
    { positionId: "12", fen: START, outcome: "clean" },
    { timeMs: 4000, themes: ["fork"], rating: 1650 },
  );
  // An unseen fork served for card 12 (the review page), missed: it reviews card 12 and makes no card.
  progress.reportResult(puzzle(14, 1600), "loss", { forCard: 12 });
  progress.recordOutcome(
    { positionId: "14", fen: START, outcome: "failed" },
    { timeMs: 20_000, forCard: 12 },
  );
  progress.reportResult(puzzle(11, 1400), "loss");
  progress.startSession("my-games");
  progress.recordMove(move(-1, "mistake"));
  progress.reportResult(puzzle(-1, 1500), "loss");
  progress.recordOutcome({ positionId: "-1", fen: START, outcome: "failed" });
  progress.endSession({ totalPositions: 3 });
  progress.recordStreak(4);
  progress.recordStreak(2);
  progress.startSession("endgame");
  progress.recordMove(move(13, "best"));
  progress.reportResult(puzzle(13, 1200), "win");
  progress.recordOutcome({ positionId: "13", fen: START, outcome: "clean" });
  progress.endSession({ totalPositions: 20, completed: false });
}

const stored = () =>
  Object.fromEntries(ACCOUNT_PROGRESS_KEYS.flatMap((key) => (data.has(key) ? [[key, data.get(key)]] : [])));

describe("the trainer's writes and their events", () => {
  it("queue nothing for an anonymous visitor", () => {
    data.clear();
    morning();
    expect([...data.keys()].filter((key) => key.startsWith("chesstrainer.outbox."))).toEqual([]);
    expect(data.has(PROGRESS_KEYS.positions)).toBe(true);
  });

  it("queue, for a signed-in player, events whose replay is the records the writes made", () => {
    data.clear();
    data.set(OWNER_KEY, "ada");
    morning();
    const events = readOutbox(
      { get: (key) => data.get(key) ?? null, set: () => {}, remove: () => {} },
      "ada",
    );
    expect(events.length).toBeGreaterThan(20);
    expect(new Set(events.map((event) => event.at)).size).toBe(events.length);
    expect(replayProgress(events)).toEqual(stored());
    const cards = parseCards(data.get(COACH_CARDS_KEY) ?? null);
    expect(cards.map((card) => [card.puzzleId, card.source])).toEqual([
      [12, "helped"],
      [11, "helped"],
      [-1, "my-games"],
    ]);
    expect(cards[0]?.log.map((review) => [review.grade, review.served, review.ms])).toEqual([
      ["hard", "position", 9000],
      ["good", "position", 4000],
      ["again", "motif", 20_000],
    ]);

    // Forgetting My games and a reset are events too.
    progress.forgetMyGames();
    const afterForget = readOutbox(
      { get: (key) => data.get(key) ?? null, set: () => {}, remove: () => {} },
      "ada",
    );
    expect(replayProgress(afterForget)).toEqual(stored());
    progress.resetAll();
    const afterReset = readOutbox(
      { get: (key) => data.get(key) ?? null, set: () => {}, remove: () => {} },
      "ada",
    );
    expect(afterReset.at(-1)?.type).toBe("reset");
    expect(replayProgress(afterReset)).toEqual({});
    expect(data.has(outboxKey("ada"))).toBe(true);
  });

  it("restore a backup into a signed-in player's account as a reset and the backup's records", () => {
    data.clear();
    morning();
    const backup = progress.exportAll();
    data.clear();
    data.set(OWNER_KEY, "ada");
    progress.startSession("opening");
    progress.recordMove(move(40, "best"));
    expect(progress.importAll(backup)).toBeGreaterThan(0);
    const events = readOutbox(
      { get: (key) => data.get(key) ?? null, set: () => {}, remove: () => {} },
      "ada",
    );
    expect(events.slice(-2).map((event) => event.type)).toEqual(["reset", "merge"]);
    expect(replayProgress(events)).toEqual(stored());
    expect(parseCards(backup[COACH_CARDS_KEY] ?? null)).toHaveLength(3);
  });

  it("restore an old backup's review list as cards, on the device and the account alike", () => {
    data.clear();
    data.set(OWNER_KEY, "ada");
    const old = [{ puzzleId: 5, stage: 1, due: "2026-11-30T09:00:00.000Z", last: "clean" }];
    expect(progress.importAll({ [REVIEW_KEY]: JSON.stringify(old) })).toBe(1);
    progress.startSession("opening");
    progress.recordOutcome({ positionId: "6", fen: START, outcome: "failed" });
    expect(data.has(REVIEW_KEY)).toBe(false);
    expect(parseCards(data.get(COACH_CARDS_KEY) ?? null).map((card) => [card.puzzleId, card.source])).toEqual(
      [
        [5, "migrated"],
        [6, "failed"],
      ],
    );
    const events = readOutbox(
      { get: (key) => data.get(key) ?? null, set: () => {}, remove: () => {} },
      "ada",
    );
    expect(replayProgress(events)).toEqual(stored());
  });
});
