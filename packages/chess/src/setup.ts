import { Chess } from "chess.js";
import { isImpossibleCheck, isStandardMaterial, Chess as RulesPosition } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { completeFen, START_FEN } from "./fen";

/**
 * The position editor's rules (spec section 5): a board plus side to move, castling rights and en passant square,
 * written as a FEN and checked before it can be played.
 *
 * Decisions the spec leaves open:
 * - Move counters: the editor's FEN always ends in "0 1". The halfmove clock is set to 0 as the spec says; the
 *   move number starts again at 1, because a FEN's move number must be a positive integer (chess.js refuses 0).
 * - En passant: the square is kept as given (also from a pasted FEN), whether or not a pawn can take there. It is
 *   refused only when the board contradicts it: no pawn that has just advanced two squares past it.
 * - Castling rights the board contradicts (the king or the rook is not on its starting square) are dropped, not
 *   refused: the editor keeps what the user asked for and writes only the rights the board allows.
 */

export type SetupColor = "w" | "b";
export type SetupRole = "P" | "N" | "B" | "R" | "Q" | "K";
/** A piece as colour + letter, e.g. "wK" (the names react-chessboard uses). */
export type SetupPiece = `${SetupColor}${SetupRole}`;
/** Pieces by square, e.g. { e1: "wK", e8: "bK" }. */
export type Placement = Readonly<Record<string, SetupPiece>>;
export type CastlingRight = "K" | "Q" | "k" | "q";
export type CastlingRights = Readonly<Record<CastlingRight, boolean>>;

export interface Setup {
  placement: Placement;
  turn: SetupColor;
  /** The rights asked for; the FEN carries only those the board allows (see `allowedCastling`). */
  castling: CastlingRights;
  /** The en passant target square, e.g. "e6", or null. */
  enPassant: string | null;
}

export const SETUP_PIECES: readonly SetupPiece[] = [
  "wK",
  "wQ",
  "wR",
  "wB",
  "wN",
  "wP",
  "bK",
  "bQ",
  "bR",
  "bB",
  "bN",
  "bP",
];
export const CASTLING_RIGHTS: readonly CastlingRight[] = ["K", "Q", "k", "q"];

const FILES = "abcdefgh";
const ALL_RIGHTS: CastlingRights = { K: true, Q: true, k: true, q: true };
const NO_RIGHTS: CastlingRights = { K: false, Q: false, k: false, q: false };

/** Where king and rook stand for each castling right. */
const CASTLING_HOMES: Record<CastlingRight, { king: string; rook: string; color: SetupColor }> = {
  K: { king: "e1", rook: "h1", color: "w" },
  Q: { king: "e1", rook: "a1", color: "w" },
  k: { king: "e8", rook: "h8", color: "b" },
  q: { king: "e8", rook: "a8", color: "b" },
};

// ---- The board field ------------------------------------------------------------------------------------------

/** The first FEN field of a placement, e.g. "4k3/8/8/8/8/8/8/4K3". */
export function boardField(placement: Placement): string {
  const ranks: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = "";
    let empty = 0;
    for (const file of FILES) {
      const piece = placement[`${file}${rank}`];
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      row += piece[0] === "w" ? piece[1] : piece[1]?.toLowerCase();
    }
    if (empty > 0) row += String(empty);
    ranks.push(row);
  }
  return ranks.join("/");
}

/**
 * Reads the first FEN field strictly: eight ranks of eight squares, piece letters and single digits 1-8 only.
 * Null when the field is malformed.
 */
export function parseBoardField(field: string): Placement | null {
  const rows = field.split("/");
  if (rows.length !== 8) return null;
  const placement: Record<string, SetupPiece> = {};
  for (const [index, row] of rows.entries()) {
    const rank = 8 - index;
    let file = 0;
    let previousDigit = false;
    for (const char of row) {
      if (/^[1-8]$/.test(char)) {
        if (previousDigit) return null;
        file += Number(char);
        previousDigit = true;
        continue;
      }
      if (!/^[pnbrqkPNBRQK]$/.test(char) || file > 7) return null;
      const color: SetupColor = char === char.toUpperCase() ? "w" : "b";
      placement[`${FILES[file]}${rank}`] = `${color}${char.toUpperCase() as SetupRole}`;
      file += 1;
      previousDigit = false;
    }
    if (file !== 8) return null;
  }
  return placement;
}

// ---- Castling and en passant --------------------------------------------------------------------------------

/** The castling rights the board allows: each needs its king and its rook on their starting squares. */
export function allowedCastling(placement: Placement): CastlingRights {
  const allowed = { ...NO_RIGHTS };
  for (const right of CASTLING_RIGHTS) {
    const home = CASTLING_HOMES[right];
    allowed[right] = placement[home.king] === `${home.color}K` && placement[home.rook] === `${home.color}R`;
  }
  return allowed;
}

