import type { ProgressEvent } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { COACH_CARDS_KEY, type CoachCard, newCard, parseCards, reviewCard } from "../coach/review";
import { PROGRESS_KEYS } from "../progress/progress";
import type { PositionProgress } from "../progress/types";
import {
  createRatingRecords,
  NEW_PLAYER_RATING,
  type PlayerRating,
  parsePlayerRating,
  RATING_KEY,
} from "../rating/rating";
import { REVIEW_KEY } from "../review/review";
import { progressStateOf, recordsOf, replayProgress } from "./account-progress";
import { MERGED_PUZZLE_DEVIATION, mergeProgressStates } from "./merge";

const T0 = Date.parse("2026-11-20T08:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const position = (id: string, minutes: number, fields: Partial<PositionProgress> = {}): PositionProgress => ({
  id,
  positionId: id.split(":")[1] as string,
  fen: "8/8/8/8/8/8/8/K6k w - - 0 1",
  attempts: 1,
  correctMoves: 1,
  inaccuracies: 0,
  mistakes: 0,
  blunders: 0,
  lastAttemptDate: at(minutes),
  timeSpentMs: 5000,
  completed: true,
  outcome: "clean",
  ...fields,
});

/** A rating built by the browser's own records: these results, in this order, at these minutes. */
function ratingOf(
  results: [id: number, rating: number, result: "win" | "loss", minutes: number][],
): PlayerRating {
  let now = T0;
  const data = new Map<string, string>();
  const records = createRatingRecords({
    storage: {
      get: (k) => data.get(k) ?? null,
      set: (k, v) => void data.set(k, v),
      remove: (k) => void data.delete(k),
    },
    now: () => now,
  });
  for (const [id, rating, result, minutes] of results) {
    now = T0 + minutes * 60_000;
    const puzzle = {
      id,
      rating,
      rating_deviation: MERGED_PUZZLE_DEVIATION,
      themes: ["fork"],
      game_phase: "endgame",
    };
    records.report(puzzle, result);
  }
  return records.read();
}

/** A card missed at `minutes`, as the browser's records make it. */
const card = (puzzleId: number, minutes: number): CoachCard =>
  reviewCard(newCard(puzzleId, T0 + minutes * 60_000, "failed"), "again", T0 + minutes * 60_000);

const records = (state: Parameters<typeof recordsOf>[0]) => recordsOf(state);
const state = (fields: Partial<Parameters<typeof recordsOf>[0]>) => ({
  positions: undefined,
  scenarios: undefined,
  rating: undefined,
  cards: undefined,
  ...fields,
});

