import { describe, expect, it } from "vitest";
import { createProgressRecords, PROGRESS_KEYS, recordMoveOn } from "./progress";
import type { ProgressStorage, SessionMove } from "./types";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const T0 = Date.parse("2026-03-01T10:00:00.000Z");

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: ProgressStorage & { data: Map<string, string> } = {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => {
      data.set(key, value);
    },
    remove: (key) => {
      data.delete(key);
    },
  };
  return storage;
}

function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  let time = T0;
  let ids = 0;
  const records = createProgressRecords({
    storage,
    now: () => time,
    newId: () => `00000000-0000-4000-8000-00000000000${++ids}`,
  });
  return {
    storage,
    records,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** A position solved cleanly: its correct move and the outcome that ends the try. */
function solve(
  records: ReturnType<typeof createProgressRecords>,
  positionId: string,
  evaluation: "best" | "good" = "best",
) {
  records.recordMove(move(positionId, evaluation));
  return records.recordOutcome({ positionId, fen: START, outcome: "clean" });
}

const move = (
  positionId: string,
  evaluation: SessionMove["evaluation"],
  timeSpentMs = 1000,
): SessionMove => ({
  positionId,
  fen: START,
  move: "e2e4",
  evaluation,
  timeSpentMs,
});

describe("local progress records (spec sections 3 and 4)", () => {
  it("starts a session with a uuid, the scenario id, a start time and no moves, under the prefixed key", () => {
    const { records, storage } = setup();
    const session = records.startSession("opening-training");
    expect(session).toEqual({
      id: "00000000-0000-4000-8000-000000000001",
      scenarioId: "opening-training",
      startTime: "2026-03-01T10:00:00.000Z",
      endTime: null,
      moves: [],
    });
    expect(records.currentSession()).toEqual(session);
    expect([...storage.data.keys()]).toEqual(["chesstrainer.progress.session"]);
  });

  it("uses crypto.randomUUID by default", () => {
    const records = createProgressRecords({ storage: memoryStorage() });
    const { id } = records.startSession("opening-training");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(records.startSession("opening-training").id).not.toBe(id);
  });

  it("recording moves: a wrong move is a try, a correct one counts as correct but solves nothing by itself", () => {
    const { records, advance } = setup();
    records.startSession("opening-training");
    advance(5000);
    records.recordMove(move("1", "mistake", 3000));
    const after = records.recordMove(move("1", "best", 2000));
    expect(after).toEqual({
      id: "opening-training:1",
      positionId: "1",
      fen: START,
      attempts: 1,
      correctMoves: 1,
      inaccuracies: 0,
      mistakes: 1,
      blunders: 0,
      lastAttemptDate: "2026-03-01T10:00:05.000Z",
      timeSpentMs: 5000,
      completed: false,
    });
    const good = records.recordMove(move("2", "good"));
    expect(good).toMatchObject({ attempts: 0, correctMoves: 1, completed: false });
    expect(records.currentSession()?.moves).toEqual([
      move("1", "mistake", 3000),
      move("1", "best", 2000),
      move("2", "good"),
    ]);
  });

  it("the outcome ends a try: a solve (clean or helped) completes the position, a shown answer does not", () => {
    const { records } = setup();
    records.startSession("opening-training");
    records.recordMove(move("1", "mistake"));
    records.recordMove(move("1", "best"));
    expect(records.recordOutcome({ positionId: "1", fen: START, outcome: "helped" })).toMatchObject({
      attempts: 2,
      completed: true,
      outcome: "helped",
    });
    expect(records.recordOutcome({ positionId: "2", fen: START, outcome: "clean" })).toMatchObject({
      attempts: 1,
      completed: true,
      outcome: "clean",
    });
    expect(records.recordOutcome({ positionId: "3", fen: START, outcome: "failed" })).toMatchObject({
      attempts: 0,
      completed: false,
      outcome: "failed",
    });
    // Coming back and giving up later keeps the solve, and says how the latest try went.
    expect(records.recordOutcome({ positionId: "2", fen: START, outcome: "failed" })).toMatchObject({
      attempts: 1,
      completed: true,
      outcome: "failed",
    });
  });

  it("inaccuracy, mistake and blunder raise their own counters and do not complete the position", () => {
    const { records } = setup();
    records.startSession("endGame-training");
    records.recordMove(move("7", "inaccuracy"));
    records.recordMove(move("7", "blunder"));
    records.recordMove(move("7", "blunder"));
    const last = records.recordMove(move("7", "mistake"));
    expect(last).toMatchObject({
      attempts: 4,
      correctMoves: 0,
      inaccuracies: 1,
      mistakes: 1,
      blunders: 2,
      completed: false,
    });
    expect(records.positionProgressFor("endGame-training", "7")).toEqual(last);
  });

  it("records nothing without a running session", () => {
    const { records, storage } = setup();
    expect(records.recordMove(move("1", "best"))).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it("ending a session updates the scenario progress and closes the session", () => {
    const { records, advance } = setup();
    records.startSession("opening-training");
    solve(records, "1");
    records.recordMove(move("2", "mistake"));
    advance(60_000);
    const ended = records.endSession({ totalPositions: 3 });
    expect(ended?.session).toMatchObject({ endTime: "2026-03-01T10:01:00.000Z" });
    expect(ended?.scenario).toEqual({
      id: "opening-training",
      scenarioId: "opening-training",
      positionsCompleted: 1,
      totalPositions: 3,
      startDate: "2026-03-01T10:00:00.000Z",
      lastSessionDate: "2026-03-01T10:01:00.000Z",
      timeSpentMs: 60_000,
      completed: false,
    });
    expect(records.currentSession()).toBeNull();
    expect(records.endSession()).toBeNull();

    // A later session adds its time, keeps the first start date and the total, and completes the scenario.
    advance(3_600_000);
    records.startSession("opening-training");
    solve(records, "2");
    solve(records, "3", "good");
    solve(records, "1");
    advance(30_000);
    expect(records.endSession()?.scenario).toMatchObject({
      positionsCompleted: 3,
      totalPositions: 3,
      startDate: "2026-03-01T10:00:00.000Z",
      lastSessionDate: "2026-03-01T11:01:30.000Z",
      timeSpentMs: 90_000,
      completed: true,
    });
  });

  it("finishing the module completes the scenario; positions of other scenarios do not count", () => {
    const { records } = setup();
    records.startSession("endGame-training");
    solve(records, "1");
    records.endSession();
    records.startSession("opening-training");
    expect(records.endSession({ completed: true })?.scenario).toMatchObject({
      positionsCompleted: 0,
      completed: true,
    });
    expect(records.scenarioProgressFor("endGame-training")).toMatchObject({ positionsCompleted: 1 });
    expect(records.scenarioProgress()).toHaveLength(2);
  });

  it("starting a session ends the earlier one", () => {
    const { records, advance } = setup();
    const first = records.startSession("opening-training");
    solve(records, "1");
    advance(10_000);
    const second = records.startSession("endGame-training");
    expect(second.id).not.toBe(first.id);
    expect(records.currentSession()?.scenarioId).toBe("endGame-training");
    expect(records.scenarioProgressFor("opening-training")).toMatchObject({
      positionsCompleted: 1,
      timeSpentMs: 10_000,
      lastSessionDate: "2026-03-01T10:00:10.000Z",
    });
  });

  it("survives a reload: a new instance over the same storage reads the records", () => {
    const { records, storage } = setup();
    records.startSession("opening-training");
    records.recordMove(move("1", "best"));
    const reloaded = createProgressRecords({ storage });
    expect(reloaded.currentSession()?.moves).toHaveLength(1);
    expect(reloaded.positionProgress()).toHaveLength(1);
  });

  it("resetting clears every record", () => {
    const { records, storage } = setup({ unrelated: "kept" });
    records.startSession("opening-training");
    records.recordMove(move("1", "best"));
    records.endSession();
    records.startSession("opening-training");
    records.resetAll();
    expect(records.positionProgress()).toEqual([]);
    expect(records.scenarioProgress()).toEqual([]);
    expect(records.currentSession()).toBeNull();
    expect([...storage.data.keys()]).toEqual(["unrelated"]);
  });

  it("forgets one scenario's records and keeps the others'", () => {
    const { records } = setup();
    records.startSession("my-games");
    records.recordMove(move("-1", "best"));
    records.recordOutcome({ positionId: "-1", fen: "8/8/8/8/8/8/8/K6k w - - 0 1", outcome: "clean" });
    records.endSession();
    records.startSession("opening-training");
    records.recordMove(move("1", "best"));
    records.endSession();
    records.forgetScenario("my-games");
    expect(records.positionProgressFor("my-games", "-1")).toBeNull();
    expect(records.scenarioProgressFor("my-games")).toBeNull();
    expect(records.positionProgressFor("opening-training", "1")).not.toBeNull();
    expect(records.scenarioProgressFor("opening-training")).not.toBeNull();
  });

  it("ignores corrupted or foreign data in storage", () => {
    const { records } = setup({
      [PROGRESS_KEYS.positions]: "{not json",
      [PROGRESS_KEYS.scenarios]: JSON.stringify({ not: "a list" }),
      [PROGRESS_KEYS.session]: JSON.stringify({ id: 1 }),
    });
    expect(records.positionProgress()).toEqual([]);
    expect(records.scenarioProgress()).toEqual([]);
    expect(records.currentSession()).toBeNull();
    // Recording starts afresh over the bad data.
    records.startSession("opening-training");
    expect(solve(records, "1")).toMatchObject({ attempts: 1, completed: true });
    expect(records.positionProgress()).toHaveLength(1);
  });

  it("drops malformed items and keeps the good ones", () => {
    const good = recordMoveOn([], "opening-training", move("1", "best"), "2026-03-01T10:00:00.000Z")[0];
    const { records } = setup({
      [PROGRESS_KEYS.positions]: JSON.stringify([good, { id: "x" }, null, 5]),
    });
    expect(records.positionProgress()).toEqual([good]);
  });

  it("a storage that throws on read counts as empty", () => {
    const records = createProgressRecords({
      storage: {
        get: () => {
          throw new Error("denied");
        },
        set: () => undefined,
        remove: () => undefined,
      },
    });
    expect(records.positionProgress()).toEqual([]);
    expect(records.currentSession()).toBeNull();
  });
});