/** The rights the FEN carries: those asked for that the board allows. */
export function effectiveCastling(setup: Setup): CastlingRights {
  const allowed = allowedCastling(setup.placement);
  const rights = { ...NO_RIGHTS };
  for (const right of CASTLING_RIGHTS) rights[right] = setup.castling[right] && allowed[right];
  return rights;
}

function castlingField(rights: CastlingRights): string {
  const field = CASTLING_RIGHTS.filter((right) => rights[right]).join("");
  return field || "-";
}

/** The en passant rank of the side to move, and where the pawn that just moved two squares stands. */
function enPassantGeometry(square: string, turn: SetupColor) {
  const file = square[0] ?? "";
  const rank = Number(square[1]);
  const expectedRank = turn === "w" ? 6 : 3;
  const step = turn === "w" ? -1 : 1;
  return {
    valid: FILES.includes(file) && square.length === 2 && rank === expectedRank,
    pawnSquare: `${file}${rank + step}`,
    originSquare: `${file}${rank - step}`,
    pawn: (turn === "w" ? "bP" : "wP") as SetupPiece,
  };
}

/** Whether the board agrees with an en passant square: the opponent's pawn just advanced two squares past it. */
export function enPassantFits(placement: Placement, turn: SetupColor, square: string): boolean {
  const geometry = enPassantGeometry(square, turn);
  return (
    geometry.valid &&
    placement[geometry.pawnSquare] === geometry.pawn &&
    placement[square] === undefined &&
    placement[geometry.originSquare] === undefined
  );
}

/** The squares the en passant field may name for this board and side to move, a to h. */
export function enPassantCandidates(placement: Placement, turn: SetupColor): string[] {
  const rank = turn === "w" ? 6 : 3;
  return [...FILES]
    .map((file) => `${file}${rank}`)
    .filter((square) => enPassantFits(placement, turn, square));
}

// ---- Setups and their FEN -----------------------------------------------------------------------------------

export const EMPTY_SETUP: Setup = { placement: {}, turn: "w", castling: ALL_RIGHTS, enPassant: null };

export const START_SETUP: Setup = {
  placement: parseBoardField(START_FEN.split(" ")[0] ?? "") ?? {},
  turn: "w",
  castling: ALL_RIGHTS,
  enPassant: null,
};

/**
 * The FEN of a setup: the board, side to move, the castling rights the board allows, the en passant square as
 * given, and the move counters reset ("0 1").
 */
export function setupFen(setup: Setup): string {
  return [
    boardField(setup.placement),
    setup.turn,
    castlingField(effectiveCastling(setup)),
    setup.enPassant ?? "-",
    "0",
    "1",
  ].join(" ");
}

export type FenLoad =
  | {
      ok: true;
      setup: Setup;
      /** The editor's FEN of the loaded setup (completed, counters reset, contradicted castling rights dropped). */
      fen: string;
      /** The fields that were missing and got the spec's defaults, e.g. ["w", "KQkq", "-", "0", "1"]. */
      added: string[];
      /** Castling rights of the FEN that the board does not allow, dropped. */
      droppedCastling: CastlingRight[];
    }
  | { ok: false; problem: { kind: "fen" } };

const INTEGER = /^\d+$/;

/**
 * Reads a pasted FEN into a setup. Fewer than six fields are completed with the spec's defaults (white to move,
 * all castling rights, no en passant, 0, 1). Only the form is checked here (eight ranks, known letters, well-formed
 * fields); whether the position itself is legal is `checkSetup`'s question, so a wrong but readable position can
 * be loaded and mended on the board.
 */
export function loadSetupFen(text: string): FenLoad {
  const given = text.trim().split(/\s+/).filter(Boolean);
  const fields = completeFen(text).split(" ");
  const refused = { ok: false as const, problem: { kind: "fen" as const } };
  if (given.length === 0 || fields.length !== 6) return refused;
  const [board = "", turn = "", castling = "", enPassant = "", halfmoves = "", fullmoves = ""] = fields;
  const placement = parseBoardField(board);
  if (!placement) return refused;
  if (turn !== "w" && turn !== "b") return refused;
  if (castling !== "-" && (!/^[KQkq]{1,4}$/.test(castling) || new Set(castling).size !== castling.length)) {
    return refused;
  }
  if (enPassant !== "-" && !/^[a-h][36]$/.test(enPassant)) return refused;
  if (!INTEGER.test(halfmoves) || !INTEGER.test(fullmoves)) return refused;

  const asked = { ...NO_RIGHTS };
  for (const right of CASTLING_RIGHTS) asked[right] = castling.includes(right);
  const setup: Setup = {
    placement,
    turn,
    castling: asked,
    enPassant: enPassant === "-" ? null : enPassant,
  };
  const allowed = allowedCastling(placement);
  return {
    ok: true,
    setup,
    fen: setupFen(setup),
    added: fields.slice(given.length),
    droppedCastling: CASTLING_RIGHTS.filter((right) => asked[right] && !allowed[right]),
  };
}

