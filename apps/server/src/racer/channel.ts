import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { Database } from "../db/schema";

/**
 * Events of races between server processes. A race's truth is in the database; an event only says what changed
 * (a player's progress, a join, the start, the end, a rematch), so that every process tells its own sockets at once.
 *
 * - PostgreSQL: `NOTIFY racer_events` with the event as JSON, sent after the change is committed; one connection of
 *   each process LISTENs. Events of its own process are delivered in the process at once, the NOTIFY copy is
 *   dropped (each event names the process that sent it).
 * - SQLite (one process): an in-process channel with the same interface.
 *
 * While the listener is down (PostgreSQL restarted), events go unheard: when it is back, `onResync` tells every
 * listener to read its races again.
 */
export interface RaceEvent {
  race: string;
  kind: "players" | "progress" | "start" | "end" | "rematch";
  /** A small JSON payload (a progress's player view, a rematch id). */
  data?: unknown;
  /** Date.now() of the sender when the change was made (the bench's latency). */
  at: number;
}

export interface RaceChannel {
  publish(event: Omit<RaceEvent, "at"> & { at?: number }): Promise<void>;
  /** Listens to one race's events; the answer stops listening. */
  subscribe(race: string, listener: (event: RaceEvent) => void): () => void;
  /** Called after a gap in delivery (the PostgreSQL listener came back): read state again. */
  onResync(listener: () => void): void;
  /** Resolves once the channel hears other processes (PostgreSQL's listener is up, or failed once). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

class Listeners {
  readonly #byRace = new Map<string, Set<(event: RaceEvent) => void>>();
  readonly #resync: (() => void)[] = [];

  subscribe(race: string, listener: (event: RaceEvent) => void): () => void {
    let set = this.#byRace.get(race);
    if (!set) {
      set = new Set();
      this.#byRace.set(race, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#byRace.get(race) === set) this.#byRace.delete(race);
    };
  }

  deliver(event: RaceEvent): void {
    for (const listener of this.#byRace.get(event.race) ?? []) {
      try {
        listener(event);
      } catch {
        // One socket's trouble is not the others'.
      }
    }
  }

  onResync(listener: () => void): void {
    this.#resync.push(listener);
  }

  resync(): void {
    for (const listener of this.#resync) listener();
  }
}

/** SQLite's: one process, events delivered in it. */
export function inProcessChannel(): RaceChannel {
  const listeners = new Listeners();
  return {
    async publish(event) {
      listeners.deliver({ ...event, at: event.at ?? Date.now() });
    },
    subscribe: (race, listener) => listeners.subscribe(race, listener),
    onResync: (listener) => listeners.onResync(listener),
    ready: async () => {},
    close: async () => {},
  };
}

export const RACER_CHANNEL = "racer_events";
const RELISTEN_MS = 1000;

/** PostgreSQL's: NOTIFY through the app's pool (Kysely), LISTEN on a connection of its own. */
export function postgresChannel(
  db: Kysely<Database>,
  connectionString: string,
  onError?: (error: Error) => void,
): RaceChannel {
  const listeners = new Listeners();
  const origin = randomBytes(6).toString("hex");
  let client: pg.Client | undefined;
  let closed = false;
  let started: Promise<void> | undefined;
  let everLive = false;

  const listen = (): Promise<void> =>
    new Promise((resolve) => {
      if (closed) return resolve();
      const next = new pg.Client({ connectionString, application_name: "ct-racer-events" });
      client = next;
      let lost = false;
      const lose = (error?: Error) => {
        if (lost) return;
        lost = true;
        if (client === next) client = undefined;
        resolve();
        if (closed) return;
        if (error) onError?.(error);
        void next.end().catch(() => {});
        setTimeout(() => void listen(), RELISTEN_MS).unref();
      };
      next.on("error", lose);
      next.on("end", () => lose());
      next.on("notification", (notification) => {
        if (notification.channel !== RACER_CHANNEL || !notification.payload) return;
        let parsed: RaceEvent & { origin?: string };
        try {
          parsed = JSON.parse(notification.payload) as RaceEvent & { origin?: string };
        } catch {
          return;
        }
        if (parsed.origin === origin) return;
        const { origin: _, ...event } = parsed;
        listeners.deliver(event);
      });
      next
        .connect()
        .then(() => next.query(`LISTEN ${RACER_CHANNEL}`))
        .then(() => {
          if (lost) return;
          // Events sent while nobody listened were lost: everyone reads again.
          if (everLive) listeners.resync();
          everLive = true;
          resolve();
        }, lose);
    });

  return {
    async publish(event) {
      const full: RaceEvent = { ...event, at: event.at ?? Date.now() };
      listeners.deliver(full);
      await sql`select pg_notify(${RACER_CHANNEL}, ${JSON.stringify({ ...full, origin })})`.execute(db);
    },
    subscribe(race, listener) {
      started ??= listen();
      return listeners.subscribe(race, listener);
    },
    onResync: (listener) => listeners.onResync(listener),
    ready: () => {
      started ??= listen();
      return started;
    },
    async close() {
      closed = true;
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
