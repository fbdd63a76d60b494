/**
 * Do generated puzzles stay unique under a deeper judge? Each puzzle's position is searched again at a much larger
 * node budget (default 8,000,000, MultiPV 2) and judged as the library's check judges (`judgePuzzle`): the first
 * move must still be the engine's best (any mate in one when it mates at once) and the only good one by lichess's
 * rule. Puzzles: the seed positions (made by the generator at 1,000,000 nodes), and with `--pgn` the puzzles the
 * generator finds afresh in that file's first `--games` games at the pipeline's budget. Writes
 * bench-results/uniqueness.md.
 *   node --import tsx scripts/measure-uniqueness.ts [--nodes 8000000] [--every 3 --offset 0] [--pgn games/london-1851.pgn --games 20]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { findPuzzles, parsePgn } from "@ct/chess";
import { ANALYSIS_NODES } from "@ct/contract";
import { REPO_ROOT } from "../apps/server/src/config";
import { EnginePool } from "../apps/server/src/engine/pool";
import { judgePuzzle, type PuzzleVerdict } from "../apps/server/src/importers/verify";
import { readSeedPositions } from "../apps/server/src/seed/seed";
import { readTestData } from "../testdata/read.mjs";

const { values } = parseArgs({
  options: {
    nodes: { type: "string", default: "8000000" },
    pgn: { type: "string" },
    games: { type: "string", default: "20" },
    limit: { type: "string" },
    every: { type: "string", default: "1" },
    offset: { type: "string", default: "0" },
  },
});
const nodes = Number(values.nodes);

interface Candidate {
  label: string;
  fen: string;
  solution: string[];
}

async function generated(engine: EnginePool): Promise<Candidate[]> {
  if (!values.pgn) return [];
  const games = parsePgn(readTestData(values.pgn)).games.slice(0, Number(values.games));
  const found: Candidate[] = [];
  for (const [index, game] of games.entries()) {
    for await (const puzzle of findPuzzles(game, engine, { nodes: ANALYSIS_NODES.default }))
      found.push({
        label: `${values.pgn}#${index + 1} ply ${puzzle.ply}`,
        fen: puzzle.fen,
        solution: puzzle.solution,
      });
  }
  return found;
}

async function main(): Promise<void> {
  const engine = new EnginePool({ timeoutMs: 600_000 });
  const started = Date.now();
  try {
    const seed = readSeedPositions().map((position) => ({
      label: position.source ?? position.fen,
      fen: position.fen,
      solution: position.solution,
    }));
    const fresh = await generated(engine);
    // `--every K` judges every K-th puzzle (an even sample across the seed's sources and phases).
    const every = Math.max(1, Number(values.every));
    const all = [...seed, ...fresh]
      .filter((_, index) => index % every === Number(values.offset) % every)
      .slice(0, Number(values.limit ?? Number.POSITIVE_INFINITY));
    const verdicts = await Promise.all(
      all.map(async (puzzle) => {
        const result = await engine.analyse(puzzle.fen, { nodes, multipv: 2 });
        return { puzzle, verdict: judgePuzzle(puzzle.fen, puzzle.solution, result) };
      }),
    );
    const count = (verdict: PuzzleVerdict, from: Candidate[]) =>
      verdicts.filter((each) => from.includes(each.puzzle) && each.verdict === verdict).length;
    const judged = (from: Candidate[]) => from.filter((each) => all.includes(each));
    const rows = [
      [
        every > 1 ? `seed positions (every ${every}th from #${values.offset})` : "seed positions",
        judged(seed),
      ],
      ...(fresh.length > 0
        ? [[`generated from ${values.pgn} (${values.games} games)`, judged(fresh)] as const]
        : []),
    ] as const;
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    const lines = [
      "# Uniqueness under a deeper judge",
      "",
      `Each puzzle searched again at ${nodes.toLocaleString("en")} nodes, MultiPV 2, and judged by lichess's rule ` +
        `(first move still best, the only good one). ${minutes} min on this machine.`,
      "",
      "| puzzles | count | still unique | not best | not unique | rate |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      ...rows.map(([name, from]) => {
        const ok = count("ok", [...from]);
        return `| ${name} | ${from.length} | ${ok} | ${count("not-best", [...from])} | ${count("not-unique", [...from])} | ${((100 * ok) / Math.max(1, from.length)).toFixed(1)} % |`;
      }),
      "",
      "Failures:",
      "",
      ...verdicts
        .filter((each) => each.verdict !== "ok")
        .map(
          (each) =>
            `- ${each.puzzle.label}: ${each.verdict} (${each.puzzle.fen}, ${each.puzzle.solution[0]})`,
        ),
      "",
      "Reproduce: `node --import tsx scripts/measure-uniqueness.ts` (add `--pgn games/london-1851.pgn` for fresh puzzles).",
    ];
    const dir = join(REPO_ROOT, "bench-results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "uniqueness.md"), `${lines.join("\n")}\n`);
    console.log(lines.join("\n"));
  } finally {
    await engine.close();
  }
}

await main();
