import { describe, expect, it } from "vitest";
import { isTurningPoint } from "./generator";
import { winChance, winChanceOf } from "./win-chance";

describe("win chance", () => {
  it("maps centipawns onto [-1, 1] and counts mates as certain", () => {
    expect(winChance(0)).toBe(0);
    expect(winChance(300)).toBeCloseTo(0.5, 1);
    expect(winChance(-300)).toBeCloseTo(-0.5, 1);
    expect(winChanceOf({ cp: 5000 })).toBeLessThan(1);
    expect(winChanceOf({ mate: 7 })).toBe(1);
    expect(winChanceOf({ mate: -2 })).toBe(-1);
    expect(winChanceOf({ mate: 0 })).toBe(-1);
  });

  it("marks a turning point only for a real swing or a newly allowed mate", () => {
    expect(isTurningPoint({ cp: 0 }, { cp: 500 })).toBe(true);
    expect(isTurningPoint({ cp: 300 }, { cp: 500 })).toBe(true);
    expect(isTurningPoint({ cp: 0 }, { cp: 200 })).toBe(false);
    expect(isTurningPoint({ cp: -400 }, { cp: 500 })).toBe(false);
    expect(isTurningPoint({ cp: 900 }, { mate: 3 })).toBe(true);
    expect(isTurningPoint({ mate: -4 }, { mate: 3 })).toBe(false);
  });
});
