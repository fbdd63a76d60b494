import { type ColumnMap, mapLichessRow, type PreparedPuzzle, splitCsvLine } from "./lichess-csv";
import { type LineBatch, MAX_LINE_BYTES } from "./lines";

/** A row that was not imported, and why. */
export interface Refusal {
  line: number;
  reason: string;
}

/** A batch of lines turned into puzzles (in line order) and refusals. Blank lines count for neither. */
export interface PreparedBatch {
  firstLine: number;
  /** Number of the last line of the batch. */
  lastLine: number;
  endOffset: number;
  /** Non-blank lines read. */
  read: number;
  puzzles: PreparedPuzzle[];
  refusals: Refusal[];
}

/**
 * Parses, checks and composes one batch: the CPU-heavy part of an import, pure so it can run on a worker thread
 * while the main thread writes the previous batch.
 */
export function prepareBatch(batch: LineBatch, columns: ColumnMap): PreparedBatch {
  const puzzles: PreparedPuzzle[] = [];
  const refusals: Refusal[] = [];
  let read = 0;
  batch.lines.forEach((text, index) => {
    const line = batch.firstLine + index;
    if (text === null) {
      read++;
      refusals.push({ line, reason: `line is longer than ${MAX_LINE_BYTES} bytes` });
      return;
    }
    if (text.trim() === "") return;
    read++;
    const fields = splitCsvLine(text);
    if (!fields) {
      refusals.push({ line, reason: "a quoted field is not closed" });
      return;
    }
    const result = mapLichessRow(fields, columns);
    if (result.ok) puzzles.push(result.puzzle);
    else refusals.push({ line, reason: result.reason });
  });
  return {
    firstLine: batch.firstLine,
    lastLine: batch.firstLine + batch.lines.length - 1,
    endOffset: batch.endOffset,
    read,
    puzzles,
    refusals,
  };
}
