import { REPERTOIRE_KEY } from "@ct/machines";
import { accountChanged, currentAccount, onAccountChange } from "../account/store";
import { storedTheme, storeTheme } from "../app/theme";
import { ENDGAME_COURSE_KEY, replaceSolved } from "../endgame-course/progress";
import { storage } from "../lib/storage";
import { deleteOwnerStore, ownerStore, type StoredPuzzle, setReplaced } from "../my-games/store";
import {
  BOARD_LOOK_STORAGE_KEY,
  boardPreferencesChanged,
  readBoardLook,
  withBoardLook,
} from "../training/board-look";
import { changed } from "../training/progress-signal";
import {
  MY_REPERTOIRES_KEY,
  readMyRepertoiresValue,
  replaceMyRepertoires,
  subscribeMyRepertoires,
} from "../training/repertoire/my-repertoires-store";
import { replaceRepertoireRecords } from "../training/repertoire/records-store";
import { documentChanged, onDocumentChanged } from "./document-changes";
import { createDocumentsSync, handedDocument, type SyncedDocument } from "./documents";
import {
  BROWSER_KEY,
  createSyncEngine,
  DECISIONS_KEY,
  STASH_PREFIX,
  type SyncEngine,
  type SyncHttp,
} from "./engine";
import { setOfferSource } from "./offer-store";
import { OWNER_KEY, ownerChanged, readOwner } from "./owner";

/**
 * The page's sync (issue 38): the engine (engine.ts) over this browser's storage and the site's API, the documents
 * (documents.ts) with the site's settings and My games set, and the repertoire's and the endgame course's progress
 * and the player's own repertoires (issue 40), started once the page is hydrated (account-sync.tsx).
 * The trainer's writes reach it through `pageSync().record` (training/progress.ts).
 */

/** The site's API with the page's session cookie; the browser adds the Origin the server checks. */
const http: SyncHttp = (path, init) =>
  fetch(path, {
    method: init.method,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });

const settingsBoard: SyncedDocument = {
  name: "settings/board",
  read: async () => storage.get(BOARD_LOOK_STORAGE_KEY),
  write: async (_owner, body) => {
    storage.set(BOARD_LOOK_STORAGE_KEY, withBoardLook(null, readBoardLook(body)));
    boardPreferencesChanged();
  },
};

const settingsTheme: SyncedDocument = {
  name: "settings/theme",
  read: async () => {
    const theme = storedTheme();
    return theme === null ? null : JSON.stringify({ theme });
  },
  write: async (_owner, body) => {
    try {
      const { theme } = JSON.parse(body) as { theme?: unknown };
      if (theme === "light" || theme === "dark") storeTheme(theme);
    } catch {
      // Not a theme this site wrote: the page keeps its own.
    }
  },
};

const isStoredPuzzle = (value: unknown): value is StoredPuzzle =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as StoredPuzzle).seq === "number" &&
  typeof (value as StoredPuzzle).puzzle?.key === "string";

/** The player's My games set: each puzzle with its place, whose negation is its id in the training records. */
const myGamesSet: SyncedDocument = {
  name: "my-games/set",
  empty: JSON.stringify({ puzzles: [] }),
  read: async (owner) => {
    const entries = await ownerStore(owner).entries();
    return entries.length === 0 ? null : JSON.stringify({ puzzles: entries });
  },
  write: async (owner, body) => {
    let entries: StoredPuzzle[] = [];
    try {
      const { puzzles } = JSON.parse(body) as { puzzles?: unknown };
      entries = Array.isArray(puzzles) ? puzzles.filter(isStoredPuzzle) : [];
    } catch {
      return;
    }
    await ownerStore(owner).replace(entries);
    setReplaced();
  },
  leave: async (owner, unsent) => {
    // A change the account has not taken yet stays here until the player signs in again.
    if (!unsent) await deleteOwnerStore(owner);
    setReplaced();
  },
};

/** The opening repertoire's progress (issue 40): merged with the account's, never replaced. */
const repertoireProgress = handedDocument(storage, {
  name: "repertoire/progress",
  key: REPERTOIRE_KEY,
  replace: replaceRepertoireRecords,
});

