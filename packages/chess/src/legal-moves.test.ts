import { Chess as ChessJs } from "chess.js";
import { Chess, normalizeMove } from "chessops/chess";
import { parseFen } from "chessops/fen";
import type { NormalMove } from "chessops/types";
import { parseUci } from "chessops/util";
import { describe, expect, it } from "vitest";
import { legalMoves, matingMoves, uciOf } from "./legal-moves";

const { readTestData } = (await import("../../../testdata/read.mjs" as string)) as {
  readTestData(name: string): string;
};

/** Every mating move found the slow way: each legal move played out. */
function everyMate(position: Chess): string[] {
  return legalMoves(position)
    .filter((move) => {
      const after = position.clone();
      after.play(move);
      return after.isCheckmate();
    })
    .map((move) => uciOf(position, move))
    .sort();
}

/** Every mating move by chess.js, in coordinate form, sorted. */
function mates(fen: string): string[] {
  return new ChessJs(fen)
    .moves({ verbose: true })
    .filter((move) => move.san.endsWith("#"))
    .map((move) => `${move.from}${move.to}${move.promotion ?? ""}`)
    .sort();
}

describe("matingMoves", () => {
  it.each([
    ["two mates, rook and queen", "6k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1"],
    ["a discovered mate by the knight moving off the rook's file", "k7/8/1K6/N7/8/8/8/R7 w - - 0 1"],
    ["promotions to a queen and a rook", "k7/7P/1K6/8/8/8/8/8 w - - 0 1"],
    ["no mate at all", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"],
  ])("finds every mate that chess.js finds: %s", (_name, fen) => {
    const position = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    expect(matingMoves(position)).toEqual(mates(fen));
  });

  it("finds the discovered mate and both promotions", () => {
    expect(mates("k7/8/1K6/N7/8/8/8/R7 w - - 0 1")).toContain("a5c6");
    expect(mates("k7/7P/1K6/8/8/8/8/8 w - - 0 1")).toEqual(["h7h8q", "h7h8r"]);
  });

  it("misses no mating move on any of the 5,628 positions of 1,500 lichess lines", () => {
    const rows = readTestData("lichess/puzzles-sample-1500.csv").trim().split("\n").slice(1);
    let positions = 0;
    let withMate = 0;
    for (const row of rows) {
      const [, fen, moves] = row.split(",");
      const position = Chess.fromSetup(parseFen(fen as string).unwrap()).unwrap();
      for (const uci of (moves as string).split(" ")) {
        const expected = everyMate(position);
        expect(matingMoves(position), `${row.split(",")[0]} before ${uci}`).toEqual(expected);
        positions++;
        if (expected.length > 0) withMate++;
        position.play(normalizeMove(position, parseUci(uci) as NormalMove));
      }
    }
    expect(positions).toBeGreaterThan(5000);
    expect(withMate).toBeGreaterThan(300);
  });
});
