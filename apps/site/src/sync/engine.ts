import type { ProgressEvent, ProgressSnapshot } from "@ct/contract";
import { ACCOUNT_PROGRESS_KEYS, applyProgressEvent, progressStateOf } from "@ct/machines/account-progress";
import type { AccountState } from "../account/store";
import { appendToOutbox, BATCH_MAX, readOutbox, removeFromOutbox, takeBatch } from "./outbox";
import { OWNER_KEY, ownerOf, readOwner, type SyncStorage } from "./owner";

/**
 * The trainer's progress following a signed-in player (issue 38). The screens keep reading the records in this
 * browser's storage, as for an anonymous visitor; for a player, every write there is also a progress event in the
 * player's outbox (outbox.ts), which goes to POST /api/account/events in batches. The server stores each event once
 * (its key), and answers the records all of the player's events build: they replace the local ones, with the events
 * still unsent applied on top (the same pure writes, @ct/machines' applyProgressEvent), so the screens show the
 * server's truth plus what is on its way. An event leaves the outbox only once the server answered for it: a lost
 * answer sends the batch again, and the server stores it once still.
 *
 * Signing in from a browser that trained anonymously puts its records aside (`chesstrainer.anonymous.*`) and offers
 * to add them to the account (one `merge` event, keyed by this browser's anonymous id and the account, so it merges
 * once however often it is sent); kept apart, they come back when the player signs out, and the account's leave.
 */

/** An event as the trainer writes it; the engine gives it its key. */
export type ProgressEventInput = ProgressEvent extends infer E
  ? E extends ProgressEvent
    ? Omit<E, "key">
    : never
  : never;

/** A request to the site's API (the page's fetch with its cookie; a test's browser with its own jar). */
export type SyncHttp = (path: string, init: { method: string; body?: string }) => Promise<Response>;

/** The merge offer on view: the account, and how many puzzles the browser's records hold. */
export interface MergeOffer {
  username: string;
  puzzles: number;
}

/** The documents' side (documents.ts): told when the player's records arrive, leave, or merge. */
export interface DocumentsSync {
  /** The player's documents from the server, and this browser's changes to them. */
  sync(owner: string): Promise<void>;
  /** The player signed out: their documents leave this browser. */
  signedOut(owner: string): Promise<void>;
  /** The browser's My games set joins the account's: false when the account has a set of its own (kept). */
  mergeMyGames(owner: string): Promise<boolean>;
  /** The player's records came into this browser: the anonymous visitor's documents go aside. */
  signedIn?(owner: string): Promise<void>;
  /** True when the anonymous visitor's documents put aside hold progress worth offering to add. */
  holdsAnonymous?(): boolean;
  /** "Add": the visitor's documents put aside join the player's. */
  mergeAnonymous?(owner: string): Promise<void>;
}

