import { describe, expect, it } from "vitest";
import { type LineBatch, lineBatches, MAX_LINE_BYTES } from "./lines";

async function* stream(chunks: (Buffer | string)[]): AsyncGenerator<Buffer | string> {
  yield* chunks;
}

async function collect(
  chunks: (Buffer | string)[],
  options: Partial<Parameters<typeof lineBatches>[1]> = {},
): Promise<LineBatch[]> {
  const out: LineBatch[] = [];
  for await (const batch of lineBatches(stream(chunks), {
    firstLine: 1,
    startOffset: 0,
    batchSize: 2,
    ...options,
  }))
    out.push(batch);
  return out;
}

/** Every byte in its own chunk: lines and multi-byte characters split anywhere. */
const bytewise = (text: string) => [...Buffer.from(text)].map((byte) => Buffer.from([byte]));

describe("lineBatches", () => {
  it("cuts lines across chunk boundaries, keeping exact byte offsets with multi-byte text and CRLF", async () => {
    const text = "a,é\r\nGrünfeld\n\nlast";
    const batches = await collect(bytewise(text));
    expect(batches).toEqual([
      { firstLine: 1, lines: ["a,é", "Grünfeld"], endOffset: Buffer.byteLength("a,é\r\nGrünfeld\n") },
      { firstLine: 3, lines: ["", "last"], endOffset: Buffer.byteLength(text) },
    ]);
  });

  it("numbers lines and offsets from where a resumed read starts, and stops after `limit` non-blank lines", async () => {
    const batches = await collect(["x\n\ny\nz\nw\n"], { firstLine: 10, startOffset: 100, limit: 2 });
    expect(batches).toEqual([
      { firstLine: 10, lines: ["x", ""], endOffset: 103 },
      { firstLine: 12, lines: ["y"], endOffset: 105 },
    ]);
  });

  it("does not keep an over-long line: it becomes null and reading goes on after it", async () => {
    const long = "x".repeat(MAX_LINE_BYTES + 10);
    const batches = await collect([long.slice(0, 40_000), `${long.slice(40_000)}\nok\n`], { batchSize: 10 });
    expect(batches).toEqual([{ firstLine: 1, lines: [null, "ok"], endOffset: long.length + 4 }]);
  });
});
