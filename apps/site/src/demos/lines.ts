import { applyMove, START_FEN } from "@ct/chess";

/** One played move of a line: its standard notation, its squares and the position after it. */
export interface LineMove {
  san: string;
  from: string;
  to: string;
  /** The position after the move. */
  fen: string;
}

/** A line: the position it starts from, the moves played, and the move on show (-1: the starting position). */
export interface Line {
  startFen: string;
  moves: LineMove[];
  current: number;
}

/**
 * Replays moves (standard notation or coordinates) from a position. Throws on an illegal move: the demo lines are
 * fixed data, so a wrong one is a programming error that the unit tests catch.
 */
export function replay(startFen: string, moves: readonly string[]): LineMove[] {
  const played: LineMove[] = [];
  let fen = startFen;
  for (const move of moves) {
    const result = applyMove(fen, move);
    if (!result.ok) throw new Error(`${move} is not legal in ${fen} (${result.reason})`);
    played.push({ san: result.san, from: result.from, to: result.to, fen: result.fen });
    fen = result.fen;
  }
  return played;
}

/** A line showing its last move, or the starting position when it has none. */
export function lineFrom(startFen: string, moves: readonly string[] = []): Line {
  const played = replay(startFen, moves);
  return { startFen, moves: played, current: played.length - 1 };
}

/** The position on show. */
export function fenOf(line: Line): string {
  return line.moves[line.current]?.fen ?? line.startFen;
}

/** The move that led to the position on show (null at the starting position). */
export function lastMoveOf(line: Line): LineMove | null {
  return line.moves[line.current] ?? null;
}

/** Shows another move of the line (clamped; -1 is the starting position). */
export function showMove(line: Line, index: number): Line {
  const current = Math.max(-1, Math.min(line.moves.length - 1, Math.trunc(index)));
  return current === line.current ? line : { ...line, current };
}

/**
 * Plays a move from the position on show. Moves after it are dropped (a new branch replaces them), as in any
 * analysis board. Returns null when the move is illegal.
 */
export function playMove(line: Line, move: string): Line | null {
  const result = applyMove(fenOf(line), move);
  if (!result.ok) return null;
  const moves = [
    ...line.moves.slice(0, line.current + 1),
    { san: result.san, from: result.from, to: result.to, fen: result.fen },
  ];
  return { ...line, moves, current: moves.length - 1 };
}

/** Takes back the last move of the line. */
export function undoMove(line: Line): Line {
  if (line.moves.length === 0) return line;
  const moves = line.moves.slice(0, -1);
  return { ...line, moves, current: Math.min(line.current, moves.length - 1) };
}

/** Side to move and full-move number of a FEN, for numbering a line's moves. */
export function turnOf(fen: string): { color: "w" | "b"; moveNumber: number } {
  const fields = fen.trim().split(/\s+/);
  const moveNumber = Number(fields[5]);
  return {
    color: fields[1] === "b" ? "b" : "w",
    moveNumber: Number.isInteger(moveNumber) && moveNumber >= 1 ? moveNumber : 1,
  };
}

/** The sample lines of the notation demo (spec section 2: Starting Position, Sicilian Defense, Simple Endgame). */
export const NOTATION_LINES = {
  start: { startFen: START_FEN, moves: [] },
  /**
   * The Najdorf Variation of the Sicilian Defence (ECO B92 after 6. Be2): captures, a knight recapture and castling
   * on both sides.
   */
  sicilian: {
    startFen: START_FEN,
    moves: [
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
    ],
  },
  /**
   * King and pawn against king: White's king takes the key squares in front of the pawn, which then promotes.
   * 1. Kd6 Kd8 2. e6 Ke8 3. e7 Kf7 4. Kd7 Kg7 5. e8=Q
   */
  endgame: {
    startFen: "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
    moves: ["Kd6", "Kd8", "e6", "Ke8", "e7", "Kf7", "Kd7", "Kg7", "e8=Q"],
  },
} as const satisfies Record<string, { startFen: string; moves: readonly string[] }>;

export type NotationLineId = keyof typeof NOTATION_LINES;
export const NOTATION_LINE_IDS = Object.keys(NOTATION_LINES) as NotationLineId[];

/** The line of a sample, showing its last move. */
export function notationLine(id: NotationLineId): Line {
  const sample = NOTATION_LINES[id];
  return lineFrom(sample.startFen, sample.moves);
}

/**
 * The move highlighting demo starts after 1. e4 f5: the last move is on the board at once, and White has a check
 * in one move (Qh5+).
 */
export const HIGHLIGHT_START = { startFen: START_FEN, moves: ["e4", "f5"] } as const;
