import type { PlayerColor } from "@ct/chess";
import { documentChanged } from "../sync/document-changes";
import { browserOwner } from "../sync/owner";
import type { GameProblem, GameSummary } from "./protocol";
import type { MyGamePuzzle } from "./puzzle";

/** One game of a run: its text and tags, the side the player had (null: skipped), and how its analysis went. */
export interface RunGame extends GameSummary {
  side: PlayerColor | null;
  status: "pending" | "done" | "failed";
  puzzles?: number;
  mistakes?: number;
  message?: string;
}

/**
 * An analysis run: the games the player started, one after another. Kept after every game, so a tab closed in the
 * middle loses at most the game in progress, and the run goes on when the page opens again.
 */
export interface Run {
  createdAt: string;
  state: "running" | "paused" | "done" | "cancelled";
  games: RunGame[];
  /** Games of the text that could not be read (reported, skipped). */
  problems: GameProblem[];
  /** Positions of the games finished so far, and the milliseconds their analysis took. */
  positions: number;
  ms: number;
}

/** The few operations of a key-value store the set needs: IndexedDB in the browser, a Map in tests. */
export interface Backend {
  get<T>(store: StoreName, key: string): Promise<T | undefined>;
  put(store: StoreName, key: string, value: unknown): Promise<void>;
  getAll<T>(store: StoreName): Promise<T[]>;
  clear(store: StoreName): Promise<void>;
}

export type StoreName = "run" | "puzzles";

export interface StoredPuzzle {
  /** Order of arrival in the set, from 1: the puzzle's place (and, negated, its id in the training screen). */
  seq: number;
  puzzle: MyGamePuzzle;
}

const RUN_KEY = "current";

/** The "My games" set and the analysis run, on any backend. */
export function createMyGamesStore(backend: Backend) {
  return {
    run: () => backend.get<Run>("run", RUN_KEY).then((run) => run ?? null),
    saveRun: (run: Run) => backend.put("run", RUN_KEY, run),
    clearRun: () => backend.clear("run"),
    /** Every puzzle of the set, in the order they came. */
    async puzzles(): Promise<MyGamePuzzle[]> {
      const stored = await backend.getAll<StoredPuzzle>("puzzles");
      return stored.sort((a, b) => a.seq - b.seq).map((entry) => entry.puzzle);
    },
    /** Adds puzzles after the others; one already in the set (same key) is left as it is. Returns how many came. */
    async add(puzzles: readonly MyGamePuzzle[]): Promise<number> {
      const stored = await backend.getAll<StoredPuzzle>("puzzles");
      const keys = new Set(stored.map((entry) => entry.puzzle.key));
      let seq = stored.reduce((high, entry) => Math.max(high, entry.seq), 0);
      let added = 0;
      for (const puzzle of puzzles) {
        if (keys.has(puzzle.key)) continue;
        keys.add(puzzle.key);
        await backend.put("puzzles", puzzle.key, { seq: ++seq, puzzle } satisfies StoredPuzzle);
        added++;
      }
      return added;
    },
    clearPuzzles: () => backend.clear("puzzles"),
    /** Every puzzle with its place, in order (the set as the account keeps it). */
    async entries(): Promise<StoredPuzzle[]> {
      const stored = await backend.getAll<StoredPuzzle>("puzzles");
      return stored.sort((a, b) => a.seq - b.seq);
    },
    /** The set becomes these puzzles, each at its own place (the account's set, come from the server). */
    async replace(entries: readonly StoredPuzzle[]): Promise<void> {
      await backend.clear("puzzles");
      for (const entry of entries) await backend.put("puzzles", entry.puzzle.key, entry);
    },
  };
}

export type MyGamesStore = ReturnType<typeof createMyGamesStore>;

/** A backend in memory (tests, and browsers without IndexedDB: the set then lasts as long as the page). */
export function memoryBackend(): Backend {
  const stores = new Map<StoreName, Map<string, unknown>>();
  const of = (name: StoreName) => {
    const store = stores.get(name) ?? new Map<string, unknown>();
    stores.set(name, store);
    return store;
  };
  // Values are copied in and out, as IndexedDB's structured clone does.
  const copy = <T>(value: T): T => (value === undefined ? value : structuredClone(value));
  return {
    get: async <T>(name: StoreName, key: string) => copy(of(name).get(key) as T | undefined),
    put: async (name, key, value) => {
      of(name).set(key, copy(value));
    },
    getAll: async <T>(name: StoreName) => [...of(name).values()].map((value) => copy(value as T)),
    clear: async (name) => {
      of(name).clear();
    },
  };
}