describe("merging a browser's records into an account's", () => {
  const account = state({
    positions: [
      position("endgame:1", 10, { attempts: 3, mistakes: 2 }),
      position("endgame:2", 20, { completed: false, outcome: "failed" }),
    ],
    scenarios: [
      {
        id: "endgame",
        scenarioId: "endgame",
        positionsCompleted: 1,
        totalPositions: 20,
        startDate: at(5),
        lastSessionDate: at(25),
        timeSpentMs: 60_000,
        completed: false,
      },
    ],
    rating: {
      ...ratingOf([
        [1, 1500, "win", 10],
        [2, 1600, "loss", 20],
      ]),
      difficulty: "harder",
      streakBest: 3,
    },
    cards: [card(2, 100), card(7, 300)],
  });
  const browser = state({
    positions: [
      position("endgame:2", 40, { attempts: 1, correctMoves: 2, timeSpentMs: 9000 }),
      position("opening:5", 30),
    ],
    scenarios: [
      {
        id: "endgame",
        scenarioId: "endgame",
        positionsCompleted: 1,
        totalPositions: 20,
        startDate: at(1),
        lastSessionDate: at(45),
        timeSpentMs: 90_000,
        completed: false,
      },
    ],
    rating: {
      ...ratingOf([
        [5, 1200, "win", 30],
        [2, 1600, "win", 15],
        [9, 1800, "loss", 50],
      ]),
      order: "rated",
      streakBest: 7,
    },
    cards: [card(9, 90), card(7, 200)],
  });

  it("unites positions by id: the later try's fields, the larger counts, solved on either side", () => {
    const merged = mergeProgressStates(account, browser);
    expect(merged.positions?.map((p) => p.id)).toEqual(["endgame:1", "endgame:2", "opening:5"]);
    expect(merged.positions?.[1]).toEqual(
      position("endgame:2", 40, { attempts: 1, correctMoves: 2, timeSpentMs: 9000, completed: true }),
    );
    expect(merged.scenarios).toEqual([
      {
        id: "endgame",
        scenarioId: "endgame",
        positionsCompleted: 2,
        totalPositions: 20,
        startDate: at(1),
        lastSessionDate: at(45),
        timeSpentMs: 90_000,
        completed: false,
      },
    ]);
  });

  it("computes the rating again from both histories in time order, the first result on each puzzle only", () => {
    const merged = mergeProgressStates(account, browser);
    // The browser's win on puzzle 2 came before the account's loss on it: the win is the first result.
    const expected = ratingOf([
      [1, 1500, "win", 10],
      [2, 1600, "win", 15],
      [5, 1200, "win", 30],
      [9, 1800, "loss", 50],
    ]);
    expect(merged.rating).toMatchObject({
      rating: expected.rating,
      deviation: expected.deviation,
      volatility: expected.volatility,
      history: expected.history,
    });
    expect(merged.rating?.rated).toEqual([1, 5, 2, 9]);
    // Settings are the account's; the best streak the longer one.
    expect(merged.rating).toMatchObject({ difficulty: "harder", order: "sequence", streakBest: 7 });
  });

  it("unites the review cards by puzzle: of a puzzle carded on both sides, the one reviewed latest", () => {
    expect(mergeProgressStates(account, browser).cards).toEqual([card(2, 100), card(9, 90), card(7, 300)]);
    const later = state({ cards: [card(7, 400)] });
    expect(mergeProgressStates(account, later).cards).toEqual([card(2, 100), card(7, 400)]);
  });

  it("changes nothing when the same records join again, or records the account already holds", () => {
    const once = mergeProgressStates(account, browser);
    expect(records(mergeProgressStates(once, browser))).toEqual(records(once));
    // The account's records joining again leave every record as it was (lists may put the other side's last).
    const inOrder = (merged: typeof once) => ({
      ...merged,
      rating: merged.rating && { ...merged.rating, rated: [...merged.rating.rated].sort((a, b) => a - b) },
      cards: merged.cards && [...merged.cards].sort((a, b) => a.puzzleId - b.puzzleId),
    });
    expect(inOrder(mergeProgressStates(once, account))).toEqual(inOrder(once));
    expect(records(mergeProgressStates(account, account))).toEqual(records(account));
    expect(records(mergeProgressStates(account, state({})))).toEqual(records(account));
    // An account with nothing takes the browser's records as they are, its rating included.
    expect(records(mergeProgressStates(state({}), browser))).toEqual(records(browser));
  });

  it("keeps a side's own rating when the other adds no result to it", () => {
    const older = { ...account.rating, history: account.rating?.history.slice(0, 1) } as PlayerRating;
    const merged = mergeProgressStates(account, state({ rating: older }));
    expect(merged.rating).toMatchObject({
      rating: account.rating?.rating,
      deviation: account.rating?.deviation,
      history: account.rating?.history,
    });
    // A newcomer's account (settings chosen, nothing played) takes the browser's rating exactly.
    const newcomer = state({ rating: { ...NEW_PLAYER_RATING, difficulty: "easier" as const } });
    const joined = mergeProgressStates(newcomer, browser);
    expect(joined.rating).toMatchObject({
      rating: browser.rating?.rating,
      deviation: browser.rating?.deviation,
      history: browser.rating?.history,
      difficulty: "easier",
    });
  });

  it("as an event: merges what the browser sends, ignoring what is not the trainer's, once however often sent", () => {
    const before: ProgressEvent[] = [
      {
        key: "account-0001",
        at: at(10),
        type: "result",
        puzzle: { id: 1, rating: 1500, rating_deviation: 100, themes: ["fork"], game_phase: "endgame" },
        result: "win",
      },
    ];
    const sent = {
      ...recordsOf(browser),
      [PROGRESS_KEYS.session]: '{"id":"x"}',
      "chesstrainer.other": "1",
      // An old review list the browser never read since the cards came: migrated (a puzzle with a card keeps it).
      [REVIEW_KEY]:
        '[{"puzzleId":"nine"}, {"puzzleId":9,"stage":0,"due":"2026-11-21T08:50:00.000Z","last":"failed"},' +
        '{"puzzleId":4,"stage":2,"due":"2026-11-24T08:00:00.000Z","last":"clean"}]',
    };
    const merge = (key: string, minutes: number): ProgressEvent => ({
      key,
      at: at(minutes),
      type: "merge",
      records: sent,
    });
    const merged = replayProgress([...before, merge("merge-0001", 60)]);
    expect(Object.keys(merged).sort()).toEqual(
      [PROGRESS_KEYS.positions, PROGRESS_KEYS.scenarios, RATING_KEY, COACH_CARDS_KEY].sort(),
    );
    const cards = parseCards(merged[COACH_CARDS_KEY] ?? null);
    expect(cards.map((one) => [one.puzzleId, one.source, one.due])).toEqual([
      [9, "failed", card(9, 90).due],
      [7, "failed", card(7, 200).due],
      [4, "migrated", "2026-11-24T08:00:00.000Z"],
    ]);
    expect(parsePlayerRating(merged[RATING_KEY] ?? null).history.map((point) => point.puzzleId)).toEqual([
      1, 2, 5, 9,
    ]);
    // The same records merged again (another key, later) change nothing.
    expect(replayProgress([...before, merge("merge-0001", 60), merge("merge-0002", 90)])).toEqual(merged);
    // Unreadable records merge as nothing.
    expect(
      replayProgress([
        ...before,
        { key: "merge-0003", at: at(60), type: "merge", records: { [RATING_KEY]: "{" } },
      ]),
    ).toEqual(replayProgress(before));
    expect(progressStateOf(merged).positions).toHaveLength(2);
  });
});
