import { describe, expect, it } from "vitest";
import { moveSoundOf } from "./sounds";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

describe("the sound of a move", () => {
  it("is a move for a quiet move", () => {
    expect(moveSoundOf(START, AFTER_E4, false)).toBe("move");
  });

  it("is a capture when a piece leaves the board", () => {
    const before = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    const after = "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    expect(moveSoundOf(before, after, false)).toBe("capture");
  });

  it("is a capture for en passant (three squares change)", () => {
    const before = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    const after = "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1";
    expect(moveSoundOf(before, after, false)).toBe("capture");
  });

  it("is a check when the move gives check, even a capturing one", () => {
    const before = "4k3/8/8/8/8/8/4r3/4QK2 w - - 0 1";
    const after = "4k3/8/8/8/8/8/4Q3/5K2 b - - 0 1";
    expect(moveSoundOf(before, after, true)).toBe("check");
  });

  it("is a move for castling (four squares change)", () => {
    const before = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const after = "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1";
    expect(moveSoundOf(before, after, false)).toBe("move");
  });

  it("is nothing between positions that are not one move apart", () => {
    expect(moveSoundOf(START, START, false)).toBeNull();
    expect(moveSoundOf(START, "4k3/8/8/8/8/8/8/4K3 b - - 0 1", false)).toBeNull();
    expect(moveSoundOf(START, "not a fen", false)).toBeNull();
  });
});
