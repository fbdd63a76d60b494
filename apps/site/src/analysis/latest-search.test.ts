import { describe, expect, it } from "vitest";
import { createLatestSearch } from "./latest-search";

/** A search the test finishes by hand, recording which positions were searched. */
function fakeEngine() {
  const searched: string[] = [];
  const finishers: Array<(value: string) => void> = [];
  const fail: Array<(error: Error) => void> = [];
  const run = (fen: string) =>
    new Promise<string>((resolve, reject) => {
      searched.push(fen);
      finishers.push((value) => resolve(value));
      fail.push(reject);
    });
  return { run, searched, finish: (index: number, value: string) => finishers[index]?.(value), fail };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("searching only the latest position", () => {
  it("runs the first at once, and after it only the last of those asked for meanwhile", async () => {
    const engine = fakeEngine();
    const search = createLatestSearch(engine.run);
    const a = search("A");
    const b = search("B");
    const c = search("C");
    expect(engine.searched).toEqual(["A"]);
    // B never runs: C replaced it while A was searched.
    await expect(b).resolves.toBeNull();
    engine.finish(0, "lines of A");
    await expect(a).resolves.toBe("lines of A");
    await tick();
    expect(engine.searched).toEqual(["A", "C"]);
    engine.finish(1, "lines of C");
    await expect(c).resolves.toBe("lines of C");
  });

  it("goes on after a failed search, and a later request starts at once when nothing runs", async () => {
    const engine = fakeEngine();
    const search = createLatestSearch(engine.run);
    const a = search("A");
    const b = search("B");
    engine.fail[0]?.(new Error("engine error"));
    await expect(a).rejects.toThrow("engine error");
    await tick();
    expect(engine.searched).toEqual(["A", "B"]);
    engine.finish(1, "lines of B");
    await expect(b).resolves.toBe("lines of B");
    await tick();
    const d = search("D");
    expect(engine.searched).toEqual(["A", "B", "D"]);
    engine.finish(2, "lines of D");
    await expect(d).resolves.toBe("lines of D");
  });
});
