import { PROGRESS_KEYS, type RatedPuzzle, type SessionMove } from "@ct/machines";
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
  progress.recordOutcome({ positionId: "12", fen: START, outcome: "helped" });
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
  });
});
