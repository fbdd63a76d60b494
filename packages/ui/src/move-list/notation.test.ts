import { describe, expect, it } from "vitest";
import { formatMoves, numberMoves } from "./notation";

describe("move numbering", () => {
  it("numbers a game from the start", () => {
    expect(formatMoves(["e4", "e5", "Nf3", "Nc6", "Bb5"])).toBe("1. e4 e5 2. Nf3 Nc6 3. Bb5");
  });

  it("starts from any move number with Black to move", () => {
    expect(formatMoves(["Qxh2+", "Kf1", "Qh1#"], 12, "b")).toBe("12... Qxh2+ 13. Kf1 Qh1#");
  });

  it("starts from any move number with White to move", () => {
    expect(formatMoves(["Rxf7", "Kxf7"], 27, "w")).toBe("27. Rxf7 Kxf7");
  });

  it("gives each move its number and side", () => {
    expect(numberMoves(["Qxh2+", "Kf1"], 12, "b")).toEqual([
      { index: 0, moveNumber: 12, color: "b", prefix: "12...", san: "Qxh2+" },
      { index: 1, moveNumber: 13, color: "w", prefix: "13.", san: "Kf1" },
    ]);
  });

  it("treats a missing or bad move number as 1 and an empty list as empty", () => {
    expect(formatMoves(["d4"], 0)).toBe("1. d4");
    expect(formatMoves([], 5, "b")).toBe("");
  });
});
