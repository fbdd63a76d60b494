/**
 * The board read as words (issue 42's screen-reader mode): a move's notation ("Nxd5+" → "knight takes d5, check"), a
 * square ("e4, white knight"), a rank or a file (its pieces in order) and a piece's legal moves. Pure: the words come
 * from the caller in the page's language (`BoardWords`); squares stay letter + digit in every language. Placeholders
 * in the words are `{name}` (single braces, so i18next leaves them for these functions to fill).
 */

/** Piece codes as the boards name them: colour (w/b) + piece letter. */
type PieceCode = `${"w" | "b"}${"P" | "N" | "B" | "R" | "Q" | "K"}`;
type Role = "p" | "n" | "b" | "r" | "q" | "k";

export interface BoardWords {
  /** A piece in a move, e.g. { n: "knight" } / { n: "الحصان" }. */
  pieces: Record<Role, string>;
  /** What a pawn becomes, e.g. { n: "a knight" }. */
  promotionPieces: Record<"q" | "n" | "r" | "b", string>;
  /** A piece on a square, with its colour, e.g. { wN: "white knight" }. */
  squarePieces: Record<PieceCode, string>;
  /** An empty square. */
  empty: string;
  /** "{piece} to {square}" */
  moveTo: string;
  /** "{piece} takes {square}" */
  takes: string;
  /** Which of two pieces moves: "{piece} from {from}" (from: a file, a rank or a square). */
  from: string;
  shortCastle: string;
  longCastle: string;
  /** "promotes to {piece}" */
  promotes: string;
  check: string;
  checkmate: string;
  /** Between the parts of one sentence: ", " / "، ". */
  separator: string;
  /** A square and what stands on it: "{square}, {piece}". */
  square: string;
  /** "Rank {rank}: {pieces}" */
  rank: string;
  /** "File {file}: {pieces}" */
  file: string;
  /** A rank or file without pieces. */
  nothing: string;
  /** "{square}: {moves}" — the legal moves of the piece on a square. */
  legalMoves: string;
  /** "{square}: no legal moves" */
  noLegalMoves: string;
}

const FILES = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;

/** A template with its `{name}` placeholders filled. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const SAN = /^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([QRBN]))?/;

/**
 * A move's standard notation read as words: "Nxd5+" → "knight takes d5, check", "e4" → "pawn to e4", "O-O" →
 * "short castle", "dxe8=N#" → "pawn takes e8, promotes to a knight, checkmate". Notation it cannot read comes back
 * as it was.
 */
export function moveWords(san: string, words: BoardWords): string {
  const text = san.trim().replace(/[!?]+$/, "");
  const ending = text.endsWith("#") ? words.checkmate : text.endsWith("+") ? words.check : null;
  const bare = text.replace(/[+#]+$/, "");
  const parts: string[] = [];
  if (/^[O0]-[O0]-[O0]$/.test(bare)) parts.push(words.longCastle);
  else if (/^[O0]-[O0]$/.test(bare)) parts.push(words.shortCastle);
  else {
    const match = SAN.exec(bare);
    if (!match) return san;
    const [, letter, file, rank, capture, square = "", promotion] = match;
    const role = (letter?.toLowerCase() ?? "p") as Role;
    let piece = words.pieces[role];
    // Which of two such pieces moves; a pawn's file before a capture is left out ("pawn takes d5").
    const origin = `${file ?? ""}${rank ?? ""}`;
    if (origin && role !== "p") piece = fill(words.from, { piece, from: origin });
    parts.push(fill(capture ? words.takes : words.moveTo, { piece, square }));
    if (promotion) {
      const chosen = words.promotionPieces[promotion.toLowerCase() as "q" | "n" | "r" | "b"];
      parts.push(fill(words.promotes, { piece: chosen }));
    }
  }
  if (ending) parts.push(ending);
  return parts.join(words.separator);
}

/** A square and what stands on it: "e4, white knight", "e5, empty". */
export function squareWords(square: string, piece: string | undefined, words: BoardWords): string {
  return fill(words.square, {
    square,
    piece: piece ? (words.squarePieces[piece as PieceCode] ?? piece) : words.empty,
  });
}

/** The pieces on the given squares, in that order: "a1 white rook, e1 white king", or the `nothing` word. */
function listed(squares: string[], pieces: ReadonlyMap<string, string>, words: BoardWords): string {
  const found = squares.flatMap((square) => {
    const piece = pieces.get(square);
    return piece ? [`${square} ${words.squarePieces[piece as PieceCode] ?? piece}`] : [];
  });
  return found.length ? found.join(words.separator) : words.nothing;
}

/** A rank's pieces from the a-file to the h-file: "Rank 1: a1 white rook, e1 white king". */
export function rankWords(rank: number, pieces: ReadonlyMap<string, string>, words: BoardWords): string {
  const squares = FILES.map((file) => `${file}${rank}`);
  return fill(words.rank, { rank: String(rank), pieces: listed(squares, pieces, words) });
}

/** A file's pieces from the first rank to the eighth: "File e: e1 white king, e2 white pawn, e7 black pawn". */
export function fileWords(file: string, pieces: ReadonlyMap<string, string>, words: BoardWords): string {
  const squares = [1, 2, 3, 4, 5, 6, 7, 8].map((rank) => `${file}${rank}`);
  return fill(words.file, { file, pieces: listed(squares, pieces, words) });
}

/** The legal moves of the piece on a square, as words: "g1, white knight: knight to f3, knight to h3". */
export function legalMoveWords(
  square: string,
  piece: string | undefined,
  sans: readonly string[],
  words: BoardWords,
): string {
  const where = squareWords(square, piece, words);
  if (!sans.length) return fill(words.noLegalMoves, { square: where });
  return fill(words.legalMoves, {
    square: where,
    moves: sans.map((san) => moveWords(san, words)).join(words.separator),
  });
}

/** Moves written in notation inside a sentence: a piece letter, a capture, a promotion, a check sign or castling. */
const MOVES_IN_TEXT =
  /(?<![\w-])(?:O-O(?:-O)?[+#]?|[KQRBN][a-h]?[1-8]?x?[a-h][1-8][+#]?|[a-h]x[a-h][1-8](?:=[QRBN])?[+#]?|[a-h][18]=[QRBN][+#]?|[a-h][1-8][+#])(?![\w-])/g;

/**
 * A sentence with the moves in it read as words ("The line 19. Qxf6+ Ke8 20. Qf7# mates" → "The line 19. queen takes
 * f6, check king to e8 20. queen to f7, checkmate mates"); bare squares ("the queen on f7") stay as they are, and the
 * isolation marks around notation in an Arabic sentence go.
 */
export function textWithMoveWords(text: string, words: BoardWords): string {
  return text.replace(/[\u2066-\u2069]/g, "").replace(MOVES_IN_TEXT, (san) => moveWords(san, words));
}
