/**
 * Checks a puzzle's composed texts against the board, independently of the composer: the line is replayed with
 * chess.js (the composer works with chessops), and every claim the English texts make is tested on the positions:
 * - the side to move, the piece and squares of the level-2 hint, the move of the level-3 hint, the line as written;
 * - every "the <piece> on <square>" names a piece that stands there on the line (or on the alternative's line);
 * - what a move is said to attack is attacked after it, a threatened mate exists, a taken piece was undefended;
 * - a promised mate is on the board at the end of the line, after as many moves as promised;
 * - the material won is the material the line changes on the board by its end (a promoted pawn taken back is a
 *   pawn), and "the exchange" is a rook for a minor piece; the outcome word and the engine figure match the stored
 *   evaluation;
 * - a pawn said to be a step from queening stands there (or gets there on the line);
 * - a natural-looking alternative called a mistake is the engine's, and its score throws the advantage away;
 * - the Arabic texts carry the same squares and moves as the English ones.
 * Used by the tests (seed positions, the lichess sample) and by `npm run content:verify` on every shipped puzzle.
 */
import { Chess as ChessJs, type Color, type PieceSymbol, type Square } from "chess.js";
import type { CoachInput, CoachTexts } from "../coach";
import { losesTheAdvantage } from "../generator/win-chance";

const ROLE: Record<string, PieceSymbol> = {
  king: "k",
  queen: "q",
  rook: "r",
  bishop: "b",
  knight: "n",
  pawn: "p",
};
const NAME: Record<PieceSymbol, string> = {
  k: "king",
  q: "queen",
  r: "rook",
  b: "bishop",
  n: "knight",
  p: "pawn",
};
const VALUE: Record<PieceSymbol, number> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };
const COUNT: Record<string, number> = {
  a: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
};
const SQUARE = /(?<![A-Za-z0-9])[a-h][1-8](?![0-9])/g;
const ISOLATE = /\u2066([^\u2066\u2069]*)\u2069/g;
const PIECE_ON = /\b(king|queen|rook|bishop|knight|pawn) on ([a-h][1-8])\b/g;

interface Ply {
  san: string;
  color: Color;
  from: Square;
  to: Square;
  captured?: PieceSymbol | undefined;
  promotion?: PieceSymbol | undefined;
  /** The position after the move. */
  after: ChessJs;
  moveNumber: number;
}

/** Plays UCI moves from a FEN; throws on an illegal one. */
function playLine(fen: string, moves: readonly string[]): Ply[] {
  const game = new ChessJs(fen);
  return moves.map((uci) => {
    const moveNumber = game.moveNumber();
    const move = game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    return {
      san: move.san,
      color: move.color,
      from: move.from,
      to: move.to,
      captured: move.captured,
      promotion: move.promotion,
      after: new ChessJs(game.fen()),
      moveNumber,
    };
  });
}

function numbered(ply: Ply): string {
  return `${ply.moveNumber}${ply.color === "w" ? "." : "..."} ${ply.san}`;
}

function lineText(plies: readonly Ply[]): string {
  return plies.map((ply, index) => (index === 0 || ply.color === "w" ? numbered(ply) : ply.san)).join(" ");
}

const has = (game: ChessJs, square: string, role: PieceSymbol, color?: Color) => {
  const piece = game.get(square as Square);
  return !!piece && piece.type === role && (color === undefined || piece.color === color);
};

/** "a queen and two pawns" → 9 + 2; "" → 0. */
function materialValue(text: string): number | undefined {
  if (text.trim() === "") return 0;
  let total = 0;
  for (const part of text.split(/, | and /)) {
    const match = /^(a|two|three|four|five|six|seven|eight) (king|queen|rook|bishop|knight|pawn)s?$/.exec(
      part.trim(),
    );
    if (!match) return undefined;
    total += (COUNT[match[1] ?? ""] ?? 0) * VALUE[ROLE[match[2] ?? ""] ?? "k"];
  }
  return total;
}

/** The pieces "the rook on a1, the knight on c3 and the queen on d8" lists. */
function piecesListed(text: string): Array<{ role: PieceSymbol; square: Square }> {
  return [...text.matchAll(PIECE_ON)].map((match) => ({
    role: ROLE[match[1] ?? ""] ?? "k",
    square: match[2] as Square,
  }));
}

/**
 * What the side to move nets by capturing on `square` and recapturing while it pays (a swap-off played with legal
 * moves, cheapest capturer first, a pawn that reaches the last rank becoming a queen), 0 when it should not capture.
 */
