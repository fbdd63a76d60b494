import type { PlayerDocument } from "@ct/contract";
import {
  documentHoldsProgress,
  isMergedDocument,
  mergeDocumentBodies,
} from "@ct/contract/progress-documents";
import {
  DOCUMENT_NAMES,
  type DocumentName,
  type DocumentState,
  readDocumentStates,
  writeDocumentState,
} from "./document-changes";
import { type DocumentsSync, STASH_PREFIX, type SyncHttp } from "./engine";
import { readOwner, type SyncStorage } from "./owner";

/**
 * The documents a player keeps whole on the account (issue 38): the board's look and settings (`settings/board`),
 * the colour theme (`settings/theme`) and the My games set (`my-games/set`), through GET and PUT
 * /api/account/documents. Last write wins: a change made here goes up (and wins) unless the server holds a later one;
 * a version the server holds that this browser has not seen comes down. An anonymous visitor's are not touched.
 */
export interface SyncedDocument {
  name: DocumentName;
  /** This browser's version for the signed-in player (JSON text), or null when it holds nothing worth keeping. */
  read(owner: string): Promise<string | null>;
  /** The account's version into this browser. */
  write(owner: string, body: string): Promise<void>;
  /** What to send when the browser holds nothing of it after the account had a version (a set cleared). */
  empty?: string;
  /**
   * Progress that only grows (@ct/contract/progress-documents): `write` merges the account's version into this
   * browser's, and what this browser holds beyond it goes up.
   */
  merged?: boolean;
  /** The player signed out: what of theirs must leave this browser (their My games set). */
  leave?(owner: string, unsent: boolean): Promise<void>;
  /** The player signed in on this browser: what the anonymous visitor kept goes aside (handedDocument). */
  arrive?(owner: string): Promise<void>;
  /** True when what the anonymous visitor put aside holds something worth offering to add. */
  anonymousHolds?(): boolean;
  /** The player added this browser's progress: what was put aside joins theirs; true when theirs changed. */
  adopt?(owner: string): Promise<boolean>;
}

/**
 * A document this browser keeps under one storage key, which changes hands when a player signs in and out (issue
 * 40: the repertoire's and the endgame course's progress, the player's own repertoires), as the trainer's records
 * do (engine.ts): signing in puts the anonymous visitor's aside (`chesstrainer.anonymous.*`), and the account's
 * comes in; signing out brings the visitor's back. A player's change the account has not taken yet when they sign
 * out waits for them under `chesstrainer.sync.held.<owner>.<name>`. A merged document (progress that only grows:
 * @ct/contract/progress-documents) takes the account's version by merging it into this browser's, keeping the better
 * of both; the others are replaced whole.
 */
export function handedDocument(
  storage: SyncStorage,
  options: {
    name: DocumentName;
    key: string;
    /** Puts a text into the key (null: removes it) and tells the screens showing it, without marking a change. */
    replace(text: string | null): void;
    /** True when a text holds something (a kept-whole document: any text). */
    holds?(text: string): boolean;
    /** A kept-whole document's text for "nothing" (sent when the player cleared what the account had). */
    empty?: string;
  },
): SyncedDocument {
  const { name, key, replace } = options;
  const merged = isMergedDocument(name) ? name : null;
  const holds = (text: string | null): text is string =>
    text !== null && (merged ? documentHoldsProgress(merged, text) : (options.holds?.(text) ?? true));
  const stash = `${STASH_PREFIX}${key.replace(/^chesstrainer\./, "")}`;
  const held = (owner: string) => `chesstrainer.sync.held.${owner}.${name}`;
  return {
    name,
    merged: merged !== null,
    ...(options.empty === undefined ? {} : { empty: options.empty }),
    read: async () => {
      const text = storage.get(key);
      // A merged document goes up in the account's form (the endgame course keeps a plain list here).
      return holds(text) ? (merged ? mergeDocumentBodies(merged, text, null) : text) : null;
    },
    write: async (_owner, body) => {
      const next = merged ? mergeDocumentBodies(merged, storage.get(key), body) : body;
      if (next !== storage.get(key)) replace(next);
    },
    arrive: async (owner) => {
      const visitor = storage.get(key);
      if (visitor !== null) {
        const aside = storage.get(stash);
        if (aside === null) storage.set(stash, visitor);
        else if (merged) storage.set(stash, mergeDocumentBodies(merged, aside, visitor));
      }
      const waiting = storage.get(held(owner));
      storage.remove(held(owner));
      replace(waiting);
    },
    leave: async (owner, unsent) => {
      const mine = storage.get(key);
      if (unsent && mine !== null) storage.set(held(owner), mine);
      const visitor = storage.get(stash);
      storage.remove(stash);
      replace(visitor);
    },
    anonymousHolds: () => holds(storage.get(stash)),
    adopt: async () => {
      const visitor = storage.get(stash);
      if (!holds(visitor)) return false;
      const mine = storage.get(key);
      // A document kept whole joins only an account that has none (as the My games set does); else it stays aside.
      if (!merged && holds(mine)) return false;
      storage.remove(stash);
      replace(merged ? mergeDocumentBodies(merged, mine, visitor) : visitor);
      return true;
    },
  };
}

/** The My games sets of the anonymous visitor and the player, for a merge. */
export interface MyGamesMerge {
  /** Carries the browser's set into the account's when the account's is empty: false when it is not (kept). */
  unite(owner: string): Promise<boolean>;
}

