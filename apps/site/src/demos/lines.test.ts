import { START_FEN } from "@ct/chess";
import { describe, expect, it } from "vitest";
import {
  fenOf,
  HIGHLIGHT_START,
  lastMoveOf,
  lineFrom,
  NOTATION_LINE_IDS,
  notationLine,
  playMove,
  replay,
  showMove,
  turnOf,
  undoMove,
} from "./lines";

describe("notation demo lines", () => {
  it("has the three samples of the spec, in order", () => {
    expect(NOTATION_LINE_IDS).toEqual(["start", "sicilian", "endgame"]);
  });

  it("starts the starting position without moves", () => {
    const line = notationLine("start");
    expect(line.moves).toEqual([]);
    expect(line.current).toBe(-1);
    expect(fenOf(line)).toBe(START_FEN);
    expect(lastMoveOf(line)).toBeNull();
  });

  it("plays the Najdorf to the castled position", () => {
    const line = notationLine("sicilian");
    expect(line.moves.map((move) => move.san)).toEqual([
      "e4",
      "c5",
      "Nf3",
      "d6",
      "d4",
      "cxd4",
      "Nxd4",
      "Nf6",
      "Nc3",
      "a6",
      "Be2",
      "e5",
      "Nb3",
      "Be7",
      "O-O",
      "O-O",
    ]);
    expect(line.current).toBe(15);
    expect(fenOf(line)).toBe("rnbq1rk1/1p2bppp/p2p1n2/4p3/4P3/1NN5/PPP1BPPP/R1BQ1RK1 w - - 4 9");
    expect(fenOf(showMove(line, 9))).toBe("rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6");
  });

  it("promotes the pawn in the king and pawn ending", () => {
    const line = notationLine("endgame");
    expect(line.moves.at(-1)).toMatchObject({ san: "e8=Q", from: "e7", to: "e8" });
    expect(fenOf(line)).toBe("4Q3/3K2k1/8/8/8/8/8/8 b - - 0 5");
  });

  it("refuses an illegal move in fixed data", () => {
    expect(() => replay(START_FEN, ["e5"])).toThrow(/e5 is not legal/);
  });
});

describe("stepping through a line", () => {
  const line = lineFrom(START_FEN, ["e4", "e5", "Nf3"]);

  it("clamps to the starting position and the last move", () => {
    expect(showMove(line, -5).current).toBe(-1);
    expect(showMove(line, 99).current).toBe(2);
    expect(showMove(line, 2)).toBe(line);
    expect(lastMoveOf(showMove(line, 0))).toMatchObject({ san: "e4", from: "e2", to: "e4" });
  });

  it("plays after the move on show and drops what followed", () => {
    const branched = playMove(showMove(line, 0), "c5");
    expect(branched?.moves.map((move) => move.san)).toEqual(["e4", "c5"]);
    expect(branched?.current).toBe(1);
  });

  it("plays coordinate moves, promoting to a queen by default, and refuses illegal ones", () => {
    const end = lineFrom("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    expect(playMove(end, "e7e8")?.moves[0]?.san).toBe("e8=Q");
    expect(playMove(line, "e2e4")).toBeNull();
  });

  it("takes back the last move", () => {
    expect(undoMove(line).moves.map((move) => move.san)).toEqual(["e4", "e5"]);
    expect(undoMove(showMove(line, 0)).current).toBe(0);
    const empty = lineFrom(START_FEN);
    expect(undoMove(empty)).toBe(empty);
  });
});

describe("move numbers of a position", () => {
  it("reads side to move and move number", () => {
    expect(turnOf(START_FEN)).toEqual({ color: "w", moveNumber: 1 });
    expect(turnOf("4k3/8/8/8/8/8/8/4K3 b - - 0 42")).toEqual({ color: "b", moveNumber: 42 });
    expect(turnOf("4k3/8/8/8/8/8/8/4K3 w")).toEqual({ color: "w", moveNumber: 1 });
  });

  it("the highlighting demo starts with White able to give check", () => {
    const line = lineFrom(HIGHLIGHT_START.startFen, HIGHLIGHT_START.moves);
    expect(lastMoveOf(line)).toMatchObject({ from: "f7", to: "f5" });
    expect(playMove(line, "Qh5+")?.moves.at(-1)?.san).toBe("Qh5+");
  });
});