function swapOff(game: ChessJs, square: Square): number {
  // Only the pieces attacking the square can capture there: their moves alone are generated.
  const [capture] = game
    .attackers(square, game.turn())
    .flatMap((from) => game.moves({ square: from, verbose: true }))
    .filter((move) => move.to === square && move.captured && (!move.promotion || move.promotion === "q"))
    .sort((a, b) => (VALUE[a.piece] || 100) - (VALUE[b.piece] || 100));
  if (!capture?.captured) return 0;
  game.move(capture);
  const promotion = capture.promotion ? VALUE[capture.promotion] - 1 : 0;
  const value = VALUE[capture.captured] + promotion - swapOff(game, square);
  game.undo();
  return Math.max(0, value);
}

/** Pieces by colour and kind ("wq": 1, "bp": 7, …). */
function pieceCounts(game: ChessJs): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of game.board())
    for (const piece of row)
      if (piece) counts[piece.color + piece.type] = (counts[piece.color + piece.type] ?? 0) + 1;
  return counts;
}

/** The material of one side, in spec points. */
function sideValue(counts: Record<string, number>, color: Color): number {
  return (["q", "r", "b", "n", "p"] as const).reduce(
    (sum, type) => sum + (counts[color + type] ?? 0) * VALUE[type],
    0,
  );
}

/**
 * What promotions add on the board at the end: each piece of a kind beyond what a side started with was a pawn,
 * counted at its value less the pawn's (the solver's minus the opponent's); `lost` is the solver's piece the final
 * recapture takes.
 */
function promotedPoints(
  start: Record<string, number>,
  end: Record<string, number>,
  solver: Color,
  lost: PieceSymbol | undefined,
): number {
  let points = 0;
  for (const color of ["w", "b"] as const)
    for (const type of ["q", "r", "b", "n"] as const) {
      const removed = color === solver && lost === type ? 1 : 0;
      const extra = Math.max(0, (end[color + type] ?? 0) - removed - (start[color + type] ?? 0));
      points += (color === solver ? 1 : -1) * extra * (VALUE[type] - 1);
    }
  return points;
}

/** A mating move of `color` that lands on `square`, were it `color`'s turn in `game` (not in check). */
function matesOn(game: ChessJs, color: Color, square: string): boolean | undefined {
  const fields = game.fen().split(" ");
  fields[1] = color;
  fields[3] = "-";
  let turned: ChessJs;
  try {
    turned = new ChessJs(fields.join(" "));
  } catch {
    return undefined;
  }
  return turned.moves({ verbose: true }).some((move) => {
    if (move.to !== square) return false;
    turned.move(move);
    const mate = turned.isCheckmate();
    turned.undo();
    return mate;
  });
}

/**
 * The problems found in `texts` for the puzzle `input` (empty when every claim holds). Throws nothing: an illegal
 * line is itself a problem.
 */
export function coachingProblems(input: CoachInput, texts: CoachTexts): string[] {
  return problemsIn(input, texts, "all");
}

/**
 * The problems found in the three hint levels alone (as composed for a later step of a line: `input` is then the
 * position at that step and the rest of the line). Every claim a hint makes is checked as in `coachingProblems`;
 * the description and explanation, which a later step does not show, are not asked for.
 */
export function hintProblems(input: CoachInput, hints: CoachTexts["hints"]): string[] {
  return problemsIn(
    input,
    { hints, description_en: "", description_ar: "", explanation_en: "", explanation_ar: "" },
    "hints",
  );
}

