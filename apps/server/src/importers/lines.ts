/** A run of consecutive lines of an input, with where the next batch starts. */
export interface LineBatch {
  /** Line number (1-based, in the whole file) of `lines[0]`. */
  firstLine: number;
  /** The lines without their end-of-line; `null` for a line longer than `MAX_LINE_BYTES` (not kept). */
  lines: (string | null)[];
  /** Byte offset just after the last line of the batch: where a resumed import starts reading. */
  endOffset: number;
}

/** Longer lines are refused without being held in memory (a lichess row is about 200 bytes). */
export const MAX_LINE_BYTES = 64 * 1024;

/** Where a read starts (line number and byte offset, for resumed reads), batch size and an optional stop. */
export interface LineBatchOptions {
  /** Number of the first line the source delivers. */
  firstLine: number;
  /** Byte offset of the source's first byte in the file (0 for a whole stream). */
  startOffset: number;
  batchSize: number;
  /** Stop after this many non-blank lines. */
  limit?: number;
}

/**
 * Cuts a byte stream into batches of lines, counting bytes exactly so a batch's end offset can be stored and
 * reading resumed there. Memory stays bounded: one chunk, one partial line and one batch at a time.
 */
export async function* lineBatches(
  source: AsyncIterable<Buffer | string>,
  options: LineBatchOptions,
): AsyncGenerator<LineBatch> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let offset = options.startOffset;
  let nextLine = options.firstLine;
  let batch: LineBatch = { firstLine: nextLine, lines: [], endOffset: offset };
  let nonBlank = 0;
  // The start of a line that continues in the next chunk: its parts, its byte count, and whether it is too long.
  let partial: Buffer[] = [];
  let partialBytes = 0;

  const take = (line: string | null, bytes: number): boolean => {
    offset += bytes;
    nextLine++;
    batch.lines.push(line);
    batch.endOffset = offset;
    if (line === null || line.trim() !== "") nonBlank++;
    return nonBlank >= limit;
  };
  const cut = (): LineBatch => {
    const full = batch;
    batch = { firstLine: nextLine, lines: [], endOffset: offset };
    return full;
  };

  if (limit <= 0) return;
  for await (const piece of source) {
    const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(10, start);
      if (end < 0) {
        partialBytes += chunk.length - start;
        if (partialBytes <= MAX_LINE_BYTES) partial.push(chunk.subarray(start));
        else partial = [];
        break;
      }
      const bytes = partialBytes + end - start + 1;
      let line: string | null = null;
      if (bytes - 1 <= MAX_LINE_BYTES) {
        line =
          partial.length > 0
            ? Buffer.concat([...partial, chunk.subarray(start, end)]).toString("utf8")
            : chunk.toString("utf8", start, end);
        if (line.endsWith("\r")) line = line.slice(0, -1);
      }
      partial = [];
      partialBytes = 0;
      start = end + 1;
      const stop = take(line, bytes);
      if (stop || batch.lines.length >= options.batchSize) yield cut();
      if (stop) return;
    }
  }
  if (partialBytes > 0) {
    const line = partialBytes <= MAX_LINE_BYTES ? Buffer.concat(partial).toString("utf8") : null;
    take(line?.endsWith("\r") ? line.slice(0, -1) : line, partialBytes);
  }
  if (batch.lines.length > 0) yield cut();
}
