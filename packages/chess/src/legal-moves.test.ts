import { Chess as ChessJs } from "chess.js";
import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { describe, expect, it } from "vitest";
import { matingMoves } from "./legal-moves";

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
});
