import { describe, expect, it } from "vitest";
import { evalForTexts, evalForThemes } from "./generator";

describe("the eval a solved line's keys and texts read", () => {
  it("is the solving search's when no deeper search was made", () => {
    expect(evalForThemes({ cp: 550 })).toBe(550);
    expect(evalForTexts({ cp: 550 })).toBe(550);
    expect(evalForThemes({})).toBeUndefined();
  });

  it("is the deeper search's when it gave centipawns", () => {
    expect(evalForThemes({ cp: 560, settled: { cp: 1240 } })).toBe(1240);
    expect(evalForTexts({ cp: 560, settled: { cp: 1240 } })).toBe(1240);
  });

  it("counts a mate the deeper search sees as beyond every line, while the texts keep the centipawns", () => {
    expect(evalForThemes({ cp: 560, settled: { mate: 7 } })).toBeGreaterThan(600);
    expect(evalForThemes({ cp: -560, settled: { mate: -3 } })).toBeLessThan(-600);
    expect(evalForTexts({ cp: 560, settled: { mate: 7 } })).toBe(560);
  });
});
