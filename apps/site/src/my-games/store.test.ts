import { describe, expect, it } from "vitest";
import { type MyGamePuzzle, puzzleOf } from "./puzzle";
import { createMyGamesStore, memoryBackend, type Run } from "./store";
import { shortGameTurningPoint } from "./testing";

const made = puzzleOf(shortGameTurningPoint(), "white");
if (!made) throw new Error("no puzzle");
const sample: MyGamePuzzle = made;
const puzzle = (key: string): MyGamePuzzle => ({ ...sample, key });

describe("the My games store", () => {
  it("keeps puzzles in the order they came and skips one already in the set", async () => {
    const store = createMyGamesStore(memoryBackend());
    expect(await store.puzzles()).toEqual([]);
    expect(await store.add([puzzle("b:1"), puzzle("a:2")])).toBe(2);
    expect(await store.add([puzzle("a:2"), puzzle("c:3")])).toBe(1);
    expect((await store.puzzles()).map((each) => each.key)).toEqual(["b:1", "a:2", "c:3"]);
    await store.clearPuzzles();
    expect(await store.puzzles()).toEqual([]);
    expect(await store.add([puzzle("a:2")])).toBe(1);
  });

  it("saves the run as it is and clears it", async () => {
    const store = createMyGamesStore(memoryBackend());
    expect(await store.run()).toBeNull();
    const run: Run = {
      createdAt: "2026-11-26T12:00:00.000Z",
      state: "paused",
      games: [],
      problems: [{ index: 1, message: "illegal move", white: "A", black: "B" }],
      positions: 12,
      ms: 3400,
    };
    await store.saveRun(run);
    const read = await store.run();
    expect(read).toEqual(run);
    // A copy, as IndexedDB gives: changing it changes nothing stored.
    if (read) read.state = "running";
    expect((await store.run())?.state).toBe("paused");
    await store.clearRun();
    expect(await store.run()).toBeNull();
  });
});