export interface DocumentsOptions {
  storage: SyncStorage;
  http: SyncHttp;
  documents: readonly SyncedDocument[];
  myGames?: MyGamesMerge;
  /** A call answered 401: ask who is signed in. */
  onUnauthorized?: () => void;
  debounceMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export function createDocumentsSync(options: DocumentsOptions): DocumentsSync & {
  /** A document changed here: it goes up soon. */
  changed(name: DocumentName): void;
  /** Sends this browser's changes now. */
  push(): Promise<void>;
  stop(): void;
} {
  const { storage, http } = options;
  const log = options.log ?? ((message, error) => console.warn(message, error));
  const byName = new Map(options.documents.map((document) => [document.name, document]));
  let chain: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  };
  const states = (owner: string) => readDocumentStates(storage, owner);
  const path = (name: DocumentName) => `/api/account/documents/${name}`;

  /** PUT one document; true when the server took it. */
  async function put(owner: string, name: DocumentName, state: DocumentState | undefined): Promise<boolean> {
    const document = byName.get(name);
    if (!document) return false;
    const body = (await document.read(owner)) ?? (state?.at ? (document.empty ?? null) : null);
    if (body === null) {
      // Nothing to keep, and the account has nothing of it either.
      writeDocumentState(storage, owner, name, state?.at ? { at: state.at } : {});
      return true;
    }
    let response: Response;
    try {
      response = await http(path(name), { method: "PUT", body: JSON.stringify({ body }) });
    } catch {
      return false;
    }
    if (response.status === 401) options.onUnauthorized?.();
    if (!response.ok) {
      // 413 (too big), 409 (too many): trying again will not help; the change stays on this browser.
      if (response.status === 413 || response.status === 409) {
        log(`The account did not take ${name} (${response.status})`);
        writeDocumentState(storage, owner, name, { ...(state?.at ? { at: state.at } : {}) });
      }
      return false;
    }
    const stored = (await response.json()) as PlayerDocument;
    // The server merged it with what it held (another device's progress): that comes here too.
    if (document.merged && readOwner(storage) === owner) await document.write(owner, stored.body);
    // A change made while the request was on its way goes up next time.
    const latest = states(owner)[name];
    if (readOwner(storage) === owner)
      writeDocumentState(storage, owner, name, {
        at: stored.updated_at,
        ...(latest?.changed && latest.changed !== state?.changed ? { changed: latest.changed } : {}),
      });
    return true;
  }

  async function pushNow(): Promise<void> {
    const owner = readOwner(storage);
    if (!owner) return;
    for (const [name, state] of Object.entries(states(owner)) as [DocumentName, DocumentState][])
      if (state.changed && byName.has(name)) await put(owner, name, state);
  }

  async function syncNow(owner: string): Promise<void> {
    if (readOwner(storage) !== owner) return;
    let response: Response;
    try {
      response = await http("/api/account/documents", { method: "GET" });
    } catch {
      return;
    }
    if (response.status === 401) options.onUnauthorized?.();
    if (!response.ok) return;
    const { documents } = (await response.json()) as { documents: PlayerDocument[] };
    for (const name of DOCUMENT_NAMES) {
      const document = byName.get(name);
      if (!document || readOwner(storage) !== owner) continue;
      const server = documents.find((each) => `${each.kind}/${each.id}` === name);
      const state = states(owner)[name];
      if (server && document.merged && isMergedDocument(name)) {
        if (server.updated_at === state?.at && !state?.changed) continue;
        // Both sides' progress here; what this browser holds beyond the account's goes up (the server merges too).
        await document.write(owner, server.body);
        const local = await document.read(owner);
        if (
          local !== null &&
          mergeDocumentBodies(name, local, null) !== mergeDocumentBodies(name, server.body, null)
        )
          await put(owner, name, state);
        else writeDocumentState(storage, owner, name, { at: server.updated_at });
      } else if (server) {
        if (state?.changed && state.changed > server.updated_at) await put(owner, name, state);
        else if (server.updated_at !== state?.at || state?.changed) {
          await document.write(owner, server.body);
          writeDocumentState(storage, owner, name, { at: server.updated_at });
        }
      } else if (state?.changed || !state) {
        // The account has none yet: it takes this browser's (a first sign-in keeps the look it had).
        await put(owner, name, state);
      }
    }
  }

  let synced: Promise<void> = Promise.resolve();

  return {
    sync(owner) {
      synced = serial(() => syncNow(owner));
      return synced;
    },
    async signedOut(owner) {
      await serial(async () => {
        const known = states(owner);
        for (const document of options.documents)
          await document.leave?.(owner, Boolean(known[document.name]?.changed));
      });
    },
    async mergeMyGames(owner) {
      // The account's set must be here before it is compared with the browser's.
      await synced;
      return options.myGames ? options.myGames.unite(owner) : true;
    },
    async signedIn(owner) {
      await serial(async () => {
        for (const document of options.documents) await document.arrive?.(owner);
      });
    },
    holdsAnonymous: () => options.documents.some((document) => document.anonymousHolds?.() ?? false),
    async mergeAnonymous(owner) {
      await synced;
      await serial(async () => {
        for (const document of options.documents)
          if (readOwner(storage) === owner && (await document.adopt?.(owner)))
            writeDocumentState(storage, owner, document.name, {
              ...states(owner)[document.name],
              changed: new Date().toISOString(),
            });
      });
      await serial(pushNow);
    },
    changed(name) {
      if (!byName.has(name)) return;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        void serial(pushNow);
      }, options.debounceMs ?? 1000);
    },
    push: () => serial(pushNow),
    stop() {
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
