import { loadChessRules, type MoveFeedback } from "@ct/machines";
import { describe, expect, it } from "vitest";
import { mistakeOnBoard } from "./mistake-on-board";
import type { RefutationState } from "./use-refutation";

// Seed middle-game position 1: 23. Qxe7 wins a bishop; 23. Qd7? loses the queen to Rxd7.
const FEN = "3r1r1k/pp2b3/4Q1Pn/q1p5/3P4/8/PPP2PP1/1K1R4 w - - 0 23";
const mistake: MoveFeedback = {
  kind: "mistake",
  message: "mistake",
  evaluation: "mistake",
  score: -0.5,
  move: "Qd7",
  uci: "e6d7",
  fenBefore: FEN,
};
const done: RefutationState = {
  status: "done",
  move: "Qd7",
  summary: { kind: "reply", reply: "Rxd7", line: ["Rxd7", "a4"] },
};

const rules = await loadChessRules();

describe("a wrong move on the board", () => {
  it("first shows the wrong move itself, highlighted, without arrows", () => {
    const shown = mistakeOnBoard(rules, mistake, { status: "analysing", move: "Qd7" }, "move");
    expect(shown).toEqual({
      stage: "move",
      fen: "3r1r1k/pp1Qb3/6Pn/q1p5/3P4/8/PPP2PP1/1K1R4 b - - 1 23",
      lastMove: expect.objectContaining({ from: "e6", to: "d7" }),
      arrows: [],
    });
  });

  it("then plays the engine's reply on it with a red arrow", () => {
    const shown = mistakeOnBoard(rules, mistake, done, "reply");
    expect(shown).toEqual({
      stage: "reply",
      fen: "5r1k/pp1rb3/6Pn/q1p5/3P4/8/PPP2PP1/1K1R4 w - - 0 24",
      lastMove: { from: "d8", to: "d7" },
      arrows: [{ from: "d8", to: "d7", kind: "refutation" }],
    });
  });

  it("keeps the wrong move alone while the reply is unknown, and shows nothing once taken back", () => {
    expect(mistakeOnBoard(rules, mistake, { status: "failed", move: "Qd7" }, "reply")?.stage).toBe("move");
    expect(mistakeOnBoard(rules, mistake, done, "over")).toBeNull();
  });

  it("shows nothing for a right move, an illegal one, or no move", () => {
    expect(mistakeOnBoard(rules, { ...mistake, kind: "best", message: "correct" }, done, "move")).toBeNull();
    expect(mistakeOnBoard(rules, { ...mistake, kind: "invalid", uci: null }, done, "move")).toBeNull();
    expect(mistakeOnBoard(rules, null, done, "move")).toBeNull();
  });

  it("shows nothing before the chess rules have loaded (no move can have been judged yet)", () => {
    expect(mistakeOnBoard(null, mistake, done, "move")).toBeNull();
  });
});
