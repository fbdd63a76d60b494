import { describe, expect, it } from "vitest";
import { classOf, firstSlip, type JudgedMove, judge, WIN_CP } from "./judge";

const LUCENA = "1K6/1P1k4/8/8/8/8/r7/2R5 w - - 0 1";
const QUEEN_FINISH = "7k/8/5K2/8/8/8/4Q3/8 w - - 0 1";
const PHILIDOR = "4k3/R7/8/3KP3/8/8/8/1r6 b - - 0 1";

describe("classOf", () => {
  it("reads mates and centipawns from the side to move, for the player", () => {
    expect(classOf({ mate: 3 }, true)).toBe("win");
    expect(classOf({ mate: 3 }, false)).toBe("loss");
    expect(classOf({ mate: -2 }, false)).toBe("win");
    expect(classOf({ mate: 0 }, false)).toBe("win");
    expect(classOf({ cp: WIN_CP }, true)).toBe("win");
    expect(classOf({ cp: WIN_CP - 1 }, true)).toBe("draw");
    expect(classOf({ cp: -WIN_CP }, true)).toBe("loss");
    expect(classOf({ cp: 120 }, false)).toBe("draw");
    expect(classOf({ cp: 600 }, false)).toBe("loss");
  });
});

describe("judging a win", () => {
  // Recorded with Stockfish 19 lite at 30,000 nodes: Lucena +451 (best 1.Rc5); after 1.Rc6?? (the king takes the
  // rook) Black to move scores +66, a draw; after 1.Rd1+ Black scores -452.
  const slip: JudgedMove = {
    fenBefore: LUCENA,
    uci: "c1c6",
    before: { cp: 451 },
    bestMove: "c1c5",
    after: { cp: 66 },
  };
  const good: JudgedMove = {
    fenBefore: LUCENA,
    uci: "c1d1",
    before: { cp: 451 },
    bestMove: "c1c5",
    after: { cp: -452 },
  };

  it("fails on the move where the win slipped and names the better move", () => {
    const verdict = judge({
      goal: { kind: "promote", moves: 15 },
      player: "white",
      moves: [slip],
      fen: "1K6/1P1k4/2R5/8/8/8/r7/8 b - - 1 1",
    });
    expect(verdict).toMatchObject({
      status: "failed",
      reason: "slipped",
      moveIndex: 0,
      played: "Rc6",
      from: "win",
      to: "draw",
      better: { san: "Rc5", uci: "c1c5" },
    });
  });

  it("goes on while the win is kept, and fails at the move limit", () => {
    const fen = "1K6/1P1k4/8/8/8/8/r7/3R4 b - - 1 1";
    expect(judge({ goal: { kind: "promote", moves: 15 }, player: "white", moves: [good], fen })).toEqual({
      status: "playing",
    });
    expect(judge({ goal: { kind: "promote", moves: 1 }, player: "white", moves: [good], fen })).toEqual({
      status: "failed",
      reason: "move-limit",
    });
  });

  it("passes at a promotion that keeps the win", () => {
    const promotion: JudgedMove = {
      fenBefore: "2K5/1P6/8/1R1k4/8/8/8/r7 w - - 0 1",
      uci: "b7b8q",
      before: { cp: 1500 },
      bestMove: "b7b8q",
      after: { mate: -12 },
    };
    const verdict = judge({
      goal: { kind: "promote", moves: 15 },
      player: "white",
      moves: [good, promotion],
      fen: "1QK5/8/8/1R1k4/8/8/8/r7 b - - 0 2",
    });
    expect(verdict).toEqual({ status: "passed", reason: "promotion" });
  });

  it("passes at mate, and fails at a stalemate naming the move and the better one", () => {
    const mate: JudgedMove = { fenBefore: QUEEN_FINISH, uci: "e2h5", before: { mate: 2 }, bestMove: "f6f7" };
    // Not a real mate from QUEEN_FINISH in one; the judge reads the position it is given.
    expect(
      judge({
        goal: { kind: "mate", moves: 3 },
        player: "white",
        moves: [mate],
        fen: "7k/7Q/6K1/8/8/8/8/8 b - - 0 1",
      }),
    ).toEqual({ status: "passed", reason: "mate" });
    // "Mate, not stalemate": 1.Kc7?? takes the king's last square; the game is over, so no search after it.
    const stalemate: JudgedMove = {
      fenBefore: "k7/8/2K5/8/8/8/8/6Q1 w - - 0 1",
      uci: "c6c7",
      before: { mate: 2 },
      bestMove: "g1g7",
    };
    expect(
      judge({
        goal: { kind: "mate", moves: 3 },
        player: "white",
        moves: [stalemate],
        fen: "k7/2K5/8/8/8/8/8/6Q1 b - - 1 1",
      }),
    ).toMatchObject({
      status: "failed",
      reason: "slipped",
      moveIndex: 0,
      played: "Kc7",
      better: { san: "Qg7", uci: "g1g7" },
      from: "win",
      to: "draw",
    });
  });

  it("passes a win goal once the opponent has a bare king and the player can still mate", () => {
    const capture: JudgedMove = {
      fenBefore: "8/8/8/8/8/5k2/4p3/4QK2 w - - 0 1",
      uci: "e1e2",
      before: { mate: 9 },
      bestMove: "e1e2",
      after: { mate: -8 },
    };
    const afterCapture = "8/8/8/8/8/5k2/4Q3/5K2 b - - 0 1";
    expect(
      judge({ goal: { kind: "win", moves: 25 }, player: "white", moves: [capture], fen: afterCapture }),
    ).toEqual({
      status: "passed",
      reason: "bare-king",
    });
  });
});

describe("judging a draw", () => {
  it("fails when the draw slips to a loss, not when it merely stays a draw", () => {
    // Recorded at 30,000 nodes: Philidor -9 for Black (best 1...Rb5+), +1 for White after 1...Rb6. The loss after
    // 1...Kf8 is made up: what matters here is its class.
    const held: JudgedMove = {
      fenBefore: PHILIDOR,
      uci: "b1b6",
      before: { cp: -9 },
      bestMove: "b1b5",
      after: { cp: 1 },
    };
    const slip: JudgedMove = {
      fenBefore: PHILIDOR,
      uci: "e8f8",
      before: { cp: -9 },
      bestMove: "b1b5",
      after: { cp: 420 },
    };
    expect(firstSlip({ kind: "draw", moves: 12 }, [held])).toBeNull();
    expect(firstSlip({ kind: "draw", moves: 12 }, [held, slip])).toMatchObject({
      moveIndex: 1,
      from: "draw",
      to: "loss",
      played: "Kf8",
      better: { san: "Rb5+", uci: "b1b5" },
    });
  });

  it("passes when the position is held for the goal's moves or the game ends drawn", () => {
    const held: JudgedMove = {
      fenBefore: PHILIDOR,
      uci: "b1b6",
      before: { cp: -9 },
      bestMove: "b1b5",
      after: { cp: 1 },
    };
    const fen = "4k3/R7/1r6/3KP3/8/8/8/8 w - - 1 2";
    expect(judge({ goal: { kind: "draw", moves: 2 }, player: "black", moves: [held], fen })).toEqual({
      status: "playing",
    });
    expect(judge({ goal: { kind: "draw", moves: 1 }, player: "black", moves: [held], fen })).toEqual({
      status: "passed",
      reason: "held",
    });
    expect(
      judge({
        goal: { kind: "draw", moves: 8 },
        player: "black",
        moves: [held],
        fen: "8/8/8/4k3/8/8/8/7K w - - 0 3",
      }),
    ).toEqual({ status: "passed", reason: "drawn-end" });
  });
});
