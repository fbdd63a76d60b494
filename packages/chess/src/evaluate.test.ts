import { describe, expect, it } from "vitest";
import { evaluateMove } from "./evaluate";
import { START_FEN } from "./fen";

describe("evaluateMove", () => {
  it("scores checkmate 10", () => {
    const scholar = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3";
    expect(evaluateMove(scholar, "h5f7")).toMatchObject({
      kind: "excellent",
      score: 10,
      reason: "checkmate",
    });
  });
  it("scores a listed correct move as best, 1", () => {
    expect(evaluateMove(START_FEN, "e2e4", ["e4", "d4"])).toMatchObject({ kind: "best", score: 1 });
  });
  it("rewards winning material and punishes losing it", () => {
    // White takes an undefended queen.
    expect(evaluateMove("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5")).toMatchObject({
      kind: "excellent",
      score: 2,
      materialNet: 9,
    });
    // White's queen walks into a pawn's capture.
    expect(evaluateMove("4k3/8/4p3/8/8/8/8/3QK3 w - - 0 1", "d1d5")).toMatchObject({
      kind: "blunder",
      score: -3,
    });
    // A knight put where a pawn takes it: 3 lost.
    expect(evaluateMove("4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3d5")).toMatchObject({
      kind: "blunder",
      materialNet: -3,
    });
    // A pawn pushed where a pawn takes it: 1 lost.
    expect(evaluateMove("4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1", "e2e4")).toMatchObject({
      kind: "mistake",
      score: -1,
    });
  });
  it("tells quiet, forcing and castling moves apart", () => {
    expect(evaluateMove(START_FEN, "g1f3")).toMatchObject({ kind: "good", score: 0.3 });
    expect(evaluateMove("r3k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1")).toMatchObject({
      kind: "interesting",
      score: 0.2,
    });
    expect(evaluateMove("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8")).toMatchObject({
      kind: "interesting",
      score: 0.5,
    });
    expect(evaluateMove("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1d2")).toMatchObject({
      kind: "inaccuracy",
      score: -0.1,
    });
  });
  it("returns null for illegal moves", () => {
    expect(evaluateMove(START_FEN, "e2e5")).toBeNull();
    expect(evaluateMove("nonsense", "e2e4")).toBeNull();
  });
});
