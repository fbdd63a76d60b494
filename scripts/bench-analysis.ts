/**
 * Speed of the puzzle generator: games per minute and positions per second of `findPuzzles` over the first N
 * games of capablanca-1901-1941.pgn with an engine pool on every core, and the engine's raw speed (nodes per
 * second for one process, then for all of them at once). Writes bench-results/analysis.{json,md}.
 *   node --import tsx scripts/bench-analysis.ts [--games 40] [--nodes 100000]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { findPuzzles } from "@ct/chess";
import { REPO_ROOT } from "../apps/server/src/config";
import { EnginePool } from "../apps/server/src/engine/pool";
import { parsePgn } from "../packages/chess/src/pgn";
import { readTestData } from "../testdata/read.mjs";

const GAMES = "games/capablanca-1901-1941.pgn";
const SPEED_NODES = 1_000_000;
const SPEED_POSITIONS = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
  "2r3k1/1p3ppp/p3p3/3n4/3P4/P3BN2/1P3PPP/2R3K1 w - - 0 24",
  "8/5pk1/6p1/p2R4/P5P1/5K2/1r6/8 b - - 0 45",
];

async function nodesPerSecond(pool: EnginePool, searches: number): Promise<number> {
  const started = performance.now();
  const fens = Array.from(
    { length: searches },
    (_, i) => SPEED_POSITIONS[i % SPEED_POSITIONS.length] as string,
  );
  await Promise.all(fens.map((fen) => pool.analyse(fen, { nodes: SPEED_NODES })));
  return (searches * SPEED_NODES) / ((performance.now() - started) / 1000);
}

async function engineSpeed(cores: number): Promise<{ perCore: number; allCores: number }> {
  const single = new EnginePool({ size: 1 });
  const all = new EnginePool({ size: cores });
  try {
    await Promise.all([
      single.analyse(SPEED_POSITIONS[0] as string, { depth: 1 }),
      all.analyse(SPEED_POSITIONS[0] as string, { depth: 1 }),
    ]);
    const perCore = await nodesPerSecond(single, SPEED_POSITIONS.length);
    const allCores = await nodesPerSecond(all, SPEED_POSITIONS.length * cores);
    return { perCore, allCores };
  } finally {
    await Promise.all([single.close(), all.close()]);
  }
}

async function generatorSpeed(count: number, nodes: number, cores: number) {
  const games = parsePgn(readTestData(GAMES)).games.slice(0, count);
  const pool = new EnginePool({ size: cores });
  try {
    await pool.analyse(SPEED_POSITIONS[0] as string, { depth: 1 });
    const started = performance.now();
    let next = 0;
    let puzzles = 0;
    const lane = async () => {
      while (next < games.length) {
        const game = games[next++];
        if (!game) return;
        for await (const _ of findPuzzles(game, pool, { nodes })) puzzles++;
      }
    };
    await Promise.all(Array.from({ length: cores }, lane));
    const seconds = (performance.now() - started) / 1000;
    const positions = games.reduce((sum, game) => sum + game.moves.length + 1, 0);
    return {
      games: games.length,
      positions,
      puzzles,
      seconds: Number(seconds.toFixed(1)),
      gamesPerMinute: Number(((games.length * 60) / seconds).toFixed(2)),
      positionsPerSecond: Number((positions / seconds).toFixed(2)),
    };
  } finally {
    await pool.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { games: { type: "string", default: "40" }, nodes: { type: "string", default: "100000" } },
  });
  const nodes = Number(values.nodes);
  const cores = availableParallelism();
  const loadBefore = loadavg()[0] ?? 0;
  const engine = await engineSpeed(cores);
  console.log(
    `engine: ${Math.round(engine.perCore)} nodes/s on one core, ${Math.round(engine.allCores)} on ${cores}`,
  );
  const generator = await generatorSpeed(Number(values.games), nodes, cores);
  console.log(generator);
  const figures = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model ?? "unknown",
      cores,
      node: process.version,
      loadAverageBefore: Number(loadBefore.toFixed(2)),
      loadAverageAfter: Number((loadavg()[0] ?? 0).toFixed(2)),
    },
    engine: {
      build: "stockfish-19-lite-single (WebAssembly, one thread per process)",
      searchNodes: SPEED_NODES,
      positions: SPEED_POSITIONS.length,
      nodesPerSecondOneCore: Math.round(engine.perCore),
      nodesPerSecondAllCores: Math.round(engine.allCores),
    },
    generator: { budget: { nodes }, poolSize: cores, ...generator },
  };
  const md = [
    "# Puzzle generator speed",
    "",
    `Measured ${figures.date.slice(0, 10)} on ${figures.machine.cpu}, ${cores} cores, Node ${process.version}.`,
    "Produced by `node --import tsx scripts/bench-analysis.ts`. One-minute load average before / after:",
    `${figures.machine.loadAverageBefore} / ${figures.machine.loadAverageAfter} (other work on the machine slows`,
    "every figure: compare runs only at similar load).",
    "",
    "| figure | value |",
    "| --- | ---: |",
    `| engine nodes/s, one process (${SPEED_NODES.toLocaleString("en")}-node searches) | ${Math.round(engine.perCore).toLocaleString("en")} |`,
    `| engine nodes/s, ${cores} processes together | ${Math.round(engine.allCores).toLocaleString("en")} |`,
    `| findPuzzles budget | ${nodes.toLocaleString("en")} nodes per search |`,
    `| games (first of capablanca-1901-1941.pgn) | ${generator.games} |`,
    `| positions (plies + 1) | ${generator.positions} |`,
    `| puzzles found | ${generator.puzzles} |`,
    `| wall time | ${generator.seconds} s |`,
    `| games per minute | ${generator.gamesPerMinute} |`,
    `| positions per second | ${generator.positionsPerSecond} |`,
    "",
    "Every position is searched once (MultiPV 1) and each turning point is solved with further MultiPV 2",
    "searches, so time grows about linearly with the node budget: at N nodes per search expect roughly",
    `${generator.positionsPerSecond} × ${nodes.toLocaleString("en")} / N positions per second.`,
    "",
  ].join("\n");
  mkdirSync(join(REPO_ROOT, "bench-results"), { recursive: true });
  writeFileSync(join(REPO_ROOT, "bench-results/analysis.json"), `${JSON.stringify(figures, null, 2)}\n`);
  writeFileSync(join(REPO_ROOT, "bench-results/analysis.md"), md);
  console.log(md);
}

await main();
