import { Chess } from "chess.js";
import { OPENINGS, type Opening } from "./opening-list";

// The list and the look-ups by ECO and name have a module without chess.js, so a screen that only lists or names
// openings (the trainer's opening filter) does not load chess.js with them.
export { OPENINGS, type Opening, openingForEco, openingForName } from "./opening-list";

/**
 * The move orders that define each opening, in standard notation from the start. A game is classified by the
 * deepest of these positions it reaches (compared by placement and side to move, so transpositions count):
 * 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 is the Two Knights Defense, not merely the Italian Game.
 */
const DEFINING_LINES: readonly (readonly [string, string])[] = [
  ["Alekhine's Defense", "e4 Nf6"],
  ["Benoni Defense", "d4 c5"],
  ["Benoni Defense", "d4 Nf6 c4 c5 d5"],
  ["Bird's Opening", "f4"],
  ["Bogo-Indian Defense", "d4 Nf6 c4 e6 Nf3 Bb4+"],
  ["Caro-Kann Defense", "e4 c6"],
  ["Catalan Opening", "d4 Nf6 c4 e6 g3"],
  ["Catalan Opening", "d4 d5 c4 e6 Nf3 Nf6 g3"],
  ["Dutch Defense", "d4 f5"],
  ["English Opening", "c4"],
  ["Four Knights Game", "e4 e5 Nf3 Nc6 Nc3 Nf6"],
  ["French Defense", "e4 e6"],
  ["Grünfeld Defense", "d4 Nf6 c4 g6 Nc3 d5"],
  ["Italian Game", "e4 e5 Nf3 Nc6 Bc4"],
  ["King's Gambit", "e4 e5 f4"],
  ["King's Indian Defense", "d4 Nf6 c4 g6 Nc3 Bg7"],
  ["London System", "d4 d5 Bf4"],
  ["London System", "d4 Nf6 Bf4"],
  ["London System", "d4 d5 Nf3 Nf6 Bf4"],
  ["London System", "d4 Nf6 Nf3 e6 Bf4"],
  ["Modern Defense", "e4 g6"],
  ["Nimzo-Indian Defense", "d4 Nf6 c4 e6 Nc3 Bb4"],
  ["Petrov's Defense", "e4 e5 Nf3 Nf6"],
  ["Philidor Defense", "e4 e5 Nf3 d6"],
  ["Pirc Defense", "e4 d6"],
  ["Pirc Defense", "e4 d6 d4 Nf6 Nc3 g6"],
  ["Queen's Gambit", "d4 d5 c4"],
  ["Queen's Indian Defense", "d4 Nf6 c4 e6 Nf3 b6"],
  ["Ruy Lopez", "e4 e5 Nf3 Nc6 Bb5"],
  ["Scandinavian Defense", "e4 d5"],
  ["Scotch Game", "e4 e5 Nf3 Nc6 d4"],
  ["Sicilian Defense", "e4 c5"],
  ["Slav Defense", "d4 d5 c4 c6"],
  ["Two Knights Defense", "e4 e5 Nf3 Nc6 Bc4 Nf6"],
  ["Vienna Game", "e4 e5 Nc3"],
];

/** Placement and side to move: the part of a FEN that identifies an opening position. */
function positionKey(fen: string): string {
  return fen.split(" ").slice(0, 2).join(" ");
}

let definingPositions: Map<string, { opening: Opening; depth: number }> | undefined;

function openingPositions(): Map<string, { opening: Opening; depth: number }> {
  if (definingPositions) return definingPositions;
  definingPositions = new Map();
  for (const [name, line] of DEFINING_LINES) {
    const opening = OPENINGS.find((candidate) => candidate.name === name) as Opening;
    const board = new Chess();
    const moves = line.split(" ");
    for (const move of moves) board.move(move);
    definingPositions.set(positionKey(board.fen()), { opening, depth: moves.length });
  }
  return definingPositions;
}

/**
 * Classifies a game by its moves (standard notation from the standard start): the opening whose defining
 * position the game reaches deepest within its first 20 moves, or null. Illegal moves end the look-up.
 */
export function openingForMoves(sans: readonly string[]): Opening | null {
  const positions = openingPositions();
  const board = new Chess();
  let best: { opening: Opening; depth: number } | null = null;
  for (const san of sans.slice(0, 40)) {
    try {
      board.move(san);
    } catch {
      break;
    }
    const found = positions.get(positionKey(board.fen()));
    if (found && (!best || found.depth >= best.depth)) best = found;
  }
  return best?.opening ?? null;
}
