import type { ProgressEvent } from "@ct/contract";
import type { SyncStorage } from "./owner";

/**
 * A player's outbox: the progress events this browser wrote for them and the server has not answered for yet, in
 * the order they were written, kept in storage (a reload loses none) under the player's own key (a player who signs
 * out with events unsent finds them sent when they sign in again; another player never sends them).
 */
export const OUTBOX_PREFIX = "chesstrainer.outbox.";

export const outboxKey = (owner: string): string => `${OUTBOX_PREFIX}${owner}`;

/** At most this many events go in one request (the server's PROGRESS_EVENTS_MAX). */
export const BATCH_MAX = 200;
/**
 * A batch stops growing past this many characters of JSON (a merge brings a browser's whole records; the server takes
 * up to 24 MB): a batch always holds its first event, whatever its size.
 */
export const BATCH_MAX_CHARS = 4_000_000;

const isEvent = (value: unknown): value is ProgressEvent =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { key?: unknown }).key === "string" &&
  typeof (value as { type?: unknown }).type === "string" &&
  typeof (value as { at?: unknown }).at === "string";

/** The player's unsent events, oldest first (what is not an event is left out). */
export function readOutbox(storage: SyncStorage, owner: string): ProgressEvent[] {
  try {
    const value: unknown = JSON.parse(storage.get(outboxKey(owner)) ?? "[]");
    return Array.isArray(value) ? value.filter(isEvent) : [];
  } catch {
    return [];
  }
}

function writeOutbox(storage: SyncStorage, owner: string, events: readonly ProgressEvent[]): void {
  if (events.length === 0) storage.remove(outboxKey(owner));
  else storage.set(outboxKey(owner), JSON.stringify(events));
}

/** Puts an event at the end of the player's outbox (an event already there, by key, is not put twice). */
export function appendToOutbox(storage: SyncStorage, owner: string, event: ProgressEvent): void {
  const events = readOutbox(storage, owner);
  if (events.some((each) => each.key === event.key)) return;
  writeOutbox(storage, owner, [...events, event]);
}

/** Takes out the events the server answered for (by key); events written meanwhile stay. */
export function removeFromOutbox(storage: SyncStorage, owner: string, keys: ReadonlySet<string>): void {
  const events = readOutbox(storage, owner);
  const kept = events.filter((event) => !keys.has(event.key));
  if (kept.length !== events.length) writeOutbox(storage, owner, kept);
}

/** The next request's events: the oldest, up to `max` of them and about BATCH_MAX_CHARS of JSON. */
export function takeBatch(events: readonly ProgressEvent[], max = BATCH_MAX): ProgressEvent[] {
  const batch: ProgressEvent[] = [];
  let chars = 0;
  for (const event of events) {
    if (batch.length >= max) break;
    const size = JSON.stringify(event).length;
    if (batch.length > 0 && chars + size > BATCH_MAX_CHARS) break;
    batch.push(event);
    chars += size;
  }
  return batch;
}
