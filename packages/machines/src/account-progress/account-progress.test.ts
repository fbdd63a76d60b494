import type { ProgressEvent } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { COACH_CARDS_KEY, parseCards } from "../coach/review";
import { createProgressRecords, PROGRESS_KEYS } from "../progress/progress";
import type { ProgressStorage, PuzzleOutcome, SessionMove } from "../progress/types";
import {
  createRatingRecords,
  type PuzzleOrder,
  type PuzzleResult,
  parsePlayerRating,
  RATING_KEY,
  type RatedPuzzle,
} from "../rating/rating";
import { createCardRecords } from "../review/cards";
import { REVIEW_KEY } from "../review/review";
import {
  applyProgressEvent,
  compareProgressEvents,
  progressStateOf,
  recordsOf,
  replayProgress,
} from "./account-progress";
import { isMyGamesId, MY_GAMES_SCENARIO } from "./my-games";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const T0 = Date.parse("2026-11-28T09:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

/** A seeded random source (mulberry32), so a failing sequence can be run again. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function memoryStorage(): ProgressStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

/**
 * A browser as the site runs it: the writes of apps/site/src/training/progress.ts over the machines' records in a
 * memory storage, each also written down as the event the site's outbox sends. `clock` is shared, so two devices
 * can interleave in time.
 */
function device(name: string, clock: { now: number }) {
  const storage = memoryStorage();
  const now = () => clock.now;
  let ids = 0;
  const records = createProgressRecords({ storage, now, newId: () => `${name}-session-${++ids}` });
  const rating = createRatingRecords({ storage, now });
  const cards = createCardRecords({ storage, now });
  const events: ProgressEvent[] = [];
  let keys = 0;
  const base = () => ({
    key: `${name}-${String(++keys).padStart(6, "0")}`,
    at: new Date(now()).toISOString(),
  });
  const emit = (event: ProgressEvent) => events.push(event);

  const endSession = (options: { totalPositions?: number; completed?: boolean } = {}) => {
    const running = records.currentSession();
    if (!running) return;
    const at = base();
    records.endSession(options);
    emit({
      ...at,
      type: "session-end",
      scenarioId: running.scenarioId,
      startTime: running.startTime,
      ...options,
    });
  };

  return {
    name,
    storage,
    events,
    /** What the device's storage holds, but the running session (which never leaves the device). */
    records(): Record<string, string> {
      return Object.fromEntries([...storage.data].filter(([key]) => key !== PROGRESS_KEYS.session));
    },
    startSession(scenarioId: string) {
      endSession();
      records.startSession(scenarioId);
    },
    recordMove(move: SessionMove) {
      const running = records.currentSession();
      if (!running) return;
      const at = base();
      records.recordMove(move);
      emit({ ...at, type: "move", scenarioId: running.scenarioId, move });
    },
    recordOutcome(
      position: { positionId: string; fen: string; outcome: PuzzleOutcome },
      known: { timeMs?: number; themes?: string[]; rating?: number; forCard?: number } = {},
    ) {
      const running = records.currentSession();
      if (!running) return;
      const at = base();
      records.recordOutcome(position);
      cards.recordTry({ puzzleId: Number(position.positionId), outcome: position.outcome, ...known });
      emit({ ...at, type: "outcome", scenarioId: running.scenarioId, ...position, ...known });
    },
    endSession,
    reportResult(puzzle: RatedPuzzle, result: PuzzleResult, forCard?: number) {
      const at = base();
      const served = forCard === undefined ? {} : { forCard };
      if (result === "loss")
        cards.markMissed({ puzzleId: puzzle.id, themes: puzzle.themes, rating: puzzle.rating, ...served });
      if (!isMyGamesId(puzzle.id)) rating.report(puzzle, result);
      emit({ ...at, type: "result", puzzle: { ...puzzle, themes: [...puzzle.themes] }, result, ...served });
    },
    markSeen(id: number) {
      const at = base();
      if (!isMyGamesId(id)) rating.markSeen(id);
      emit({ ...at, type: "seen", puzzleId: id });
    },
    setOrder(order: PuzzleOrder) {
      const at = base();
      rating.setOrder(order);
      emit({ ...at, type: "order", order });
    },
    setDifficulty(difficulty: "easiest" | "easier" | "normal" | "harder" | "hardest") {
      const at = base();
      rating.setDifficulty(difficulty);
      emit({ ...at, type: "difficulty", difficulty });
    },
    recordStreak(length: number) {
      const at = base();
      rating.recordStreak(length);
      emit({ ...at, type: "streak", length });
    },
    forgetMyGames() {
      const at = base();
      records.forgetScenario(MY_GAMES_SCENARIO);
      cards.forget(isMyGamesId);
      emit({ ...at, type: "forget-my-games" });
    },
    resetAll() {
      const at = base();
      records.resetAll();
      rating.reset();
      cards.reset();
      emit({ ...at, type: "reset" });
    },
  };
}

type Device = ReturnType<typeof device>;

const puzzle = (id: number, rating = 1500): RatedPuzzle & { themes: string[] } => ({
  id,
  rating,
  rating_deviation: 80,
  themes: id % 2 === 0 ? ["fork", "short"] : ["mateIn2"],
  game_phase: ["opening", "middlegame", "endgame"][Math.abs(id) % 3] as string,
});
const move = (
  positionId: number,
  evaluation: SessionMove["evaluation"],
  timeSpentMs = 4000,
): SessionMove => ({
  positionId: String(positionId),
  fen: START,
  move: "e2e4",
  evaluation,
  timeSpentMs,
});

/**
 * One puzzle played as the training screen plays it: shown, moves, the first result, how it ended. A clean solve
 * is a win; a mistake first, a hint or the shown answer a loss.
 */
function play(
  player: Device,
  clock: { now: number },
  id: number,
  how: PuzzleOutcome,
  rating = 1500,
  forCard?: number,
) {
  const started = clock.now;
  player.markSeen(id);
  clock.now += 3000;
  if (how !== "clean") {
    player.recordMove(move(id, "mistake"));
    clock.now += 2000;
    player.reportResult(puzzle(id, rating), "loss", forCard);
    clock.now += 1000;
  }
  if (how !== "failed") {
    player.recordMove(move(id, "best"));
    clock.now += 1000;
    if (how === "clean") player.reportResult(puzzle(id, rating), "win", forCard);
  }
  // The trainer knows the try's time and the puzzle's themes and rating (not for the player's own puzzles).
  const known = isMyGamesId(id)
    ? { timeMs: clock.now - started }
    : { timeMs: clock.now - started, themes: puzzle(id).themes, rating };
  player.recordOutcome(
    { positionId: String(id), fen: START, outcome: how },
    forCard === undefined ? known : { ...known, forCard },
  );
  clock.now += 1000;
}

/** A morning of training touching every kind of write, on one device. */
function morning(player: Device, clock: { now: number }) {
  player.setDifficulty("harder");
  player.startSession("endgame");
  play(player, clock, 11, "clean", 1400);
  play(player, clock, 12, "helped", 1700);
  play(player, clock, 13, "failed", 1900);
  play(player, clock, 11, "helped", 1400); // a second try: rates nothing, goes up for review
  player.endSession({ totalPositions: 20 });
  clock.now += 60_000;
  player.setOrder("rated");
  player.startSession(MY_GAMES_SCENARIO);
  play(player, clock, -1, "failed");
  play(player, clock, -2, "clean");
  player.startSession("middlegame"); // ends the My games session first
  play(player, clock, 20, "clean", 1300);
  player.recordStreak(4);
  player.recordStreak(2);
  player.endSession({ completed: true });
}

describe("replaying a player's events", () => {
  it("builds exactly the records the browser's own writes keep, key by key and byte by byte", () => {
    const clock = { now: T0 };
    const laptop = device("laptop", clock);
    morning(laptop, clock);
    expect(replayProgress(laptop.events)).toEqual(laptop.records());
    // A day later the reviews are due: clean solves move them on, the My games set is cleared.
    clock.now += 2 * DAY;
    laptop.startSession("review");
    play(laptop, clock, 12, "clean", 1700);
    play(laptop, clock, 13, "clean", 1900);
    laptop.forgetMyGames();
    laptop.endSession();
    const records = laptop.records();
    expect(replayProgress(laptop.events)).toEqual(records);
    expect(Object.keys(records).sort()).toEqual(
      [PROGRESS_KEYS.positions, PROGRESS_KEYS.scenarios, RATING_KEY, COACH_CARDS_KEY].sort(),
    );
    // What the replay says, read as the screens read it.
    const rating = parsePlayerRating(records[RATING_KEY] ?? null);
    expect(rating.history.map((point) => [point.puzzleId, point.result])).toEqual([
      [11, "win"],
      [12, "loss"],
      [13, "loss"],
      [20, "win"],
      // 12 and 13 were rated by their first result: the clean solves in review change nothing.
    ]);
    expect(rating).toMatchObject({ difficulty: "harder", order: "rated", streakBest: 4 });
    expect(rating.seen).toEqual([11, 20, 12, 13]);
    // The cards: 11 missed on its second try that morning, 12 and 13 solved cleanly once since their misses (one
    // more clean solve ends their learning steps); the My games cards left with their set.
    const cards = parseCards(records[COACH_CARDS_KEY] ?? null);
    expect(cards.map((card) => [card.puzzleId, card.source, card.state, card.theme, card.rating])).toEqual([
      [11, "helped", "learning", "mateIn2", 1400],
      [12, "helped", "learning", "fork", 1700],
      [13, "failed", "learning", "mateIn2", 1900],
    ]);
    expect(cards.find((card) => card.puzzleId === 13)?.log.map((review) => review.grade)).toEqual([
      "again",
      "good",
    ]);
  });

  it("matches the browser after every write of a long random session, through reset and My games", () => {
    for (const seed of [1, 2, 3]) {
      const random = seeded(seed);
      const clock = { now: T0 };
      const phone = device(`phone${seed}`, clock);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
      for (let step = 0; step < 400; step++) {
        clock.now += Math.floor(random() * 6 * 60 * 60 * 1000);
        const id = pick([-3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        const action = random();
        if (action < 0.08) phone.startSession(pick(["opening", "middlegame", "endgame", MY_GAMES_SCENARIO]));
        else if (action < 0.6)
          play(phone, clock, id, pick(["clean", "helped", "failed"] as const), 800 + id * 100);
        else if (action < 0.66)
          phone.endSession(random() < 0.5 ? { totalPositions: 12 } : { completed: true });
        else if (action < 0.72) phone.recordStreak(Math.floor(random() * 12));
        else if (action < 0.78) phone.setOrder(pick(["sequence", "rated"] as const));
        else if (action < 0.84) phone.setDifficulty(pick(["easiest", "normal", "hardest"] as const));
        else if (action < 0.9)
          phone.recordMove(move(id, pick(["best", "good", "inaccuracy", "blunder"] as const)));
        else if (action < 0.94) phone.markSeen(id);
        else if (action < 0.97) phone.forgetMyGames();
        else if (action < 0.985) phone.resetAll();
        else phone.reportResult(puzzle(id), pick(["win", "loss"] as const));
        if (step % 50 === 49)
          expect(replayProgress(phone.events), `seed ${seed}, step ${step}`).toEqual(phone.records());
      }
      expect(replayProgress(phone.events), `seed ${seed}`).toEqual(phone.records());
    }
  });

  it("gives the same records whatever order the events arrive in", () => {
    const clock = { now: T0 };
    const laptop = device("laptop", clock);
    morning(laptop, clock);
    const expected = replayProgress(laptop.events);
    const random = seeded(7);
    for (let round = 0; round < 5; round++) {
      const shuffled = [...laptop.events];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j] as ProgressEvent, shuffled[i] as ProgressEvent];
      }
      expect(replayProgress(shuffled)).toEqual(expected);
    }
    // Applied one at a time in time order, records to records, as a server updates a snapshot.
    const sorted = [...laptop.events].sort(compareProgressEvents);
    expect(sorted.reduce<Record<string, string>>(applyProgressEvent, {})).toEqual(expected);
  });

  it("orders events by time, then by key, whatever offset a time is written with", () => {
    const a = { key: "bbbbbbbb", at: "2026-11-28T10:00:00.000+02:00" };
    const b = { key: "aaaaaaaa", at: "2026-11-28T09:00:00.000Z" };
    expect(compareProgressEvents(a, b)).toBeLessThan(0);
    expect(compareProgressEvents({ ...a, at: b.at }, b)).toBeGreaterThan(0);
    expect(compareProgressEvents(b, b)).toBe(0);
  });

  it("keeps every result of two devices playing at once, and both devices' positions", () => {
    const clock = { now: T0 };
    const laptop = device("laptop", clock);
    const phone = device("phone", clock);
    laptop.startSession("endgame");
    phone.startSession("opening");
    for (let n = 0; n < 30; n++) {
      const player = n % 2 === 0 ? laptop : phone;
      play(player, clock, (n % 2 === 0 ? 100 : 200) + n, n % 3 === 0 ? "helped" : "clean", 1200 + n * 20);
    }
    laptop.endSession();
    phone.endSession();
    const records = replayProgress([...phone.events, ...laptop.events]);
    const rating = parsePlayerRating(records[RATING_KEY] ?? null);
    const played = Array.from({ length: 30 }, (_, n) => (n % 2 === 0 ? 100 + n : 200 + n));
    expect(rating.history.map((point) => point.puzzleId)).toEqual(played);
    expect(rating.rated).toEqual(played);
    const positions = progressStateOf(records).positions ?? [];
    expect(positions).toHaveLength(30);
    expect(positions.filter((p) => p.id.startsWith("endgame:"))).toHaveLength(15);
    expect(progressStateOf(records).scenarios?.map((s) => [s.scenarioId, s.positionsCompleted])).toEqual([
      ["endgame", 15],
      ["opening", 15],
    ]);
    // Sent in any split and order, the union replays the same.
    expect(
      replayProgress([...laptop.events.slice(10), ...phone.events, ...laptop.events.slice(0, 10)]),
    ).toEqual(records);
  });

  it("rates a puzzle by its first result only, and never the player's own puzzles", () => {
    const at = (n: number) => new Date(T0 + n * 1000).toISOString();
    const records = replayProgress([
      { key: "event-0001", at: at(1), type: "result", puzzle: puzzle(5), result: "loss" },
      { key: "event-0002", at: at(2), type: "result", puzzle: puzzle(5), result: "win" },
      { key: "event-0003", at: at(3), type: "result", puzzle: puzzle(-4), result: "loss" },
      { key: "event-0004", at: at(4), type: "result", puzzle: puzzle(6), result: "win", unrated: true },
      { key: "event-0005", at: at(5), type: "seen", puzzleId: -4 },
    ]);
    const rating = parsePlayerRating(records[RATING_KEY] ?? null);
    expect(rating.history.map((point) => [point.puzzleId, point.result])).toEqual([[5, "loss"]]);
    expect(rating.seen).toEqual([]);
    // Every loss makes its puzzle a card, the player's own and an unknown one's too.
    expect(parseCards(records[COACH_CARDS_KEY] ?? null).map((card) => [card.puzzleId, card.source])).toEqual([
      [5, "helped"],
      [-4, "my-games"],
    ]);
  });

  it("reviews a card by a try served for it, and again at once after a miss, as the browser does", () => {
    const clock = { now: T0 };
    const laptop = device("laptop", clock);
    laptop.startSession("middlegame");
    play(laptop, clock, 12, "failed", 1700);
    // "Try again" at once: the same puzzle, a clean retry (its first learning step).
    play(laptop, clock, 12, "clean", 1700);
    clock.now += 3 * DAY;
    play(laptop, clock, 12, "clean", 1700);
    // Due again later: an unseen fork (puzzle 30) served for card 12, missed; it makes no card of its own.
    clock.now += 30 * DAY;
    play(laptop, clock, 30, "helped", 1650, 12);
    laptop.endSession();
    const records = laptop.records();
    expect(replayProgress(laptop.events)).toEqual(records);
    const cards = parseCards(records[COACH_CARDS_KEY] ?? null);
    expect(cards.map((card) => card.puzzleId)).toEqual([12]);
    expect(cards[0]?.log.map((review) => [review.grade, review.served, review.puzzleId])).toEqual([
      ["again", "position", undefined],
      ["good", "position", undefined],
      ["good", "position", undefined],
      ["hard", "motif", 30],
    ]);
  });

  it("migrates an old review list once, on the device and in the account's records alike", () => {
    const clock = { now: T0 };
    const laptop = device("laptop", clock);
    const old = [
      { puzzleId: 12, stage: 1, due: new Date(T0 + 2 * DAY).toISOString(), last: "clean" },
      { puzzleId: -3, stage: 0, due: new Date(T0 + DAY).toISOString(), last: "failed" },
    ];
    laptop.storage.set(REVIEW_KEY, JSON.stringify(old));
    laptop.startSession("middlegame");
    play(laptop, clock, 14, "failed", 1500);
    laptop.endSession();
    const records = laptop.records();
    expect(records[REVIEW_KEY]).toBeUndefined();
    expect(parseCards(records[COACH_CARDS_KEY] ?? null).map((card) => [card.puzzleId, card.source])).toEqual([
      [12, "migrated"],
      [-3, "my-games"],
      [14, "failed"],
    ]);
    // An account whose records still hold the old list (a snapshot from before the cards) reads it as cards too.
    const before = { [REVIEW_KEY]: JSON.stringify(old) };
    const after = laptop.events.sort(compareProgressEvents).reduce(applyProgressEvent, before);
    expect(after).toEqual(records);
  });

  it("clears everything on reset, and reads back what it writes", () => {
    const clock = { now: T0 };
    const laptop = device("laptop", clock);
    morning(laptop, clock);
    laptop.resetAll();
    expect(replayProgress(laptop.events)).toEqual({});
    morning(laptop, clock);
    const records = replayProgress(laptop.events);
    expect(recordsOf(progressStateOf(records))).toEqual(records);
    // Keys that are not the trainer's, and the running session, are not read.
    expect(recordsOf(progressStateOf({ ...records, other: "1", [PROGRESS_KEYS.session]: "{}" }))).toEqual(
      records,
    );
  });
});