function problemsIn(input: CoachInput, texts: CoachTexts, scope: "all" | "hints"): string[] {
  const whole = scope === "all";
  const problems: string[] = [];
  const fail = (what: string) => problems.push(what);
  let plies: Ply[];
  let start: ChessJs;
  try {
    start = new ChessJs(input.fen);
    plies = playLine(input.fen, input.solution);
  } catch (error) {
    return [`the line does not play: ${(error as Error).message}`];
  }
  const [first] = plies;
  if (!first) return ["the solution is empty"];
  const solver = first.color;
  const opponent: Color = solver === "w" ? "b" : "w";
  const end = plies.at(-1)?.after ?? start;
  let alternative: Ply[] = [];
  if (input.alternative) {
    try {
      alternative = playLine(input.fen, [input.alternative.move, input.alternative.reply]);
    } catch {
      fail(`the alternative ${input.alternative.move} ${input.alternative.reply} does not play`);
    }
  }
  const boards = [start, ...plies.map((ply) => ply.after), ...alternative.map((ply) => ply.after)];
  const { hints } = texts;
  const english = [hints.subtle_en, hints.moderate_en, hints.explicit_en];
  const arabic = [hints.subtle_ar, hints.moderate_ar, hints.explicit_ar];
  if (whole) {
    english.push(texts.description_en, texts.explanation_en);
    arabic.push(texts.description_ar, texts.explanation_ar);
  }
  // The line mates: what the description promises, or (for hints alone) what the board shows.
  const mating = whole ? /\b(?:check)?mate\b/.test(texts.description_en) : end.isCheckmate();

  // Side to move, level 1 without squares, level 3 with the move.
  const side = solver === "w" ? "White" : "Black";
  if (whole && !texts.description_en.startsWith(`${side} to move: `)) fail(`description is not for ${side}`);
  if (whole && !texts.description_ar.startsWith(solver === "w" ? "الأبيض يلعب: " : "الأسود يلعب: "))
    fail("Arabic description is not for the side to move");
  if ((hints.subtle_en + hints.subtle_ar).match(SQUARE)) fail(`level 1 names a square: ${hints.subtle_en}`);
  if (!hints.explicit_en.startsWith(`Play ${first.san}: `)) fail(`level 3 does not give ${first.san}`);
  if (!hints.explicit_ar.includes(`\u2066${first.san}\u2069`))
    fail(`Arabic level 3 does not give ${first.san}`);

  // Level 2: the piece on its square and where it goes.
  const moderate =
    /^Your (\w+) on ([a-h][1-8]) (goes to|takes on|promotes on) ([a-h][1-8])( with check)?/.exec(
      hints.moderate_en,
    );
  if (!moderate) fail(`level 2 does not name the piece and its square: ${hints.moderate_en}`);
  else {
    const [, role = "", from = "", verb = "", to = "", check] = moderate;
    if (!has(start, from, ROLE[role] ?? "k", solver) || from !== first.from)
      fail(`level 2: your ${role} is not on ${from} or does not move`);
    if (to !== first.to) fail(`level 2: the move goes to ${first.to}, not ${to}`);
    const expected = first.promotion ? "promotes on" : first.captured ? "takes on" : "goes to";
    if (verb !== expected) fail(`level 2 says "${verb}" where the move ${first.san} ${expected}`);
    const checks = first.san.includes("+");
    if (!!check !== checks) fail(`level 2: "with check" is ${!!check} but the move's check is ${checks}`);
  }

  // Every piece named on a square stands there somewhere on the line.
  for (const text of english)
    for (const { role, square } of piecesListed(text))
      if (!boards.some((board) => has(board, square, role)))
        fail(`no ${NAME[role]} on ${square} anywhere on the line: "${text}"`);

  // What the first move attacks, threatens or takes.
  const afterFirst = first.after;
  for (const text of [hints.moderate_en, hints.explicit_en]) {
    const attacked = /(?:attacking|it attacks) (.*?)(?:\.|$)/.exec(text)?.[1];
    if (attacked)
      for (const { role, square } of piecesListed(attacked))
        if (
          !has(afterFirst, square, role, opponent) ||
          !afterFirst.attackers(square, solver).includes(first.to)
        )
          fail(`after ${first.san} the ${NAME[role]} on ${square} is not attacked by it`);
    const threat = /(?:threatening|it threatens) mate on ([a-h][1-8])/.exec(text)?.[1];
    if (threat && matesOn(afterFirst, solver, threat) === false)
      fail(`after ${first.san} no mate threat on ${threat}`);
  }
  const forked = /^Play \S+: it forks (.*)\.$/.exec(hints.explicit_en)?.[1];
  if (forked) {
    const roles = forked.split(/, | and /).map((part) => ROLE[part.replace(/^the /, "")]);
    const targets = new Set(
      afterFirst
        .board()
        .flat()
        .filter(
          (piece) =>
            piece &&
            piece.color === opponent &&
            afterFirst.attackers(piece.square, solver).includes(first.to),
        )
        .map((piece) => piece?.type),
    );
    if (roles.length < 2 || roles.some((role) => !role || !targets.has(role)))
      fail(`${first.san} does not fork ${forked}`);
  }
  const undefended = /it takes the undefended (\w+)/.exec(hints.explicit_en)?.[1];
  if (undefended && (first.captured !== ROLE[undefended] || start.attackers(first.to, opponent).length > 0))
    fail(`${first.san} does not take an undefended ${undefended}`);

  // What the first move takes, and how the line is said to mate.
  const takes = /^Play \S+: it takes the (\w+) on ([a-h][1-8])/.exec(hints.explicit_en);
  if (takes && (first.to !== takes[2] || NAME[first.captured ?? "k"] !== takes[1]))
    fail(`${first.san} does not take the ${takes[1]} on ${takes[2]}`);
  if (/^Play \S+: it gives check/.test(hints.explicit_en) && !/[+#]$/.test(first.san))
    fail(`${first.san} gives no check`);
  const mated = /after (\d+\.+ \S+), (\d+\.+ \S+) is checkmate|ending with (\d+\.+ \S+)\./.exec(
    hints.explicit_en,
  );
  if (mated) {
    const [, reply, mate, ending] = mated;
    const [, replyPly, matePly] = plies;
    const lastPly = plies.at(-1);
    if (!end.isCheckmate()) fail(`level 3 says the line mates, but it does not`);
    else if (
      ending !== undefined
        ? !lastPly || numbered(lastPly) !== ending
        : !replyPly ||
          !matePly ||
          numbered(replyPly) !== reply ||
          numbered(matePly) !== mate ||
          plies.length !== 3
    )
      fail(`level 3's mate (${mated[0]}) is not the line's`);
  }

  // What the solver's second move is said to do.
  const follow =
    /after (\d+\.+ \S+), (\d+\.+ \S+) (takes the (\w+)(?: with check)?|threatens mate on ([a-h][1-8])|attacks (.*?)(?: with check)?|gives check|follows)\./.exec(
      hints.explicit_en,
    );
  if (follow) {
    const [, reply = "", next = "", effect = "", taken, threat, attacked] = follow;
    const [, replyPly, nextPly] = plies;
    if (!replyPly || !nextPly || reply !== numbered(replyPly) || next !== numbered(nextPly))
      fail(`level 3 names ${reply}, ${next}: not the line's next moves`);
    else if (taken && NAME[nextPly.captured ?? "k"] !== taken) fail(`${next} does not take a ${taken}`);
    else if (threat && matesOn(nextPly.after, solver, threat) === false)
      fail(`after ${next} no mate threat on ${threat}`);
    else if (effect === "gives check" && !nextPly.san.includes("+")) fail(`${next} gives no check`);
    else if (attacked)
      for (const { role, square } of piecesListed(attacked))
        if (
          !has(nextPly.after, square, role, opponent) ||
          !nextPly.after.attackers(square, solver).includes(nextPly.to)
        )
          fail(`after ${next} the ${NAME[role]} on ${square} is not attacked by it`);
  }

  // The line as written, and a promised mate.
  const line = lineText(plies);
  if (whole && !texts.explanation_en.startsWith(`The line ${line} `))
    fail(`the explanation does not play ${line}`);
  const mateIn = /mate in (\d+)/.exec(texts.description_en)?.[1];
  if (!whole) {
    // Hints alone: nothing is promised beyond what the hints say (level 3's mate is checked above).
  } else if (mating) {
    if (!end.isCheckmate()) fail("the description promises mate but the line does not reach it");
    else if (mateIn && Number(mateIn) !== plies.filter((ply) => ply.color === solver).length)
      fail(
        `the description says mate in ${mateIn}; the line mates in ${plies.filter((ply) => ply.color === solver).length}`,
      );
  } else if (end.isCheckmate()) fail("the line mates but the description does not say so");

  // Material: what the texts say the line wins, against the material on the board at the end of the line (each
  // side's against the start), after the opponent's recapture of the last piece when it pays.
  const last = plies.at(-1);
  const taken =
    last && last.color === solver && !end.isCheckmate() ? swapOff(new ChessJs(end.fen()), last.to) : 0;
  const startCounts = pieceCounts(start);
  const endCounts = pieceCounts(end);
  const settled =
    sideValue(startCounts, opponent) -
    sideValue(endCounts, opponent) -
    (sideValue(startCounts, solver) - sideValue(endCounts, solver)) -
    taken;
  // "…promotes the pawn to a queen, and White also wins …" names what is won besides the pieces promotion made.
  const made = promotedPoints(
    startCounts,
    endCounts,
    solver,
    taken > 0 && last ? end.get(last.to)?.type : undefined,
  );
  for (const text of whole ? [texts.explanation_en, hints.explicit_en] : [hints.explicit_en]) {
    const won = /(also )?wins (?:the exchange \((.+?) for (.+?)\)|(.+?)(?: for (.+?))?)\./.exec(text);
    if (!won || mating) continue;
    const gains = materialValue(won[2] ?? won[4] ?? "");
    const losses = materialValue(won[3] ?? won[5] ?? "");
    const expected = won[1] ? settled - made : settled;
    if (gains === undefined || losses === undefined) fail(`unreadable material: ${won[0]}`);
    // The composer's exchange count ignores pins, so it may stop a pawn short of what the swap-off really wins.
    else if (gains - losses > expected || gains - losses < expected - 1)
      fail(`"${won[0]}" but the material changes by ${expected}`);
    else if (gains - losses < 1) fail(`"${won[0]}" wins nothing`);
    if (won[2] && !/^a (bishop|knight)$/.test(won[3] ?? "")) fail(`"${won[0]}" is not the exchange`);
  }

  // A pawn one step from queening.
  const seventh = solver === "w" ? "7" : "2";
  const onSeventh = (game: ChessJs) =>
    game
      .board()
      .flat()
      .some((piece) => piece?.type === "p" && piece.color === solver && piece.square[1] === seventh);
  if (/is a step from queening/.test(hints.subtle_en) && !onSeventh(start))
    fail("level 1 says a pawn is a step from queening, but none of the solver's is");
  const reachesSeventh = plies.some(
    (ply) => ply.color === solver && ply.to[1] === seventh && ply.after.get(ply.to)?.type === "p",
  );
  if (
    /can reach the rank before queening|pawns to the rank before queening/.test(hints.subtle_en) &&
    !reachesSeventh
  )
    fail("level 1 says a pawn reaches the rank before queening, but none does on the line");
  for (const text of english) {
    const reaches = /the pawn reaches ([a-h][1-8]), one step from queening/.exec(text)?.[1];
    if (reaches && !plies.some((ply) => ply.color === solver && ply.to === reaches && ply.to[1] === seventh))
      fail(`no pawn of the solver reaches ${reaches}, one step from queening`);
    const stands = /the pawn on ([a-h][1-8]) is one step from queening/.exec(text)?.[1];
    if (stands && (!has(start, stands, "p", solver) || stands[1] !== seventh))
      fail(`no pawn of the solver stands on ${stands}, one step from queening`);
  }

  // The natural-looking alternative is a mistake by the engine's scores.
  const natural = /The natural-looking (\d+\.+ \S+)\?/.exec(texts.explanation_en)?.[1];
  if (natural) {
    const alt = input.alternative;
    const [altPly] = alternative;
    const best = input.mate !== undefined && input.mate > 0 ? { mate: input.mate } : { cp: input.cp };
    if (!alt || !altPly || numbered(altPly) !== natural)
      fail(`"${natural}?" is not the engine's alternative`);
    else if (
      (alt.cp === undefined && alt.mate === undefined) ||
      (best.cp === undefined && best.mate === undefined) ||
      !losesTheAdvantage(best, { cp: alt.cp, mate: alt.mate })
    )
      fail(
        `"${natural}?" is called a mistake, but by the engine's scores it does not throw the advantage away`,
      );
  }

  // The outcome word and the engine's figure against the stored evaluation; a draw only by the engine's word.
  const cp = input.cp;
  const level = cp === undefined ? input.themes.includes("equality") : Math.abs(cp) <= 60;
  if (
    /hold the draw|holds the draw|holds the balance/.test(
      texts.description_en + texts.explanation_en + hints.explicit_en,
    ) &&
    !level
  )
    fail(`a draw is claimed, but the engine's score (${cp ?? "none"}) does not say the position is level`);
  if (cp !== undefined) {
    if (/decisive advantage/.test(texts.explanation_en + hints.explicit_en) && cp < 300)
      fail(`"decisive advantage" at ${cp} cp`);
    if (/the better game/.test(texts.explanation_en + hints.explicit_en) && (cp < 100 || cp >= 300))
      fail(`"the better game" at ${cp} cp`);
    const figure = /rates the final position (\d+\.\d) pawns better for (White|Black)/.exec(
      texts.explanation_en,
    );
    if (figure) {
      const favoured = cp > 0 === (solver === "w") ? "White" : "Black";
      if (figure[1] !== (Math.abs(cp) / 100).toFixed(1) || figure[2] !== favoured)
        fail(`the figure "${figure[0]}" does not match ${cp} cp`);
    } else if (/about equal/.test(texts.explanation_en) && Math.abs(cp) >= 30)
      fail(`"about equal" at ${cp} cp`);
  }

  // The Arabic texts carry the same squares and moves as the English ones.
  english.forEach((text, index) => {
    const isolated = [...(arabic[index] ?? "").matchAll(ISOLATE)].map((match) => match[1] ?? "");
    const squares = (list: string[]) => new Set(list.flatMap((item) => item.match(SQUARE) ?? []));
    const inEnglish = squares([text]);
    const inArabic = squares(isolated);
    for (const square of inEnglish)
      if (!inArabic.has(square)) fail(`Arabic text ${index + 1} lacks ${square}`);
    for (const square of inArabic)
      if (!inEnglish.has(square)) fail(`Arabic text ${index + 1} adds ${square}`);
  });
  return problems;
}
