/**
 * `npm run content:build:library`: checks every puzzle of the published library source once, when the pack is
 * built (never at start), and writes the pack of those that pass (see ./library-pack.ts):
 * - every move of the line is legal;
 * - the engine, searching the position after the opponent's move (MultiPV 2, `--nodes`, default
 *   LIBRARY_PACK_NODES, the budget the shipped pack was built with), plays the solution's first move, or any mate
 *   in one when the solution mates at once;
 * - that move is the only good one by lichess's rule (`isOnlyMove`).
 * A puzzle that fails is left out and counted. Results are kept in a checkpoint file as they come, so an interrupted
 * build resumes where it stopped.
 *   npm run content:build:library [-- --nodes 150000 --engines 2 --limit N]
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { option } from "../cli/command";
import { EnginePool } from "../engine/pool";
import { type PuzzleVerdict, verifyLine } from "../importers/verify";
import {
  LIBRARY_PACK_FILE,
  LIBRARY_PACK_HEADER,
  LIBRARY_PACK_NODES,
  libraryId,
  readLibrarySource,
} from "./library-pack";

interface Checked {
  line: number;
  verdict: PuzzleVerdict;
}

async function main(args: string[]): Promise<number> {
  const nodes = Number(option(args, "nodes") ?? LIBRARY_PACK_NODES);
  const engines = Number(option(args, "engines") ?? 0) || undefined;
  const limit = Number(option(args, "limit") ?? 0) || Number.POSITIVE_INFINITY;
  const out = option(args, "out") ?? LIBRARY_PACK_FILE;
  const checkpoint = option(args, "checkpoint") ?? join(tmpdir(), `chess-trainer-library-${nodes}.jsonl`);
  const rows = readLibrarySource().slice(0, limit);

  const done = new Map<number, PuzzleVerdict>();
  if (existsSync(checkpoint))
    for (const text of readFileSync(checkpoint, "utf8").split("\n").filter(Boolean)) {
      const item = JSON.parse(text) as Checked;
      done.set(item.line, item.verdict);
    }
  const engine = new EnginePool({ ...(engines ? { size: engines } : {}), timeoutMs: 300_000 });
  const started = Date.now();
  let searched = 0;
  try {
    const queue = rows.map((row, line) => ({ row, line })).filter(({ line }) => !done.has(line));
    const inFlight = (engines ?? 2) * 2;
    const next = async (): Promise<void> => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { row, line } = item;
        const verdict = await verifyLine(engine, row, nodes);
        done.set(line, verdict);
        appendFileSync(checkpoint, `${JSON.stringify({ line, verdict })}\n`);
        searched++;
        if (searched % 250 === 0) {
          const rate = searched / ((Date.now() - started) / 1000);
          console.log(`${done.size} of ${rows.length} checked (${rate.toFixed(1)}/s)`);
        }
      }
    };
    await Promise.all(Array.from({ length: inFlight }, next));
  } finally {
    await engine.close();
  }

  const counts: Record<PuzzleVerdict, number> = { ok: 0, illegal: 0, "not-best": 0, "not-unique": 0 };
  const lines = [LIBRARY_PACK_HEADER];
  rows.forEach((row, line) => {
    const verdict = done.get(line) ?? "illegal";
    counts[verdict]++;
    if (verdict === "ok") lines.push(`${libraryId(row)},${row.fen},${row.moves},${row.rating}`);
  });
  writeFileSync(out, gzipSync(`${lines.join("\n")}\n`, { level: 9 }));
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `library: ${counts.ok} of ${rows.length} kept; left out ${counts.illegal} illegal, ${counts["not-best"]} ` +
      `where the engine prefers another move, ${counts["not-unique"]} without a single best move ` +
      `(${nodes} nodes per search, ${seconds} s) → ${out}`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
