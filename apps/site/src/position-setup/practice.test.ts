import { describe, expect, it } from "vitest";
import { playPracticeMove, practiceFen, practiceOutcome, startPractice, undoPracticeMove } from "./practice";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

describe("practice", () => {
  it("plays legal moves only and takes them back", () => {
    let practice = startPractice(START);
    expect(playPracticeMove(practice, "e2e5")).toBeNull();
    practice = playPracticeMove(practice, "e2e4") ?? practice;
    practice = playPracticeMove(practice, "e5") ?? practice;
    expect(practice.moves.map((move) => move.san)).toEqual(["e4", "e5"]);
    expect(practiceOutcome(practice)).toEqual({ kind: "to-move", side: "w" });
    practice = undoPracticeMove(practice);
    expect(practiceFen(practice)).toBe("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    expect(undoPracticeMove(undoPracticeMove(practice))).toEqual(startPractice(START));
  });

  it("starts from a set-up position with black to move and promotes to a queen", () => {
    const practice = playPracticeMove(startPractice("4k3/8/8/8/8/8/p7/4K3 b - - 0 1"), "a2a1");
    expect(practice?.moves[0]?.san).toBe("a1=Q+");
    expect(practice && practiceOutcome(practice)).toEqual({ kind: "check", side: "w" });
  });

  it("ends at mate and stalemate; no move is taken after the end", () => {
    const mated = playPracticeMove(startPractice("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), "Ra8");
    expect(mated && practiceOutcome(mated)).toEqual({ kind: "checkmate", winner: "w" });
    expect(mated && playPracticeMove(mated, "Kh1")).toBeNull();
    const stalemate = playPracticeMove(startPractice("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), "Qf7");
    expect(stalemate && practiceOutcome(stalemate)).toEqual({ kind: "stalemate" });
  });

  it("calls a draw on bare kings, after fifty moves and on the third repetition", () => {
    const fifty = playPracticeMove(startPractice("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), "Ra2");
    expect(fifty && practiceOutcome(fifty)).toEqual({ kind: "draw", reason: "fifty-moves" });
    const bare = playPracticeMove(startPractice("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"), "Kxd2");
    expect(bare && practiceOutcome(bare)).toEqual({ kind: "draw", reason: "material" });
    let practice = startPractice(START);
    for (const move of ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]) {
      practice = playPracticeMove(practice, move) ?? practice;
      expect(practiceOutcome(practice).kind).not.toBe("draw");
    }
    practice = playPracticeMove(practice, "Ng8") ?? practice;
    expect(practice.moves).toHaveLength(8);
    expect(practiceOutcome(practice)).toEqual({ kind: "draw", reason: "repetition" });
  });
});