export interface SyncOptions {
  storage: SyncStorage;
  http: SyncHttp;
  /** Who is signed in (the account store), and asking the server again. */
  account: { current(): AccountState; refresh(): Promise<AccountState> };
  /** The records in storage changed (the screens re-read them). */
  onRecords?: () => void;
  /** The records changed hands (signed in or out). */
  onOwner?: (owner: string | null) => void;
  documents?: DocumentsSync;
  now?: () => number;
  newKey?: () => string;
  /** How long after a write the outbox goes (ms): writes made meanwhile go with it. */
  debounceMs?: number;
  /** The first wait before sending again after a failure (ms); it doubles up to `retryMaxMs`. */
  retryMs?: number;
  retryMaxMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** The anonymous records put aside while a player is signed in. */
export const STASH_PREFIX = "chesstrainer.anonymous.";
/** This browser's anonymous id: with the account's name, the key of the merge of its records. */
export const BROWSER_KEY = "chesstrainer.sync.browser";
/** What the player answered the merge offer, by anonymous id and account: "merged" or "kept". */
export const DECISIONS_KEY = "chesstrainer.sync.offers";

/**
 * The records that change hands: the account's. The running session stays where it is through a sign-in or out (it
 * is this visit's, on this device; its end goes to whoever holds the records then).
 */
const LOCAL_KEYS: readonly string[] = ACCOUNT_PROGRESS_KEYS;
export const stashKey = (key: string): string => `${STASH_PREFIX}${key.replace(/^chesstrainer\./, "")}`;

/** A version 4 uuid (crypto.randomUUID where the page is a secure context, else from getRandomValues). */
export function randomKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Answer =
  | { kind: "ok"; body: unknown }
  | { kind: "signed-out" }
  | { kind: "refused"; status: number; body: unknown }
  | { kind: "unreachable" };

/** Records (storage key → JSON text) of the given keys, as stored. */
function pick(read: (key: string) => string | null | undefined, keys: readonly string[]) {
  const records: Record<string, string> = {};
  for (const key of keys) {
    const value = read(key);
    if (typeof value === "string") records[key] = value;
  }
  return records;
}

/** True when records hold any training: a try, a finished session, a rated result, a review, a streak. */
export function holdsProgress(records: Readonly<Record<string, string>>): boolean {
  const state = progressStateOf(records);
  return (
    (state.positions?.length ?? 0) > 0 ||
    (state.scenarios?.length ?? 0) > 0 ||
    (state.rating?.history.length ?? 0) > 0 ||
    (state.rating?.streakBest ?? 0) > 0 ||
    (state.cards?.length ?? 0) > 0
  );
}

/** The events a 400 names (`body.events.3.key` → 3). */
function refusedIndexes(body: unknown): Set<number> {
  const indexes = new Set<number>();
  const details = (body as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return indexes;
  for (const detail of details) {
    const path = (detail as { path?: unknown } | null)?.path;
    const match = typeof path === "string" ? /^body\.events\.(\d+)/.exec(path) : null;
    if (match) indexes.add(Number(match[1]));
  }
  return indexes;
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;

export function createSyncEngine(options: SyncOptions) {
  const { storage, http, account } = options;
  const now = options.now ?? Date.now;
  const newKey = options.newKey ?? randomKey;
  const debounceMs = options.debounceMs ?? 1000;
  const firstRetryMs = options.retryMs ?? 2000;
  const retryMaxMs = options.retryMaxMs ?? 30_000;
  const log = options.log ?? ((message, error) => console.warn(message, error));
  const listeners = new Set<() => void>();

  /** The newest answer's event count per player: an older answer arriving late changes nothing. */
  const seenEvents = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = 0;
  /** A batch that the server refused whole without naming an event is sent one event at a time. */
  let batchMax = BATCH_MAX;
  /** One request at a time on this page: answers apply in the order they were asked. */
  let chain: Promise<unknown> = Promise.resolve();
  let lastRefresh = Number.NEGATIVE_INFINITY;
  let stopped = false;
  let merging = false;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  };

  async function send(path: string, init: { method: string; body?: string }): Promise<Answer> {
    let response: Response;
    try {
      response = await http(path, init);
    } catch {
      return { kind: "unreachable" };
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON: a proxy's page, an empty answer.
    }
    if (response.ok) return { kind: "ok", body };
    if (response.status === 401) return { kind: "signed-out" };
    return { kind: "refused", status: response.status, body };
  }

  /** The player signed in on this page right now, when it is the records' owner. */
  function signedInOwner(): string | null {
    const owner = readOwner(storage);
    const state = account.current();
    if (!owner || state.status !== "signed-in" || ownerOf(state.account.username) !== owner) return null;
    return owner;
  }

  /** Asks the server who is signed in, at most every few seconds (a 401 from a session ended elsewhere). */
  function refreshAccount(): void {
    if (now() - lastRefresh < 5000) return;
    lastRefresh = now();
    void account.refresh();
  }

  const localRecords = () => pick((key) => storage.get(key), ACCOUNT_PROGRESS_KEYS);

  /** Writes the account's records into storage (a key they lack is removed); tells the screens when any changed. */
  function writeRecords(records: Readonly<Record<string, string>>): void {
    let changed = false;
    for (const key of ACCOUNT_PROGRESS_KEYS) {
      const next = records[key];
      const before = storage.get(key);
      if (next === undefined) {
        if (before !== null) {
          storage.remove(key);
          changed = true;
        }
      } else if (before !== next) {
        storage.set(key, next);
        changed = true;
      }
    }
    if (changed) options.onRecords?.();
  }

  /** The server's records with the player's unsent events on top, into storage. */
  function applySnapshot(owner: string, snapshot: ProgressSnapshot): void {
    if (readOwner(storage) !== owner) return;
    if (snapshot.events < (seenEvents.get(owner) ?? 0)) return;
    seenEvents.set(owner, snapshot.events);
    let records = pick((key) => snapshot.records[key], ACCOUNT_PROGRESS_KEYS);
    for (const event of readOutbox(storage, owner)) records = applyProgressEvent(records, event);
    writeRecords(records);
  }

  /** Sends the oldest batch of the outbox: whether there is more to send, or to try again later. */
  async function sendBatch(): Promise<"more" | "done" | "retry"> {
    const owner = signedInOwner();
    if (!owner) return "done";
    const batch = takeBatch(readOutbox(storage, owner), batchMax);
    if (batch.length === 0) return "done";
    const answer = await send("/api/account/events", {
      method: "POST",
      body: JSON.stringify({ events: batch }),
    });
    if (answer.kind === "ok") {
      removeFromOutbox(storage, owner, new Set(batch.map((event) => event.key)));
      batchMax = BATCH_MAX;
      applySnapshot(owner, answer.body as ProgressSnapshot);
      return "more";
    }
    if (answer.kind === "signed-out") {
      refreshAccount();
      return "done";
    }
    if (answer.kind === "refused" && (answer.status === 400 || answer.status === 413)) {
      // An event the server will never take (this page's bug, an old shape): it must not hold back the others.
      const named = answer.status === 400 ? refusedIndexes(answer.body) : new Set<number>();
      if (named.size === 0 && batch.length > 1) {
        batchMax = 1;
        return "more";
      }
      const dropped = named.size === 0 ? batch : batch.filter((_, index) => named.has(index));
      log(`The server refused ${dropped.length} progress event(s); they are dropped`, answer.body);
      removeFromOutbox(storage, owner, new Set(dropped.map((event) => event.key)));
      return "more";
    }
    return "retry";
  }

  async function flushNow(): Promise<void> {
    for (;;) {
      const outcome = await sendBatch();
      if (outcome === "more") continue;
      if (outcome === "retry") {
        retryMs = Math.min(retryMaxMs, retryMs === 0 ? firstRetryMs : retryMs * 2);
        schedule(retryMs);
      } else retryMs = 0;
      return;
    }
  }

  /** Sends the outbox (one request at a time). */
  const flush = (): Promise<void> => serial(flushNow);

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delayMs);
  }

