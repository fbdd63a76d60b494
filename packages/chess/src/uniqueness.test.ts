import { describe, expect, it } from "vitest";
import { generatorWinChance, isOnlyMove, ONLY_MOVE_GAP } from "./uniqueness";

const quiet = (score: { cp?: number; mate?: number }) => ({ score, isCapture: false });
const capture = (score: { cp?: number; mate?: number }) => ({ score, isCapture: true });

describe("isOnlyMove (lichess's rule for a solver's move)", () => {
  it("a forced move and a mate in one are always the answer", () => {
    expect(isOnlyMove({ best: { cp: 50 } })).toBe(true);
    expect(isOnlyMove({ best: { mate: 1 }, second: quiet({ mate: 1 }) })).toBe(true);
  });

  it("a mate in 2 is unique only when the second move is below +500 and does not mate", () => {
    expect(isOnlyMove({ best: { mate: 2 }, second: quiet({ cp: 499 }) })).toBe(true);
    expect(isOnlyMove({ best: { mate: 2 }, second: quiet({ cp: 500 }) })).toBe(false);
    expect(isOnlyMove({ best: { mate: 2 }, second: quiet({ mate: 5 }) })).toBe(false);
    expect(isOnlyMove({ best: { mate: 2 }, second: quiet({ mate: -3 }) })).toBe(true);
  });

  it("a mate in 3 is unique only when the second move is below +300", () => {
    expect(isOnlyMove({ best: { mate: 3 }, second: quiet({ cp: 299 }) })).toBe(true);
    expect(isOnlyMove({ best: { mate: 3 }, second: quiet({ cp: 300 }) })).toBe(false);
  });

  it("a longer mate: any second mate is a second solution; a quiet move under +400 is not", () => {
    expect(isOnlyMove({ best: { mate: 5 }, second: quiet({ mate: 7 }) })).toBe(false);
    expect(isOnlyMove({ best: { mate: 5 }, second: quiet({ cp: 380 }) })).toBe(true);
    expect(isOnlyMove({ best: { mate: 5 }, second: capture({ cp: 380 }) })).toBe(false);
    // Far ahead of the second's win chance (+100 cp ≈ 0.2): unique by the gap alone.
    expect(isOnlyMove({ best: { mate: 5 }, second: capture({ cp: 100 }) })).toBe(true);
  });

  it("otherwise the best move's win chance must beat the second's by more than 0.42", () => {
    expect(ONLY_MOVE_GAP).toBe(0.42);
    expect(generatorWinChance({ cp: 0 })).toBe(0);
    expect(isOnlyMove({ best: { cp: 600 }, second: quiet({ cp: 0 }) })).toBe(true); // 0.83 vs 0
    expect(isOnlyMove({ best: { cp: 600 }, second: quiet({ cp: 250 }) })).toBe(false); // 0.83 vs 0.46
    expect(isOnlyMove({ best: { cp: 300 }, second: quiet({ cp: -100 }) })).toBe(true); // 0.54 vs -0.20
    expect(isOnlyMove({ best: { cp: 200 }, second: quiet({ cp: 0 }) })).toBe(false); // 0.38 vs 0
  });
});
