import type { RacerEntry, RacerPuzzleView, RacerRace } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { racerMachine, racerMsLeft } from "./racer.machine";
import { START_PROGRESS } from "./rules";

const MATE: RacerPuzzleView = {
  id: 1,
  fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
  line: ["h5f7"],
  rating: 1000,
};
const T0 = Date.parse("2026-11-29T05:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

function race(overrides: Partial<RacerRace> = {}): RacerRace {
  return {
    id: "AbCdEfGh",
    link: "http://localhost/training/racer/AbCdEfGh",
    public: false,
    state: "lobby",
    owner: "me000001",
    starts_at: null,
    ends_at: null,
    now: iso(T0),
    players: [
      {
        id: "me000001",
        name: "Me",
        signed_in: false,
        score: 0,
        solved: 0,
        puzzle: 0,
        combo: 0,
        best_combo: 0,
        errors: 0,
        done: false,
      },
      {
        id: "you00002",
        name: "You",
        signed_in: false,
        score: 0,
        solved: 0,
        puzzle: 0,
        combo: 0,
        best_combo: 0,
        errors: 0,
        done: false,
      },
    ],
    puzzles: null,
    rematch: null,
    ...overrides,
  };
}

const entry = (): RacerEntry => ({
  id: "AbCdEfGh",
  link: "http://localhost/training/racer/AbCdEfGh",
  race: race(),
  player: { id: "me000001", name: "Me", token: "secret-token-0123456789" },
});

describe("the racer machine", () => {
  it("follows the race from the lobby through the countdown and the race to the end, by the server's clock", () => {
    const actor = createActor(racerMachine).start();
    // The browser's clock runs 5 s behind the server's.
    const local = (ms: number) => ms - 5000;
    actor.send({ type: "JOINED", entry: entry(), now: local(T0) });
    expect(actor.getSnapshot().matches({ race: "lobby" })).toBe(true);
    const started = race({
      state: "countdown",
      starts_at: iso(T0 + 3000),
      ends_at: iso(T0 + 93_000),
      now: iso(T0 + 100),
      puzzles: [MATE, MATE],
    });
    actor.send({
      type: "SERVER",
      message: { type: "state", race: started, you: "me000001", progress: START_PROGRESS },
      now: local(T0 + 100),
    });
    expect(actor.getSnapshot().matches({ race: "countdown" })).toBe(true);
    expect(racerMsLeft(actor.getSnapshot().context)).toBe(2900);
    actor.send({ type: "TICK", now: local(T0 + 3001) });
    expect(actor.getSnapshot().matches({ race: "racing" })).toBe(true);

    actor.send({ type: "MOVE", uci: "h5f7" });
    expect(actor.getSnapshot().context.progress).toMatchObject({ puzzle: 1, solved: 1 });
    expect(actor.getSnapshot().context.flash).toMatchObject({ correct: true });
    const other = { ...started.players[1], score: 1, solved: 1, puzzle: 1 } as RacerRace["players"][number];
    actor.send({
      type: "SERVER",
      message: { type: "progress", player: other, at: T0 },
      now: local(T0 + 3500),
    });
    expect(actor.getSnapshot().context.race?.players[1]).toMatchObject({ score: 1 });

    actor.send({ type: "TICK", now: local(T0 + 93_001) });
    expect(actor.getSnapshot().matches({ race: "finished" })).toBe(true);
    actor.send({
      type: "SERVER",
      message: { type: "rematch", id: "NeWrAcE1", link: "x" },
      now: local(T0 + 94_000),
    });
    expect(actor.getSnapshot().context.rematch).toBe("NeWrAcE1");
    // Joining the rematch starts again from its answer.
    actor.send({ type: "JOINED", entry: { ...entry(), id: "NeWrAcE1" }, now: local(T0 + 95_000) });
    expect(actor.getSnapshot().matches({ race: "lobby" })).toBe(true);
    expect(actor.getSnapshot().context.entry?.id).toBe("NeWrAcE1");
    expect(actor.getSnapshot().context.rematch).toBeNull();
    actor.send({ type: "LEAVE" });
    expect(actor.getSnapshot().matches("idle")).toBe(true);
  });

  it("ignores moves outside the race", () => {
    const actor = createActor(racerMachine).start();
    actor.send({ type: "JOINED", entry: entry(), now: T0 });
    actor.send({ type: "MOVE", uci: "h5f7" });
    expect(actor.getSnapshot().context.progress).toEqual(START_PROGRESS);
  });
});