  /** GET /api/account/progress into storage (with the outbox on top). */
  async function pullNow(): Promise<void> {
    const owner = signedInOwner();
    if (!owner) return;
    const answer = await send("/api/account/progress", { method: "GET" });
    if (answer.kind === "ok") applySnapshot(owner, answer.body as ProgressSnapshot);
    else if (answer.kind === "signed-out") refreshAccount();
  }

  function browserId(): string {
    const stored = storage.get(BROWSER_KEY);
    if (stored && /^[A-Za-z0-9-]{8,40}$/.test(stored)) return stored;
    const id = newKey();
    storage.set(BROWSER_KEY, id);
    return id;
  }

  function decisions(): Record<string, string> {
    try {
      const value: unknown = JSON.parse(storage.get(DECISIONS_KEY) ?? "{}");
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? (value as Record<string, string>)
        : {};
    } catch {
      return {};
    }
  }

  function decide(owner: string, decision: "merged" | "kept"): void {
    storage.set(DECISIONS_KEY, JSON.stringify({ ...decisions(), [`${browserId()}:${owner}`]: decision }));
  }

  const stashed = () => pick((key) => storage.get(stashKey(key)), ACCOUNT_PROGRESS_KEYS);

  /** The anonymous records go aside; the player's outbox, and then the server's records, come in. */
  function signInHere(owner: string): void {
    if (LOCAL_KEYS.some((key) => storage.get(key) !== null)) {
      for (const key of LOCAL_KEYS) {
        const value = storage.get(key);
        if (value === null) storage.remove(stashKey(key));
        else storage.set(stashKey(key), value);
        storage.remove(key);
      }
    }
    storage.set(OWNER_KEY, owner);
    seenEvents.delete(owner);
    let records: Record<string, string> = {};
    for (const event of readOutbox(storage, owner)) records = applyProgressEvent(records, event);
    writeRecords(records);
    options.onRecords?.();
    options.onOwner?.(owner);
    notify();
  }

  /** The player's records leave (their outbox stays, under their name); the anonymous ones come back. */
  function signOutHere(owner: string): void {
    for (const key of LOCAL_KEYS) {
      const value = storage.get(stashKey(key));
      if (value === null) storage.remove(key);
      else storage.set(key, value);
      storage.remove(stashKey(key));
    }
    storage.remove(OWNER_KEY);
    seenEvents.delete(owner);
    options.onRecords?.();
    options.onOwner?.(null);
    notify();
  }

