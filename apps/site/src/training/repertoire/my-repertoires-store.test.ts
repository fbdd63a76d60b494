import { importRepertoirePgn } from "@ct/chess";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The own repertoires' store as the account sync uses it: each change made here is heard as "local", a value the
 * sync puts in place as "replace" (its bad entries dropped); the stored PGN reads back to the repertoire; at most 50
 * repertoires; deleting one drops its progress. The page's storage is a Map behind a `window.localStorage` of its own.
 */

const data = new Map<string, string>();
const localStorage = {
  getItem: (key: string) => data.get(key) ?? null,
  setItem: (key: string, value: string) => void data.set(key, value),
  removeItem: (key: string) => void data.delete(key),
};

let store: typeof import("./my-repertoires-store");
let records: typeof import("./records-store");

beforeAll(async () => {
  (globalThis as { window?: unknown }).window = {
    localStorage,
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  store = await import("./my-repertoires-store");
  records = await import("./records-store");
});
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe("the own repertoires' store", () => {
  it("stores the PGN, tells listeners, reads the repertoire back, and deletes it with its progress", () => {
    const heard: string[] = [];
    const stop = store.subscribeMyRepertoires((change) => heard.push(change));
    const own = importRepertoirePgn("1. e4 c5 2. Nf3 (2. c3 d5) 2... d6 *", "black", "Najdorf");
    const id = store.saveMyRepertoire(own) as string;
    expect(id).toMatch(/^[a-z0-9]+$/);
    const stored = JSON.parse(data.get(store.MY_REPERTOIRES_KEY) as string);
    expect(stored).toMatchObject({ version: 1, repertoires: [{ id, name: "Najdorf", side: "black" }] });
    expect(stored.repertoires[0].pgn).toContain("( 2. c3 d5 )");
    expect(store.loadMyRepertoire(id)?.moves).toEqual(own.moves);
    expect(store.saveMyRepertoire({ ...own, id, name: "Sicilian" })).toBe(id);
    expect(store.readMyRepertoires().repertoires.map((entry) => entry.name)).toEqual(["Sicilian"]);

    records.saveRepertoireRecords({
      version: 1,
      lines: {
        [`mine-${id}/0`]: { learnt: "2026-11-29T00:00:00.000Z", drilled: null, clean: false, drills: 0 },
      },
      cards: {},
    });
    store.deleteMyRepertoire(id);
    expect(store.readMyRepertoires().repertoires).toEqual([]);
    expect(records.readRepertoireRecords().lines).toEqual({});
    expect(heard).toEqual(["local", "local", "local"]);
    stop();
  });

  it("takes the account's value whole with replaceMyRepertoires, dropping what is not a repertoire", () => {
    const heard: string[] = [];
    const stop = store.subscribeMyRepertoires((change) => heard.push(change));
    const entry = {
      id: "acc1",
      name: "From the account",
      side: "white",
      pgn: "1. d4 *",
      updatedAt: "2026-11-29T01:00:00Z",
    };
    store.replaceMyRepertoires(
      JSON.stringify({ version: 1, repertoires: [entry, { id: "x", side: "red" }] }),
    );
    expect(store.readMyRepertoires().repertoires).toEqual([entry]);
    store.replaceMyRepertoires("not json");
    expect(store.readMyRepertoires().repertoires).toEqual([]);
    expect(heard).toEqual(["replace", "replace"]);
    stop();
  });

  it("keeps at most 50 repertoires", () => {
    const own = importRepertoirePgn("1. e4 *", "white", "x");
    for (let index = 0; index < 50; index += 1)
      expect(store.saveMyRepertoire({ ...own, name: `r${index}` })).not.toBeNull();
    expect(store.canAddRepertoire()).toBe(false);
    expect(store.saveMyRepertoire({ ...own, name: "one too many" })).toBeNull();
    expect(store.readMyRepertoires().repertoires).toHaveLength(50);
  });
});
