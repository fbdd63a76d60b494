import type { RacerEntry, RacerProgress, RacerRace, RacerServerMessage } from "@ct/contract";
import { assign, setup } from "xstate";
import { judgeRacerMove, START_PROGRESS } from "./rules";

export interface RacerContext {
  /** Who we are in the race (from create, join or the queue), or null before. */
  entry: RacerEntry | null;
  race: RacerRace | null;
  progress: RacerProgress;
  /** The opponent's reply to show after a right move. */
  reply: string | null;
  /** The last move's verdict, for the board's flash; `id` grows with each. */
  flash: { correct: boolean; id: number } | null;
  /** The server's clock minus the browser's (ms), from the latest state. */
  offset: number;
  /** The browser's clock at the latest event (ms). */
  now: number;
  /** The last error message the server sent. */
  error: string | null;
  /** The rematch race's id, once someone asked for one. */
  rematch: string | null;
}

export type RacerEvent =
  /** Joined a race (POST create, join or queue answered). */
  | { type: "JOINED"; entry: RacerEntry; now: number }
  /** A message from the race's socket. */
  | { type: "SERVER"; message: RacerServerMessage; now: number }
  /** The player's move on the board (judged here at once; the server's verdict settles it). */
  | { type: "MOVE"; uci: string }
  /** The browser's clock ticked. */
  | { type: "TICK"; now: number }
  /** Back to the start (another race). */
  | { type: "LEAVE" };

const empty = (): RacerContext => ({
  entry: null,
  race: null,
  progress: START_PROGRESS,
  reply: null,
  flash: null,
  offset: 0,
  now: 0,
  error: null,
  rematch: null,
});

/** The race's state at the browser's `now`, by the server's clock. */
export function racerStateAt(context: RacerContext, now = context.now): RacerRace["state"] | null {
  const race = context.race;
  if (!race) return null;
  if (race.state === "lobby" || !race.starts_at) return race.state;
  const serverNow = now + context.offset;
  if (serverNow < Date.parse(race.starts_at)) return "countdown";
  if (race.state !== "finished" && race.ends_at && serverNow < Date.parse(race.ends_at)) return "racing";
  return "finished";
}

/** Ms to the start (countdown) or to the end (racing), by the server's clock. */
export function racerMsLeft(context: RacerContext, now = context.now): number {
  const race = context.race;
  if (!race?.starts_at || !race.ends_at) return 0;
  const serverNow = now + context.offset;
  const target = serverNow < Date.parse(race.starts_at) ? race.starts_at : race.ends_at;
  return Math.max(0, Date.parse(target) - serverNow);
}

/**
 * Puzzle Racer in the browser: `idle` (create, join or the queue), then the race as the server tells it —
 * `lobby`, `countdown`, `racing`, `finished` — followed by the clock between messages. The socket is the page's: it
 * sends the server's messages here as SERVER, and the player's moves to the server beside MOVE. A move is judged here
 * at once by the same rules the server uses (so the next position shows without waiting), and the server's verdict
 * replaces the progress.
 */
export const racerMachine = setup({
  types: { context: {} as RacerContext, events: {} as RacerEvent },
  guards: {
    isLobby: ({ context }) => racerStateAt(context) === "lobby",
    isCountdown: ({ context }) => racerStateAt(context) === "countdown",
    isRacing: ({ context }) => racerStateAt(context) === "racing",
    isFinished: ({ context }) => racerStateAt(context) === "finished",
  },
  actions: {
    server: assign(({ context, event }) => {
      if (event.type !== "SERVER") return {};
      const message = event.message;
      const now = event.now;
      switch (message.type) {
        case "state":
          return {
            race: message.race,
            progress: message.progress,
            offset: Date.parse(message.race.now) - now,
            now,
            rematch: message.race.rematch ?? context.rematch,
          };
        case "end":
          return { race: message.race, now };
        case "verdict":
          return { progress: message.progress, reply: message.reply, now };
        case "progress": {
          if (!context.race) return {};
          const players = context.race.players.map((player) =>
            player.id === message.player.id ? message.player : player,
          );
          return { race: { ...context.race, players }, now };
        }
        case "rematch":
          return { rematch: message.id, now };
        case "error":
          return { error: message.message, now };
        default:
          return { now };
      }
    }),
    move: assign(({ context, event }) => {
      if (event.type !== "MOVE" || !context.race?.puzzles) return {};
      const { progress } = context;
      const verdict = judgeRacerMove(context.race.puzzles, progress, {
        puzzle: progress.puzzle,
        ply: progress.ply,
        uci: event.uci,
      });
      if (verdict.kind !== "correct" && verdict.kind !== "wrong") return {};
      return {
        progress: verdict.progress,
        reply: verdict.reply,
        flash: { correct: verdict.kind === "correct", id: (context.flash?.id ?? 0) + 1 },
      };
    }),
  },
}).createMachine({
  id: "racer",
  context: empty,
  initial: "idle",
  on: {
    LEAVE: { target: ".idle", actions: assign(empty) },
    // A race joined (from the start, or the rematch from the results): everything starts again from its answer.
    JOINED: {
      target: ".race",
      reenter: true,
      actions: assign(({ event }) => ({
        ...empty(),
        entry: event.entry,
        race: event.entry.race,
        offset: Date.parse(event.entry.race.now) - event.now,
        now: event.now,
      })),
    },
  },
  states: {
    idle: {},
    race: {
      initial: "check",
      on: {
        SERVER: { actions: "server", target: ".check" },
        TICK: { actions: assign(({ event }) => ({ now: event.now })), target: ".check" },
      },
      states: {
        check: {
          always: [
            { guard: "isFinished", target: "finished" },
            { guard: "isRacing", target: "racing" },
            { guard: "isCountdown", target: "countdown" },
            { target: "lobby" },
          ],
        },
        lobby: {},
        countdown: {},
        racing: { on: { MOVE: { actions: "move" } } },
        finished: {},
      },
    },
  },
});
