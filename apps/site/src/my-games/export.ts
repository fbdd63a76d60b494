import { checkFen, sanLine } from "@ct/chess";
import { GAME_PHASES } from "@ct/contract";
import { type MyGamePuzzle, STANDARD_START } from "./puzzle";

/** The JSON file's mark and version: an import reads only files that carry them. */
export const EXPORT_FORMAT = "chess-trainer-my-games";
export const EXPORT_VERSION = 1;

export interface MyGamesFile {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  puzzles: MyGamePuzzle[];
}

/** The set as a JSON file: everything a puzzle is made of, so another browser trains it as this one does. */
export function exportJson(puzzles: readonly MyGamePuzzle[], now = new Date()): string {
  const file: MyGamesFile = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    puzzles: [...puzzles],
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
const TEXT_KEYS = ["description_en", "description_ar", "explanation_en", "explanation_ar"] as const;
const HINT_KEYS = [
  "subtle_en",
  "subtle_ar",
  "moderate_en",
  "moderate_ar",
  "explicit_en",
  "explicit_ar",
] as const;

/** A puzzle of a file when it has every field the trainer needs, with a legal position and moves; else null. */
function puzzleOf(value: unknown): MyGamePuzzle | null {
  if (!isObject(value)) return null;
  const {
    key,
    fen,
    side,
    ply,
    solution,
    correctMoves,
    themes,
    phase,
    difficulty,
    texts,
    played,
    refutation,
  } = value;
  if (!isString(key) || key.length > 100 || !isString(fen) || !checkFen(fen).ok) return null;
  if (side !== "white" && side !== "black") return null;
  if (typeof ply !== "number" || typeof difficulty !== "number") return null;
  if (!isStrings(solution) || solution.length === 0 || !solution.every((move) => UCI.test(move))) return null;
  if (!isStrings(correctMoves) || correctMoves.length === 0 || !correctMoves.every((move) => UCI.test(move)))
    return null;
  if (sanLine(fen, solution).length !== solution.length) return null;
  if (!isStrings(themes) || !GAME_PHASES.includes(phase as (typeof GAME_PHASES)[number])) return null;
  if (!isObject(texts) || !TEXT_KEYS.every((name) => isString(texts[name]))) return null;
  if (
    !isObject(texts.hints) ||
    !HINT_KEYS.every((name) => isString((texts.hints as Record<string, unknown>)[name]))
  )
    return null;
  if (!isObject(played) || !isString(played.san) || !isString(played.uci)) return null;
  if (!isObject(refutation) || !isObject(refutation.reply) || !isStrings(refutation.line)) return null;
  if (!isObject(value.game) || !isStrings(value.gameSans ?? [])) return null;
  return value as unknown as MyGamePuzzle;
}

/**
 * The puzzles of an exported JSON file, and how many of its entries were left out as unreadable; null when the text
 * is not such a file at all.
 */
export function parseExport(text: string): { puzzles: MyGamePuzzle[]; skipped: number } | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(data) || data.format !== EXPORT_FORMAT || data.version !== EXPORT_VERSION) return null;
  if (!Array.isArray(data.puzzles)) return null;
  const puzzles = data.puzzles.flatMap((entry) => puzzleOf(entry) ?? []);
  return { puzzles, skipped: data.puzzles.length - puzzles.length };
}

/** A PGN tag value: quotes and backslashes escaped, no line breaks. */
function tagValue(value: string): string {
  return value
    .replace(/[\r\n]+/g, " ")
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"');
}

/** A comment's text: braces cannot appear inside a PGN comment. */
function comment(text: string): string {
  return `{ ${text.replace(/[{}]/g, "").replace(/\s+/g, " ").trim()} }`;
}

/** Numbers moves written from a position: "4. Qxf7#", "4... Nxh5 5. Qe2". */
function numbered(fen: string, sans: readonly string[], forceNumber = true): string {
  const [, side, , , , fullmove] = fen.split(" ");
  let number = Math.max(1, Number(fullmove) || 1);
  let white = side !== "b";
  return sans
    .map((san, index) => {
      const text = white ? `${number}. ${san}` : index === 0 && forceNumber ? `${number}... ${san}` : san;
      if (!white) number++;
      white = !white;
      return text;
    })
    .join(" ");
}

/** The FEN after the moves of `sans` from `fen`: the fullmove and side the numbering of the next line start from. */
function fenAfter(fen: string, plies: number): string {
  const fields = fen.split(" ");
  let white = fields[1] !== "b";
  let number = Number(fields[5]) || 1;
  for (let ply = 0; ply < plies; ply++) {
    if (!white) number++;
    white = !white;
  }
  return `${fields.slice(0, 1).join(" ")} ${white ? "w" : "b"} - - 0 ${number}`;
}

/**
 * The set as PGN: one game per puzzle, its moves up to the position of the puzzle, the solution as the main line
 * with the composer's explanation, and the move played in the game as a variation, with the engine's refutation.
 * English texts (PGN readers expect Latin text in comments; the JSON file keeps both languages).
 */
export function exportPgn(puzzles: readonly MyGamePuzzle[]): string {
  return puzzles
    .map((puzzle, index) => {
      const start = puzzle.startFen ?? STANDARD_START;
      const tags: [string, string][] = [
        ["Event", `My games puzzle ${index + 1}${puzzle.game.event ? `: ${puzzle.game.event}` : ""}`],
        ["Site", "?"],
        ["Date", puzzle.game.date ?? "????.??.??"],
        ["Round", "?"],
        ["White", puzzle.game.white ?? "?"],
        ["Black", puzzle.game.black ?? "?"],
        ["Result", "*"],
        ...(puzzle.game.eco ? ([["ECO", puzzle.game.eco]] as [string, string][]) : []),
        ...(puzzle.game.opening ? ([["Opening", puzzle.game.opening]] as [string, string][]) : []),
        ...(puzzle.startFen
          ? ([
              ["SetUp", "1"],
              ["FEN", puzzle.startFen],
            ] as [string, string][])
          : []),
        ["Annotator", "Chess Trainer (My games)"],
        ["PuzzleFEN", puzzle.fen],
      ];
      const head = tags.map(([name, value]) => `[${name} "${tagValue(value)}"]`).join("\n");
      const before = puzzle.gameSans.length > 0 ? `${numbered(start, puzzle.gameSans)} ` : "";
      const solution = sanLine(puzzle.fen, puzzle.solution);
      const here = fenAfter(start, puzzle.gameSans.length);
      const [best = "", ...rest] = solution;
      const variation = `(${numbered(here, [`${puzzle.played.san}?`])} ${comment("Played in the game.")} ${numbered(
        fenAfter(here, 1),
        puzzle.refutation.line,
      )})`;
      const continuation = rest.length > 0 ? ` ${numbered(fenAfter(here, 1), rest)}` : "";
      // The game's move is a variation of the puzzle's first move, which it replaced.
      const movetext = `${before}${numbered(here, [best])} ${variation} ${comment(
        `Puzzle: ${puzzle.texts.description_en}`,
      )}${continuation} ${comment(puzzle.texts.explanation_en)} *`;
      return `${head}\n\n${wrap(movetext)}\n`;
    })
    .join("\n");
}

/** Lines of at most 80 characters, as PGN export format asks. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > 80) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}