const DB_NAME = "chess-trainer-my-games";
const STORES: readonly StoreName[] = ["run", "puzzles"];

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The browser's IndexedDB: one database (`name`), a store per kind, keys given by the caller. */
export function indexedDbBackend(name = DB_NAME): Backend & { close(): Promise<void> } {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => {
        for (const name of STORES)
          if (!open.result.objectStoreNames.contains(name)) open.result.createObjectStore(name);
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return opened;
  };
  const run = async <T>(
    name: StoreName,
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => IDBRequest<T>,
  ) => {
    const transaction = (await db()).transaction(name, mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    const result = await request(work(transaction.objectStore(name)));
    await done;
    return result;
  };
  return {
    get: <T>(name: StoreName, key: string) =>
      run(name, "readonly", (store) => store.get(key)) as Promise<T | undefined>,
    put: async (name, key, value) => {
      await run(name, "readwrite", (store) => store.put(value, key));
    },
    getAll: <T>(name: StoreName) => run(name, "readonly", (store) => store.getAll()) as Promise<T[]>,
    clear: async (name) => {
      await run(name, "readwrite", (store) => store.clear());
    },
    async close() {
      const current = opened;
      opened = null;
      if (current) (await current.catch(() => null))?.close();
    },
  };
}

/**
 * Whose set a database holds: an anonymous visitor's is the one the site always had; a signed-in player's is theirs
 * alone (issue 38), so signing in and out changes sets without copying them, and the anonymous one waits untouched.
 */
export function myGamesDatabaseName(owner: string | null): string {
  return owner === null ? DB_NAME : `${DB_NAME}.account.${owner}`;
}

const backends = new Map<string, Backend & { close?: () => Promise<void> }>();

function backendOf(owner: string | null): Backend {
  const name = myGamesDatabaseName(owner);
  let backend = backends.get(name);
  if (!backend) {
    backend = typeof indexedDB === "undefined" ? memoryBackend() : indexedDbBackend(name);
    backends.set(name, backend);
  }
  return backend;
}

/** One owner's set on this browser (the sync reads and writes the player's and the anonymous visitor's). */
export function ownerStore(owner: string | null): MyGamesStore {
  return createMyGamesStore(backendOf(owner));
}

/** A player's set leaves this browser (they signed out; the account keeps it). */
export async function deleteOwnerStore(owner: string): Promise<void> {
  const name = myGamesDatabaseName(owner);
  const backend = backends.get(name);
  backends.delete(name);
  await backend?.close?.();
  if (typeof indexedDB === "undefined") return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}

const setListeners = new Set<() => void>();

/** The set changed under the page (the account's came, or the records changed hands): its readers read it again. */
export function setReplaced(): void {
  for (const listener of [...setListeners]) listener();
}

export function onSetReplaced(listener: () => void): () => void {
  setListeners.add(listener);
  return () => setListeners.delete(listener);
}

/**
 * The store of this browser: IndexedDB, or memory when the browser has none; the set of whoever's records the
 * browser holds (readOwner), read at each call. A signed-in player's changes go to the account too.
 */
export function browserStore(): MyGamesStore {
  const following: Backend = {
    get: (name, key) => backendOf(browserOwner()).get(name, key),
    put: (name, key, value) => backendOf(browserOwner()).put(name, key, value),
    getAll: (name) => backendOf(browserOwner()).getAll(name),
    clear: (name) => backendOf(browserOwner()).clear(name),
  };
  const store = createMyGamesStore(following);
  return {
    ...store,
    async add(puzzles) {
      const added = await store.add(puzzles);
      if (added > 0) documentChanged("my-games/set");
      return added;
    },
    async clearPuzzles() {
      await store.clearPuzzles();
      documentChanged("my-games/set");
    },
  };
}
