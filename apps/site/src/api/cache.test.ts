import { describe, expect, it } from "vitest";
import { TimedCache } from "./cache";

describe("TimedCache", () => {
  it("shares one load until the entry expires", async () => {
    let now = 0;
    let loads = 0;
    const cache = new TimedCache(300_000, () => now);
    const load = async () => ++loads;
    expect(await cache.remember("k", load)).toBe(1);
    now = 299_999;
    expect(await cache.remember("k", load)).toBe(1);
    now = 300_000;
    expect(await cache.remember("k", load)).toBe(2);
  });

  it("does not keep failures", async () => {
    const cache = new TimedCache(1000, () => 0);
    await expect(cache.remember("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.remember("k", async () => "up")).toBe("up");
  });
});
