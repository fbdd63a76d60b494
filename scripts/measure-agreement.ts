/**
 * How often the puzzle solver agrees with lichess. For each puzzle of the lichess sample (FEN before the
 * opponent's move; the first of `Moves` is that move), play the opponent's move, call `solveFrom` at a fixed node
 * budget, and compare: same first move, lichess's move among the accepted first moves, same whole line, refused.
 * Writes bench-results/agreement.md.
 *   node --import tsx scripts/measure-agreement.ts [--limit 300] [--nodes 150000]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { solveFrom } from "@ct/chess";
import { Chess } from "chess.js";
import { REPO_ROOT } from "../apps/server/src/config";
import { EnginePool } from "../apps/server/src/engine/pool";
import { readTestData } from "../testdata/read.mjs";

const SAMPLE = "lichess/puzzles-sample-1500.csv";

interface LichessPuzzle {
  id: string;
  fen: string;
  moves: string[];
  themes: string[];
}

interface Outcome {
  puzzle: LichessPuzzle;
  firstAgrees: boolean;
  accepted: boolean;
  sameLine: boolean;
  refused: boolean;
  ours: string[];
}

function readSample(limit: number): LichessPuzzle[] {
  const [header, ...rows] = readTestData(SAMPLE).split(/\r?\n/).filter(Boolean);
  const columns = (header ?? "").split(",");
  const at = (name: string) => columns.indexOf(name);
  return rows.slice(0, limit).map((row) => {
    const cells = row.split(",");
    return {
      id: cells[at("PuzzleId")] ?? "",
      fen: cells[at("FEN")] ?? "",
      moves: (cells[at("Moves")] ?? "").split(" "),
      themes: (cells[at("Themes")] ?? "").split(" "),
    };
  });
}

function afterMove(fen: string, uci: string): string {
  const board = new Chess(fen);
  board.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
  return board.fen();
}

async function measure(puzzle: LichessPuzzle, engine: EnginePool, nodes: number): Promise<Outcome> {
  const [opponentMove, ...expected] = puzzle.moves;
  const line = await solveFrom(
    afterMove(puzzle.fen, opponentMove as string),
    engine,
    { nodes },
    { zugzwang: false },
  );
  const ours = line?.solution ?? [];
  return {
    puzzle,
    firstAgrees: ours[0] === expected[0],
    accepted: line?.correctMoves.includes(expected[0] as string) ?? false,
    sameLine: ours.join(" ") === expected.join(" "),
    refused: line === null,
    ours,
  };
}

/** Runs `work` over `items` with at most `width` in flight; results keep the input order. */
async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

function report(outcomes: readonly Outcome[], nodes: number, seconds: number, cores: number): string {
  const count = (keep: (outcome: Outcome) => boolean, within: readonly Outcome[] = outcomes) =>
    within.filter(keep).length;
  const row = (label: string, within: readonly Outcome[]) =>
    `| ${label} | ${within.length} | ${percent(
      count((o) => o.firstAgrees, within),
      within.length,
    )} | ` +
    `${percent(
      count((o) => o.accepted, within),
      within.length,
    )} | ` +
    `${percent(
      count((o) => o.sameLine, within),
      within.length,
    )} | ` +
    `${percent(
      count((o) => o.refused, within),
      within.length,
    )} |`;
  const mates = outcomes.filter((o) => o.puzzle.themes.includes("mate"));
  const others = outcomes.filter((o) => !o.puzzle.themes.includes("mate"));
  const answered = outcomes.filter((o) => !o.refused);
  return [
    "# Puzzle solver agreement with lichess",
    "",
    `\`solveFrom\` at **${nodes.toLocaleString("en")} nodes** per search (MultiPV 2 for the solver), Stockfish 19 lite,`,
    `on the first ${outcomes.length} puzzles of \`testdata/lichess/puzzles-sample-1500.csv\`; ${cores} engine`,
    `processes, ${seconds.toFixed(0)} s in all. Produced by \`node --import tsx scripts/measure-agreement.ts\`.`,
    "",
    "| puzzles | count | first move = lichess | lichess move accepted | whole line = lichess | refused |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    row("all", outcomes),
    row("mate themes", mates),
    row("other", others),
    row("answered (not refused)", answered),
    "",
    "Refused means the first move was not clearly the only good one at this budget (see THRESHOLDS in",
    "packages/chess/src/generator/generator.ts). 'Accepted' counts every mate in one as correct.",
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { limit: { type: "string", default: "300" }, nodes: { type: "string", default: "150000" } },
  });
  const limit = Number(values.limit);
  const nodes = Number(values.nodes);
  const puzzles = readSample(limit);
  const cores = availableParallelism();
  const engine = new EnginePool({ size: cores });
  const started = performance.now();
  try {
    let done = 0;
    const outcomes = await inParallel(puzzles, cores * 2, async (puzzle) => {
      const outcome = await measure(puzzle, engine, nodes);
      if (++done % 50 === 0) console.log(`${done}/${puzzles.length}`);
      return outcome;
    });
    const seconds = (performance.now() - started) / 1000;
    const text = report(outcomes, nodes, seconds, cores);
    mkdirSync(join(REPO_ROOT, "bench-results"), { recursive: true });
    writeFileSync(join(REPO_ROOT, "bench-results/agreement.md"), text);
    console.log(text);
    // Disagreements go to the console only: the report must not carry data from the lichess sample.
    for (const o of outcomes.filter((outcome) => !outcome.refused && !outcome.firstAgrees)) {
      console.log(`${o.puzzle.id}: lichess ${o.puzzle.moves.slice(1).join(" ")} / ours ${o.ours.join(" ")}`);
    }
  } finally {
    await engine.close();
  }
}

await main();
