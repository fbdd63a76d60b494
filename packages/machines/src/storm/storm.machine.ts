import { assign, setup } from "xstate";
import {
  playStormMove,
  type StormMove,
  type StormPuzzle,
  type StormState,
  startStorm,
  stormClockEndMs,
  stormIsOver,
} from "./rules";

/** What the last move did, for the board's and the clock's flash (`at`: ms since the clock started). */
export interface StormFlash {
  verdict: "good" | "solved" | "wrong";
  bonusMs: number;
  at: number;
}

export interface StormRunContext {
  runId: string | null;
  puzzles: readonly StormPuzzle[];
  run: StormState;
  /** Every move played, as the server replays them. */
  moves: StormMove[];
  /** When the clock started (the caller's clock, ms), or null before the first move. */
  startedAt: number | null;
  /** The caller's clock at the latest event (ms). */
  now: number;
  /** When the run ended (ms since the clock started), once it is over. */
  endMs: number | null;
  flash: StormFlash | null;
  /** The opponent's reply the board shows after a good move (coordinate move), or null. */
  reply: string | null;
}

export type StormRunEvent =
  /** The run's puzzles arrived (GET /api/storm/run). */
  | { type: "LOADED"; runId: string; puzzles: readonly StormPuzzle[] }
  /** The player pressed Start: the board shows the first puzzle; the first move starts the clock. */
  | { type: "START" }
  /** A move on the board; `now` is the caller's clock (performance.now()). */
  | { type: "MOVE"; uci: string; now: number }
  /** The caller's clock ticked (the run ends when the clock runs out). */
  | { type: "TICK"; now: number }
  /** The player ended the run early (it is scored as it stands). */
  | { type: "END"; now: number }
  /** Back to the start screen for another run. */
  | { type: "RESET" };

const empty = (): StormRunContext => ({
  runId: null,
  puzzles: [],
  run: startStorm(),
  moves: [],
  startedAt: null,
  now: 0,
  endMs: null,
  flash: null,
  reply: null,
});

/** Ms since the clock started, at `now` (0 before the first move). */
export function stormElapsed(context: StormRunContext, now = context.now): number {
  return context.startedAt === null ? 0 : Math.max(0, now - context.startedAt);
}

/** Time left on the clock (ms) at `now`. */
export function stormClockLeft(context: StormRunContext, now = context.now): number {
  return Math.max(0, stormClockEndMs(context.run) - stormElapsed(context, now));
}

/**
 * One Puzzle Storm run in the browser: `loading` (the run's puzzles on their way), `ready` (the start screen),
 * `playing` (the clock starts with the first move; every move goes through the shared Storm rules, so the score
 * is the one the server computes from the same moves), `over` (the result screen). The clock is the caller's: it
 * sends TICK with its time, and the run ends when the clock reaches zero, the player ends it, or the puzzles run out.
 */
export const stormRunMachine = setup({
  types: { context: {} as StormRunContext, events: {} as StormRunEvent },
  guards: {
    outOfTime: ({ context, event }) =>
      "now" in event && context.startedAt !== null && stormClockLeft(context, event.now) <= 0,
    doneAfterMove: ({ context }) =>
      stormIsOver(context.run, context.puzzles, stormElapsed(context)) ||
      context.run.index >= context.puzzles.length,
  },
  actions: {
    play: assign(({ context, event }) => {
      if (event.type !== "MOVE") return {};
      const startedAt = context.startedAt ?? event.now;
      const atMs = Math.max(0, Math.round(event.now - startedAt));
      const puzzle = context.puzzles[context.run.index];
      if (!puzzle) return {};
      const outcome = playStormMove(context.run, context.puzzles, event.uci, atMs);
      return {
        startedAt,
        now: event.now,
        run: outcome.state,
        moves: [...context.moves, { puzzleId: puzzle.id, uci: event.uci, atMs }],
        flash: { verdict: outcome.verdict, bonusMs: outcome.bonusMs, at: atMs },
        reply: outcome.reply,
      };
    }),
    tick: assign(({ event }) => ("now" in event ? { now: event.now } : {})),
    finish: assign(({ context, event }) => {
      const now = "now" in event ? event.now : context.now;
      const elapsed = Math.round(stormElapsed(context, now));
      return { now, endMs: Math.min(elapsed, stormClockEndMs(context.run)) };
    }),
  },
}).createMachine({
  id: "stormRun",
  context: empty,
  initial: "loading",
  states: {
    loading: {
      on: {
        LOADED: {
          target: "ready",
          actions: assign(({ event }) => ({ ...empty(), runId: event.runId, puzzles: event.puzzles })),
        },
      },
    },
    ready: { on: { START: "playing" } },
    playing: {
      on: {
        MOVE: [{ guard: "outOfTime", target: "over", actions: "finish" }, { actions: "play" }],
        TICK: [{ guard: "outOfTime", target: "over", actions: "finish" }, { actions: "tick" }],
        END: { target: "over", actions: "finish" },
      },
      always: { guard: "doneAfterMove", target: "over", actions: "finish" },
    },
    over: { on: { RESET: { target: "loading", actions: assign(empty) } } },
  },
});
