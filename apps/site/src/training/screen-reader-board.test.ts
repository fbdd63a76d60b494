import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { movesBetween } from "./screen-reader-board";

const rules = { Chess };
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const after = (fen: string, ...moves: string[]) => {
  const chess = new Chess(fen);
  for (const move of moves) chess.move(move);
  return chess.fen();
};

describe("movesBetween (the moves the screen-reader mode says from two positions)", () => {
  it("finds one move, with its mover", () => {
    expect(movesBetween(rules, START, after(START, "e4"))).toEqual([{ san: "e4", color: "w" }]);
  });

  it("finds the player's move and the reply shown with it", () => {
    expect(movesBetween(rules, START, after(START, "Nf3", "d5"))).toEqual([
      { san: "Nf3", color: "w" },
      { san: "d5", color: "b" },
    ]);
  });

  it("reads an under-promotion", () => {
    const fen = "8/3P1k2/8/8/8/8/8/4K3 w - - 0 1";
    expect(movesBetween(rules, fen, after(fen, "d8=N+"))).toEqual([{ san: "d8=N+", color: "w" }]);
  });

  it("gives null for a position not reached so (a new puzzle)", () => {
    expect(movesBetween(rules, START, after(START, "e4", "e5", "Nf3"))).toBeNull();
    expect(movesBetween(rules, START, "8/8/8/8/8/8/8/K6k w - - 0 1")).toBeNull();
  });
});