  /** The page says the player signed out: true once the server confirms it (a 401), not when it cannot be reached. */
  async function confirmSignedOut(owner: string): Promise<void> {
    const answer = await send("/api/account/progress", { method: "GET" });
    if (answer.kind === "signed-out") {
      if (readOwner(storage) === owner) {
        signOutHere(owner);
        await options.documents?.signedOut(owner);
      }
    } else if (answer.kind === "ok") refreshAccount();
    // Unreachable: the records and the outbox stay the player's; `online` asks again.
  }

  /** Who is signed in changed (or became known): the records follow. */
  async function accountChanged(state: AccountState): Promise<void> {
    if (state.status === "unknown") return;
    const owner = readOwner(storage);
    if (state.status === "signed-out") {
      if (owner) await serial(() => confirmSignedOut(owner));
      notify();
      return;
    }
    const player = ownerOf(state.account.username);
    if (owner !== player) {
      if (owner) {
        signOutHere(owner);
        await options.documents?.signedOut(owner);
      }
      signInHere(player);
      await options.documents?.signedIn?.(player);
    }
    notify();
    await serial(pullNow);
    await options.documents?.sync(player);
    await flush();
  }

  /** The merge offer to show, or null. */
  function offer(): MergeOffer | null {
    const owner = signedInOwner();
    const state = account.current();
    if (!owner || state.status !== "signed-in") return null;
    const records = stashed();
    if (!holdsProgress(records) && !options.documents?.holdsAnonymous?.()) return null;
    if (decisions()[`${browserId()}:${owner}`]) return null;
    return {
      username: state.account.username,
      puzzles: new Set(progressStateOf(records).positions?.map((each) => each.positionId) ?? []).size,
    };
  }

  return {
    /**
     * A write the trainer just made in storage, as an event for the player's outbox (nothing for an anonymous
     * visitor); it goes within `debounceMs`.
     */
    record(event: ProgressEventInput): void {
      const owner = readOwner(storage);
      if (!owner) return;
      appendToOutbox(storage, owner, { ...event, key: newKey() } as ProgressEvent);
      schedule(debounceMs);
    },
    flush,
    /** Sends the outbox soon (a write, `online`, the page hidden or shown again). */
    flushSoon(delayMs = debounceMs): void {
      if (readOwner(storage)) schedule(delayMs);
    },
    pull: (): Promise<void> => serial(pullNow),
    accountChanged,
    offer,
    /** "Add": the browser's records join the account (once, whatever happens to the request). */
    async acceptMerge(): Promise<void> {
      const owner = signedInOwner();
      if (!owner || merging || !offer()) return;
      merging = true;
      try {
        let records = stashed();
        const key = `merge:${browserId()}:${owner}`;
        const at = new Date(now()).toISOString();
        const united = (await options.documents?.mergeMyGames(owner)) ?? true;
        if (readOwner(storage) !== owner) return;
        // The account keeps its own My games set: the browser's scores of another set's puzzles stay out.
        if (!united) records = applyProgressEvent(records, { type: "forget-my-games", key, at });
        // The repertoire's and the endgame course's progress, the player's own repertoires (documents.ts).
        await options.documents?.mergeAnonymous?.(owner);
        if (readOwner(storage) !== owner) return;
        decide(owner, "merged");
        if (holdsProgress(records)) {
          const event: ProgressEvent = { type: "merge", key, at, records };
          writeRecords(applyProgressEvent(localRecords(), event));
          appendToOutbox(storage, owner, event);
        }
        for (const each of LOCAL_KEYS) storage.remove(stashKey(each));
        // The next anonymous records this browser gathers are other ones: they may be added another day.
        storage.remove(BROWSER_KEY);
      } finally {
        merging = false;
      }
      notify();
      await flush();
    },
    /** "Keep separate": not asked again for this account; the records come back when the player signs out. */
    keepSeparate(): void {
      const owner = signedInOwner();
      if (!owner) return;
      decide(owner, "kept");
      notify();
    },
    /** Another tab changed something the offer reads. */
    refreshOffer: notify,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Pending timers end (tests). */
    stop(): void {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    /** Resolves once every request asked so far has been answered (tests). */
    idle: (): Promise<unknown> => chain,
  };
}
