/**
 * The engine check of a puzzle line (the shipped library's build and `import-lichess --verify` both use it): every
 * move is legal, the engine's best move in the puzzle position is the solution's first move (any mate when the
 * solution mates at once), and it is the only good move by lichess's rule (`isOnlyMove`).
 */
import { createReadStream, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { isOnlyMove } from "@ct/chess";
import { Chess, normalizeMove } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";
import type { EnginePool, EngineResult } from "../engine/pool";
import { columnsOfFirstLine, splitCsvLine } from "./lichess-csv";

export type PuzzleVerdict = "ok" | "illegal" | "not-best" | "not-unique";

/** The position after the opponent's first move and the solution; null when a move is not legal. */
export function puzzleOfLine(row: {
  fen: string;
  moves: string;
}): { fen: string; solution: string[] } | null {
  const setup = parseFen(row.fen);
  if (setup.isErr) return null;
  const made = Chess.fromSetup(setup.value);
  if (made.isErr) return null;
  const board = made.value;
  const moves = row.moves.split(" ");
  if (moves.length < 2) return null;
  let fen = "";
  for (const [index, uci] of moves.entries()) {
    const parsed = parseUci(uci);
    if (!parsed || !("from" in parsed)) return null;
    const move = normalizeMove(board, parsed);
    if (!board.isLegal(move)) return null;
    board.play(move);
    if (index === 0) fen = makeFen(board.toSetup());
  }
  return { fen, solution: moves.slice(1) };
}

function after(fen: string, uci: string): { board: Chess; capture: boolean } | null {
  const board = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  const parsed = parseUci(uci);
  if (!parsed || !("from" in parsed)) return null;
  const move = normalizeMove(board, parsed);
  if (!("from" in move) || !board.isLegal(move)) return null;
  const capture =
    board.board.occupied.has(move.to) || (board.board.pawn.has(move.from) && move.to === board.epSquare);
  board.play(move);
  return { board, capture };
}

/** The verdict on one puzzle from the engine's search of its position (pure, so it is unit-tested). */
export function judgePuzzle(fen: string, solution: readonly string[], result: EngineResult): PuzzleVerdict {
  const [best, second] = result.lines;
  const first = solution[0];
  if (!best || !first) return "not-best";
  const played = after(fen, first);
  if (!played) return "illegal";
  const mateInOne = best.mate === 1 && played.board.isCheckmate();
  if (best.pv[0] !== first && !mateInOne) return "not-best";
  const secondMove = second?.pv[0];
  const alternative = secondMove ? after(fen, secondMove) : null;
  const only = isOnlyMove({
    best: { cp: best.cp, mate: best.mate },
    ...(second && alternative
      ? { second: { score: { cp: second.cp, mate: second.mate }, isCapture: alternative.capture } }
      : {}),
  });
  return only ? "ok" : "not-unique";
}

/** Checks one line with the engine. */
export async function verifyLine(
  engine: Pick<EnginePool, "analyse">,
  row: { fen: string; moves: string },
  nodes: number,
): Promise<PuzzleVerdict> {
  const puzzle = puzzleOfLine(row);
  if (!puzzle) return "illegal";
  const result = await engine.analyse(puzzle.fen, { nodes, multipv: 2 });
  return judgePuzzle(puzzle.fen, puzzle.solution, result);
}

/**
 * `import-lichess --verify`: checks every row of a lichess puzzle file with the engine (a few searches at a time)
 * and writes the rows that pass, with the header, to a temporary file that is then imported as usual.
 */
export async function verifyLichessFile(
  path: string,
  engine: Pick<EnginePool, "analyse">,
  options: { nodes: number; parallel: number; onProgress?: (checked: number) => void },
): Promise<{ file: string; counts: Record<PuzzleVerdict, number> }> {
  const counts: Record<PuzzleVerdict, number> = { ok: 0, illegal: 0, "not-best": 0, "not-unique": 0 };
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  const kept: string[] = [];
  let columns: ReturnType<typeof columnsOfFirstLine> = null;
  let pending: Promise<void>[] = [];
  let checked = 0;
  for await (const line of lines) {
    if (!columns) {
      columns = columnsOfFirstLine(line);
      if (!columns) throw new Error(`${path}: not a lichess puzzle file`);
      if (columns.header) {
        kept.push(line);
        continue;
      }
    }
    if (line.trim() === "") continue;
    const fields = splitCsvLine(line) ?? [];
    const row = { fen: fields[columns.columns.fen] ?? "", moves: fields[columns.columns.moves] ?? "" };
    const index = kept.push("") - 1;
    pending.push(
      verifyLine(engine, row, options.nodes).then((verdict) => {
        counts[verdict]++;
        if (verdict === "ok") kept[index] = line;
        options.onProgress?.(++checked);
      }),
    );
    if (pending.length >= options.parallel) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  const file = join(tmpdir(), `chess-trainer-verified-${process.pid}-${Date.now()}.csv`);
  writeFileSync(file, `${kept.filter(Boolean).join("\n")}\n`);
  return { file, counts };
}
