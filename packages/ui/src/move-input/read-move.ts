/**
 * Reading a typed move (issue 42): SAN (`Nf3`, `exd5`, `e8=N`, `O-O`), with or without its capture sign, check
 * sign or annotation, or coordinates (`g1f3`, `e7e8n`, `e7-e8`), Arabic-Indic digits accepted (`Nf٣`). Pure: the
 * caller gives the position's legal moves (chess.js's verbose moves carry everything needed).
 */

/** A legal move as the board's rules give it. */
export interface TypedMoveOption {
  from: string;
  to: string;
  /** The piece moving: p, n, b, r, q or k. */
  piece: string;
  promotion?: string | undefined;
  /** The move in standard notation, e.g. "Nbd7", "exd8=Q+". */
  san: string;
}

export type TypedMoveReading<M extends TypedMoveOption = TypedMoveOption> =
  | { kind: "empty" }
  /** Not a move's notation at all, e.g. "hello" or "z9". */
  | { kind: "unreadable" }
  /** Written like a move, but no legal move fits it. */
  | { kind: "illegal" }
  /** Several legal moves fit (e.g. "Nd7" when both knights reach d7, or a promotion without its piece). */
  | { kind: "ambiguous"; candidates: M[] }
  | { kind: "move"; move: M };

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** The text with Arabic-Indic and Eastern Arabic-Indic digits as 0–9, spaces and annotations dropped. */
export function normaliseTypedMove(text: string): string {
  return text
    .replace(ARABIC_DIGITS, (digit) => {
      const code = digit.charCodeAt(0);
      return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
    })
    .replace(/\s+/g, "")
    .replace(/(e\.p\.|ep)$/i, "")
    .replace(/[+#!?]+$/, "");
}

const CASTLING = /^([0oO])-?\1(-?\1)?$/;
const COORDINATES = /^([a-h][1-8])[-x]?([a-h][1-8])=?([qrbnQRBN])?$/;
const SAN = /^([KQRBNP])?([a-h])?([1-8])?[-x:]?([a-h][1-8])(?:=?([QRBNqrbn]))?$/;

/** The promotion choice's order: the queen first, then the knight, the rook and the bishop. */
const PROMOTION_ORDER = ["q", "n", "r", "b"];

function fitting<M extends TypedMoveOption>(moves: readonly M[]): TypedMoveReading<M> {
  if (moves.length === 1) return { kind: "move", move: moves[0] as M };
  if (moves.length > 1) {
    const rank = (move: M) => PROMOTION_ORDER.indexOf(move.promotion ?? "");
    return { kind: "ambiguous", candidates: [...moves].sort((a, b) => rank(a) - rank(b)) };
  }
  return { kind: "illegal" };
}

/** SAN read with `piece` as the moving piece (p for a pawn). */
function bySan<M extends TypedMoveOption>(moves: readonly M[], match: RegExpMatchArray, piece: string) {
  const [, , file, rank, to, promotion] = match;
  return moves.filter(
    (move) =>
      move.piece === piece &&
      move.to === to &&
      (!file || move.from[0] === file) &&
      (!rank || move.from[1] === rank) &&
      (!promotion || move.promotion === promotion.toLowerCase()),
  );
}

/** What the typed text names among the legal moves. */
export function readTypedMove<M extends TypedMoveOption>(
  text: string,
  moves: readonly M[],
): TypedMoveReading<M> {
  const typed = normaliseTypedMove(text);
  if (!typed) return { kind: "empty" };
  const castling = CASTLING.exec(typed);
  if (castling) {
    const san = castling[2] ? "O-O-O" : "O-O";
    return fitting(moves.filter((move) => move.san.replace(/[+#]$/, "") === san));
  }
  const coordinates = COORDINATES.exec(typed);
  if (coordinates) {
    const [, from, to, promotion] = coordinates;
    const found = moves.filter(
      (move) =>
        move.from === from && move.to === to && (!promotion || move.promotion === promotion.toLowerCase()),
    );
    // "e2e4" may also be read as SAN only by accident; coordinates win when they name a move.
    if (found.length > 0) return fitting(found);
  }
  const san = SAN.exec(typed);
  if (san?.[1]) return fitting(bySan(moves, san, san[1] === "P" ? "p" : san[1].toLowerCase()));
  if (san) {
    // No capital letter: a pawn's move, as SAN writes it ("bxc3" is the b-pawn's)…
    const pawn = bySan(moves, san, "p");
    if (pawn.length > 0) return fitting(pawn);
  }
  // …or a piece typed in lower case ("nf3", "bxc3" when no pawn takes on c3).
  const lower = /^([kqrbn])(.+)$/.exec(typed);
  const again = lower?.[1] && lower[2] ? SAN.exec(lower[1].toUpperCase() + lower[2]) : null;
  if (again?.[1]) {
    const found = bySan(moves, again, again[1].toLowerCase());
    if (found.length > 0 || !san) return fitting(found);
  }
  return san || coordinates || again ? { kind: "illegal" } : { kind: "unreadable" };
}

/** A move's SAN without its check sign, for matching what is typed. */
function plain(san: string): string {
  return san.replace(/[+#]$/, "").replace(/x/g, "").replace(/=/g, "");
}

/**
 * The legal moves whose notation starts like the text (capture and promotion signs optional, piece letters in any
 * case), in the rules' order, at most `limit`; none for an empty text.
 */
export function suggestTypedMoves<M extends TypedMoveOption>(
  text: string,
  moves: readonly M[],
  limit = 8,
): M[] {
  const typed = plain(normaliseTypedMove(text));
  if (!typed) return [];
  const exact = moves.filter((move) => plain(move.san).startsWith(typed));
  const folded = typed.toLowerCase();
  const loose = moves.filter(
    (move) =>
      !exact.includes(move) &&
      (plain(move.san).toLowerCase().startsWith(folded) || `${move.from}${move.to}`.startsWith(folded)),
  );
  return [...exact, ...loose].slice(0, limit);
}
