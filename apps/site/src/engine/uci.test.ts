import { describe, expect, it } from "vitest";
import { parseBestMove, parseInfo } from "./uci";

describe("parseInfo", () => {
  it("reads depth, score, bound and line", () => {
    expect(
      parseInfo(
        "info depth 14 seldepth 20 multipv 1 score cp -35 upperbound nodes 1 nps 2 time 3 pv e7e5 g1f3",
      ),
    ).toEqual({ depth: 14, multipv: 1, scoreCp: -35, bound: "upper", pv: ["e7e5", "g1f3"] });
    expect(parseInfo("info depth 3 multipv 2 score mate -2 pv h7h6")).toEqual({
      depth: 3,
      multipv: 2,
      mateIn: -2,
      pv: ["h7h6"],
    });
  });

  it("ignores lines without a score and a line", () => {
    expect(parseInfo("info string NNUE evaluation using nn-61e7af4bb97d.nnue enabled")).toBeNull();
    expect(parseInfo("info depth 10 currmove e2e4 currmovenumber 1")).toBeNull();
    expect(parseInfo("info depth 0 score cp 0")).toBeNull();
    expect(parseInfo("bestmove e2e4")).toBeNull();
  });
});

describe("parseBestMove", () => {
  it("reads the move, and null when there is none", () => {
    expect(parseBestMove("bestmove e7e8q ponder a1a2")).toEqual({ move: "e7e8q" });
    expect(parseBestMove("bestmove (none)")).toEqual({ move: null });
    expect(parseBestMove("readyok")).toBeNull();
  });
});
