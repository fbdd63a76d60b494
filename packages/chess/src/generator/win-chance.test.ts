import { describe, expect, it } from "vitest";
import { isTurningPoint } from "./generator";
import { losesTheAdvantage, winChance, winChanceOf } from "./win-chance";

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

  it("calls another move a mistake only when it throws the advantage away by more than lichess's 0.3", () => {
    // Seed #47: 1. Bxh7# mates; 1. Qh5 still mates in 4, so it is no mistake.
    expect(losesTheAdvantage({ mate: 1 }, { mate: 4 })).toBe(false);
    // Seed #56: a mate in one against +546 (win chance 0.76, within 0.3 of the mate's 1).
    expect(losesTheAdvantage({ mate: 1 }, { cp: 546 })).toBe(false);
    expect(losesTheAdvantage({ mate: 1 }, { cp: 300 })).toBe(true);
    expect(losesTheAdvantage({ cp: 650 }, { cp: -250 })).toBe(true);
    expect(losesTheAdvantage({ cp: 650 }, { cp: 450 })).toBe(false);
    expect(losesTheAdvantage({ cp: 0 }, { cp: -900 })).toBe(true);
    expect(losesTheAdvantage({ cp: 0 }, { mate: -3 })).toBe(true);
  });
});