// ---- Validation -----------------------------------------------------------------------------------------------

/** Why a setup cannot be played. The site shows a message per kind (the spec's three, and clearer ones). */
export type SetupProblem =
  /** Not exactly one king a side: 'Invalid position: Each side must have exactly one king.' */
  | { kind: "kings" }
  /** Pawns on the first or last rank (squares a to h, rank 1 then rank 8). */
  | { kind: "pawns-on-back-rank"; squares: string[] }
  /** The side not to move is in check: it could be captured. */
  | { kind: "opposite-check"; side: SetupColor }
  /**
   * Anything else the board makes impossible: 'Invalid chess position. Please check the board.'
   * - material: more pieces than a side can have (16, at most 8 pawns plus promotions);
   * - en-passant: no pawn just advanced past the en passant square;
   * - impossible-check: a check no last move could give (three checkers, two knights, ...);
   * - rejected: chess.js refuses the position.
   */
  | { kind: "board"; reason: "material" | "en-passant" | "impossible-check" | "rejected" };

export type SetupCheck = { ok: true; fen: string } | { ok: false; fen: string; problem: SetupProblem };

function squaresOf(placement: Placement, piece: SetupPiece): string[] {
  return Object.keys(placement)
    .filter((square) => placement[square] === piece)
    .sort();
}

/** Checks a setup the way chess.js (and chessops, for material and impossible checks) sees it. */
export function checkSetup(setup: Setup): SetupCheck {
  const fen = setupFen(setup);
  const refuse = (problem: SetupProblem): SetupCheck => ({ ok: false, fen, problem });
  const { placement, turn } = setup;

  if (squaresOf(placement, "wK").length !== 1 || squaresOf(placement, "bK").length !== 1) {
    return refuse({ kind: "kings" });
  }

  const backRank = Object.keys(placement)
    .filter((square) => placement[square]?.[1] === "P" && (square[1] === "1" || square[1] === "8"))
    .sort((a, b) => `${a[1]}${a[0]}`.localeCompare(`${b[1]}${b[0]}`));
  if (backRank.length > 0) return refuse({ kind: "pawns-on-back-rank", squares: backRank });

  if (setup.enPassant && !enPassantFits(placement, turn, setup.enPassant)) {
    return refuse({ kind: "board", reason: "en-passant" });
  }

  let chess: Chess;
  try {
    chess = new Chess(fen);
  } catch {
    return refuse({ kind: "board", reason: "rejected" });
  }
  const other: SetupColor = turn === "w" ? "b" : "w";
  const otherKing = squaresOf(placement, `${other}K`)[0];
  if (otherKing && chess.isAttacked(otherKing as Parameters<Chess["isAttacked"]>[0], turn)) {
    return refuse({ kind: "opposite-check", side: other });
  }

  const position = parseFen(fen).chain((parsed) => RulesPosition.fromSetup(parsed));
  if (position.isErr) return refuse({ kind: "board", reason: "rejected" });
  if (!isStandardMaterial(position.value)) return refuse({ kind: "board", reason: "material" });
  if (isImpossibleCheck(position.value)) return refuse({ kind: "board", reason: "impossible-check" });

  return { ok: true, fen };
}

// ---- Editing ------------------------------------------------------------------------------------------------

/** A setup from a FEN that `loadSetupFen` reads, or the start position. */
export function setupFromFen(fen: string): Setup {
  const loaded = loadSetupFen(fen);
  return loaded.ok ? loaded.setup : START_SETUP;
}

/**
 * The setup with another side to move. The en passant square belongs to the side that just moved, so it is
 * cleared.
 */
export function withTurn(setup: Setup, turn: SetupColor): Setup {
  return turn === setup.turn ? setup : { ...setup, turn, enPassant: null };
}

// ---- Playing a set-up position out ----------------------------------------------------------------------------

/** Where a game stands in a position: whose move, check, and the ends the position itself shows. */
export interface GameStatus {
  turn: SetupColor;
  check: boolean;
  checkmate: boolean;
  stalemate: boolean;
  /** Neither side has mating material (e.g. king against king and bishop). */
  insufficientMaterial: boolean;
  /** Fifty moves by each side without a capture or a pawn move. */
  fiftyMoves: boolean;
}

/** The status of a position, or null when chess.js cannot load it. Repetitions need the game's history. */
export function gameStatus(fen: string): GameStatus | null {
  let chess: Chess;
  try {
    chess = new Chess(completeFen(fen));
  } catch {
    return null;
  }
  return {
    turn: chess.turn(),
    check: chess.inCheck(),
    checkmate: chess.isCheckmate(),
    stalemate: chess.isStalemate(),
    insufficientMaterial: chess.isInsufficientMaterial(),
    fiftyMoves: chess.isDrawByFiftyMoves(),
  };
}
