import { describe, expect, it } from "vitest";
import { checkFen, completeFen, START_FEN } from "./fen";
import { applyMove, isCorrectMove, toSan } from "./moves";

describe("completeFen", () => {
  it("completes a board-only FEN with the spec's defaults", () => {
    expect(completeFen("8/8/8/8/8/8/8/K6k")).toBe("8/8/8/8/8/8/8/K6k w KQkq - 0 1");
  });
  it("keeps the fields that are given", () => {
    expect(completeFen("8/8/8/8/8/8/8/K6k b - e3")).toBe("8/8/8/8/8/8/8/K6k b - e3 0 1");
    expect(completeFen(` ${START_FEN} `)).toBe(START_FEN);
  });
});

describe("checkFen", () => {
  it("accepts a legal position and says why a bad one is refused", () => {
    expect(checkFen(START_FEN)).toEqual({ ok: true, fen: START_FEN });
    const missingKing = checkFen("8/8/8/8/8/8/8/7k w - - 0 1");
    expect(missingKing.ok).toBe(false);
    expect(checkFen("").ok).toBe(false);
    expect(checkFen("not a fen").ok).toBe(false);
  });
});

describe("applyMove", () => {
  it("plays coordinate and standard notation alike", () => {
    const a = applyMove(START_FEN, "e2e4");
    const b = applyMove(START_FEN, "e4");
    expect(a).toMatchObject({ ok: true, san: "e4", uci: "e2e4" });
    expect(b).toEqual(a);
  });
  it("promotes to a queen by default", () => {
    const result = applyMove("8/4P3/8/8/8/8/8/k6K w - - 0 1", "e7e8");
    expect(result).toMatchObject({ ok: true, san: "e8=Q", uci: "e7e8q" });
  });
  it("refuses illegal moves and broken positions", () => {
    expect(applyMove(START_FEN, "e2e5")).toEqual({ ok: false, reason: "illegal-move" });
    expect(applyMove(START_FEN, "Nf6")).toEqual({ ok: false, reason: "illegal-move" });
    expect(applyMove("garbage", "e2e4")).toEqual({ ok: false, reason: "invalid-position" });
  });
  it("does not change the caller's position", () => {
    applyMove(START_FEN, "e4");
    expect(toSan(START_FEN, "e2e4")).toBe("e4");
  });
});

describe("isCorrectMove", () => {
  it("matches a played move against listed moves in either notation", () => {
    expect(isCorrectMove(START_FEN, "g1f3", ["Nf3", "d4"])).toBe(true);
    expect(isCorrectMove(START_FEN, "Nf3", ["e2e4", "g1f3"])).toBe(true);
    expect(isCorrectMove(START_FEN, "a2a3", ["e2e4", "g1f3"])).toBe(false);
  });
  it("ignores check and mate marks", () => {
    const scholar = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3";
    expect(isCorrectMove(scholar, "h5f7", ["Qxf7"])).toBe(true);
    expect(isCorrectMove(scholar, "Qxf7#", ["h5f7"])).toBe(true);
  });
});
