import type { Position } from "@ct/contract";
import { describe, expect, it } from "vitest";
import type { HintLevel } from "../hint-levels/types";
import { boardHintsFor as boardHintsWith } from "./board-hints";
import { chessRules } from "./chess-rules";
import { playMove } from "./rules";
import { testPosition } from "./test-position";

/** A puzzle of one position: its correct moves, and the solution line of a multi-move puzzle. */
function puzzle(fen: string, correctMoves: string[], solution: string[] = []): Position {
  return testPosition(fen, { correct_moves: correctMoves, solution });
}

/** The position after a line of coordinate moves. */
function after(fen: string, moves: string[]): string {
  return moves.reduce((current, move) => {
    const played = playMove(chessRules, current, move);
    if (!played) throw new Error(`${move} is not legal in ${current}`);
    return played.fen;
  }, fen);
}

/** White to move: Nc7+ forks the king on e8 and the rook on a8. */
const KNIGHT_FORK = "r3k3/pp3ppp/8/3N4/8/8/PP3PPP/4K3 w - - 0 1";
/** Back rank: Re8 mates. */
const BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1";
/** Back rank in two: 1.Re8+ Rxe8 2.Rxe8#. */
const TWO_MOVER = "3r2k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** The board's drawing of a hint level, with the flow's chess rules. */
const boardHintsFor = (position: Position, fen: string, ply: number, level: HintLevel) =>
  boardHintsWith(chessRules, position, fen, ply, level);

describe("boardHintsFor", () => {
  const fork = puzzle(KNIGHT_FORK, ["d5c7"]);

  it("draws nothing at level none", () => {
    expect(boardHintsFor(fork, KNIGHT_FORK, 0, "none")).toEqual({ from: null, to: null, arrows: [] });
  });

  it("rings only the piece to move at level subtle", () => {
    expect(boardHintsFor(fork, KNIGHT_FORK, 0, "subtle")).toEqual({ from: "d5", to: null, arrows: [] });
  });

  it("points the idea of a fork at the king when the move gives check", () => {
    expect(boardHintsFor(fork, KNIGHT_FORK, 0, "moderate")).toEqual({
      from: "d5",
      to: "c7",
      arrows: [{ from: "c7", to: "e8", kind: "idea" }],
    });
    expect(boardHintsFor(fork, KNIGHT_FORK, 0, "explicit")).toEqual({
      from: "d5",
      to: "c7",
      arrows: [
        { from: "c7", to: "e8", kind: "idea" },
        { from: "d5", to: "c7", kind: "hint" },
      ],
    });
  });

  it("points at the most valuable piece of a fork without check, defended or not", () => {
    // Nf7 attacks the queen on d8 and the rook on h8, which defend each other: both are worth more than a knight.
    const fen = "3q3r/8/8/4N3/8/8/8/K6k w - - 0 1";
    expect(boardHintsFor(puzzle(fen, ["e5f7"]), fen, 0, "moderate").arrows).toEqual([
      { from: "f7", to: "d8", kind: "idea" },
    ]);
  });

  it("points at the king a back-rank mate attacks", () => {
    expect(boardHintsFor(puzzle(BACK_RANK, ["e1e8"]), BACK_RANK, 0, "moderate")).toEqual({
      from: "e1",
      to: "e8",
      arrows: [{ from: "e8", to: "g8", kind: "idea" }],
    });
  });

  it("draws a discovered attack from the piece the move uncovers", () => {
    // The knight leaves the long diagonal: the bishop on b2 now attacks the rook on h8.
    const fen = "k6r/8/8/8/3N4/8/1B6/4K3 w - - 0 1";
    expect(boardHintsFor(puzzle(fen, ["d4b5"]), fen, 0, "moderate").arrows).toEqual([
      { from: "b2", to: "h8", kind: "idea" },
    ]);
  });

  it("has no idea arrow when the move attacks nothing, or only a defended piece of the same worth", () => {
    expect(boardHintsFor(puzzle(START, ["e2e4"]), START, 0, "explicit")).toEqual({
      from: "e2",
      to: "e4",
      arrows: [{ from: "e2", to: "e4", kind: "hint" }],
    });
    const defended = "4k3/8/3p4/4n3/8/8/3N4/4K3 w - - 0 1";
    expect(boardHintsFor(puzzle(defended, ["d2f3"]), defended, 0, "moderate").arrows).toEqual([]);
    // Without the pawn on d6 the knight on e5 hangs.
    const hanging = "4k3/8/8/4n3/8/8/3N4/4K3 w - - 0 1";
    expect(boardHintsFor(puzzle(hanging, ["d2f3"]), hanging, 0, "moderate").arrows).toEqual([
      { from: "f3", to: "e5", kind: "idea" },
    ]);
  });

  it("points at the solver's move of the line at each of the solver's plies", () => {
    const line = ["e2e8", "d8e8", "e1e8"];
    const twoMover = puzzle(TWO_MOVER, ["e2e8"], line);
    expect(boardHintsFor(twoMover, TWO_MOVER, 0, "subtle")).toEqual({ from: "e2", to: null, arrows: [] });
    // The opponent's reply is the trainer's to play, not a hint.
    expect(boardHintsFor(twoMover, after(TWO_MOVER, line.slice(0, 1)), 1, "explicit")).toEqual({
      from: null,
      to: null,
      arrows: [],
    });
    expect(boardHintsFor(twoMover, after(TWO_MOVER, line.slice(0, 2)), 2, "explicit")).toEqual({
      from: "e1",
      to: "e8",
      arrows: [
        { from: "e8", to: "g8", kind: "idea" },
        { from: "e1", to: "e8", kind: "hint" },
      ],
    });
  });

  it("draws nothing past the end of the line or when the move does not fit the board", () => {
    expect(boardHintsFor(fork, KNIGHT_FORK, 1, "explicit").arrows).toEqual([]);
    expect(boardHintsFor(fork, START, 0, "explicit")).toEqual({ from: null, to: null, arrows: [] });
  });
});