/** The endgame course's exercises passed (issue 40): united with the account's. */
const endgameProgress = handedDocument(storage, {
  name: "endgame-course/progress",
  key: ENDGAME_COURSE_KEY,
  replace: replaceSolved,
});

const NO_REPERTOIRES = JSON.stringify({ version: 1, repertoires: [] });

/** The player's own repertoires (issue 40): kept whole, last write wins, like the My games set. */
const myRepertoires = handedDocument(storage, {
  name: "repertoire/mine",
  key: MY_REPERTOIRES_KEY,
  replace: (text) => replaceMyRepertoires(text ?? NO_REPERTOIRES),
  holds: (text) => {
    try {
      return readMyRepertoiresValue(JSON.parse(text)).repertoires.length > 0;
    } catch {
      return false;
    }
  },
  empty: NO_REPERTOIRES,
});

let engine: SyncEngine | null = null;
let documents: ReturnType<typeof createDocumentsSync> | null = null;

/** The page's sync engine (made on first use; it does nothing for an anonymous visitor). */
export function pageSync(): SyncEngine {
  if (engine) return engine;
  documents = createDocumentsSync({
    storage,
    http,
    documents: [settingsBoard, settingsTheme, myGamesSet, repertoireProgress, endgameProgress, myRepertoires],
    myGames: {
      async unite(owner) {
        const browser = await ownerStore(null).entries();
        if (browser.length === 0) return true;
        if ((await ownerStore(owner).entries()).length > 0) return false;
        await ownerStore(owner).replace(browser);
        await ownerStore(null).clearPuzzles();
        documentChanged("my-games/set");
        setReplaced();
        return true;
      },
    },
    onUnauthorized: () => void accountChanged(),
  });
  engine = createSyncEngine({
    storage,
    http,
    account: { current: currentAccount, refresh: accountChanged },
    onRecords: changed,
    onOwner: ownerChanged,
    documents,
  });
  return engine;
}

let stop: (() => void) | null = null;

/** Starts following the account on this page (once): the records, the outbox, the documents, the offer. */
export function startPageSync(): () => void {
  if (stop) return stop;
  const sync = pageSync();
  setOfferSource({
    read: sync.offer,
    subscribe: sync.subscribe,
    add: () => void sync.acceptMerge(),
    keep: sync.keepSeparate,
  });
  const stopAccount = onAccountChange((state) => void sync.accountChanged(state));
  if (currentAccount().status !== "unknown") void sync.accountChanged(currentAccount());
  const stopDocuments = onDocumentChanged((name) => documents?.changed(name));
  // A change of the player's own repertoires on this page or another tab goes up; the sync's own replace does not.
  const stopRepertoires = subscribeMyRepertoires((change) => {
    if (change === "local") documentChanged("repertoire/mine");
  });

  const onOnline = () => {
    // A page that could not reach the server when it loaded took the player for signed out: ask again.
    if (readOwner(storage) && currentAccount().status !== "signed-in") void accountChanged();
    sync.flushSoon(0);
    void documents?.push();
  };
  const onVisibility = () => {
    sync.flushSoon(0);
    if (document.visibilityState === "visible" && currentAccount().status === "signed-in") void sync.pull();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === OWNER_KEY || event.key === null) ownerChanged(readOwner(storage));
    if (
      event.key === null ||
      event.key === OWNER_KEY ||
      event.key === BROWSER_KEY ||
      event.key === DECISIONS_KEY ||
      event.key.startsWith(STASH_PREFIX)
    )
      sync.refreshOffer();
  };
  window.addEventListener("online", onOnline);
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("storage", onStorage);
  // What an earlier visit left unsent goes now.
  sync.flushSoon(0);

  stop = () => {
    stopAccount();
    stopDocuments();
    stopRepertoires();
    window.removeEventListener("online", onOnline);
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("storage", onStorage);
    setOfferSource(null);
    stop = null;
  };
  return stop;
}
