import { START_FEN } from "@ct/chess";
import { describe, expect, it } from "vitest";
import {
  analysisAddress,
  evaluationOf,
  numberedSans,
  readAnalysisAddress,
  safeBack,
  shownLines,
} from "./analysis-lines";

const WHITE_TO_MOVE = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 31";
const BLACK_TO_MOVE = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

describe("the analysis board's address", () => {
  it("carries the position and a way back that stays on the site", () => {
    const address = analysisAddress(BLACK_TO_MOVE, "/training/middlegame?puzzle=12");
    expect(address.startsWith("/analysis?fen=")).toBe(true);
    const read = readAnalysisAddress(address.slice(address.indexOf("?")));
    expect(read).toEqual({ fen: BLACK_TO_MOVE, invalid: false, back: "/training/middlegame?puzzle=12" });
  });

  it("never goes back to another site, and shows the start for a missing or broken position", () => {
    for (const bad of ["//evil.example", "https://evil.example", "javascript:alert(1)", "/\\evil", "", null])
      expect(safeBack(bad), String(bad)).toBeNull();
    expect(readAnalysisAddress("")).toEqual({ fen: START_FEN, invalid: false, back: null });
    expect(readAnalysisAddress("?fen=not+a+fen&back=//x")).toEqual({
      fen: START_FEN,
      invalid: true,
      back: null,
    });
    const short = readAnalysisAddress(`?fen=${encodeURIComponent("8/8/8/4k3/8/4K3/4P3/8 w")}`);
    expect(short.invalid).toBe(false);
    expect(short.fen.startsWith("8/8/8/4k3/8/4K3/4P3/8 w")).toBe(true);
  });
});

describe("the engine's lines as the panel shows them", () => {
  it("gives evaluations from White's side, in pawns or moves to mate", () => {
    expect(evaluationOf({ cp: 125 }, WHITE_TO_MOVE)).toEqual({ text: "+1.25", favours: "white" });
    expect(evaluationOf({ cp: 125 }, BLACK_TO_MOVE)).toEqual({ text: "\u22121.25", favours: "black" });
    expect(evaluationOf({ cp: -40 }, WHITE_TO_MOVE)).toEqual({ text: "\u22120.40", favours: "black" });
    expect(evaluationOf({ cp: 0 }, BLACK_TO_MOVE)).toEqual({ text: "0.00", favours: "even" });
    expect(evaluationOf({ mate: 1 }, WHITE_TO_MOVE)).toEqual({ text: "#1", favours: "white", mate: 1 });
    expect(evaluationOf({ mate: 2 }, BLACK_TO_MOVE)).toEqual({ text: "#\u22122", favours: "black", mate: 2 });
    expect(evaluationOf({ mate: -3 }, BLACK_TO_MOVE)).toEqual({ text: "#3", favours: "white", mate: 3 });
  });

  it("numbers the moves from the position, for either side to move", () => {
    expect(numberedSans(WHITE_TO_MOVE, ["Re8#"])).toBe("31. Re8#");
    expect(numberedSans(BLACK_TO_MOVE, ["Nf6", "Nc3", "Bc5"])).toBe("2... Nf6 3. Nc3 Bc5");
    expect(numberedSans(START_FEN, ["e4", "e5", "Nf3"])).toBe("1. e4 e5 2. Nf3");
  });

  it("turns the engine's coordinate lines into notation and leaves out a line that is not legal", () => {
    const lines = shownLines(BLACK_TO_MOVE, [
      { pv: ["g8f6", "b1c3", "f8c5"], cp: -20, depth: 12, multipv: 1 },
      { pv: ["e1e8"], cp: 0, depth: 12, multipv: 2 },
      { pv: ["f8c5", "f3e5", "c6e5", "d2d4"], cp: -35, depth: 12, multipv: 3 },
    ]);
    expect(lines.map((line) => line.moves)).toEqual(["2... Nf6 3. Nc3 Bc5", "2... Bc5 3. Nxe5 Nxe5 4. d4"]);
    expect(lines[0]).toMatchObject({ firstMove: "g8f6", firstSan: "Nf6", depth: 12 });
    expect(lines[0]?.evaluation).toEqual({ text: "+0.20", favours: "white" });
    expect(
      shownLines(WHITE_TO_MOVE, [{ pv: ["e1e8", "g8f8"], mate: 1, depth: 5, multipv: 1 }], 1)[0]?.moves,
    ).toBe("31. Re8#");
  });
});
