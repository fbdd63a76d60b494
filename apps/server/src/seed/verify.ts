/**
 * `npm run content:verify`: re-checks every seed position with the engine. Each must be a legal puzzle (FEN,
 * correct moves, solution line) and the engine, searching afresh, must find its first move the only good one.
 *   npm run content:verify [-- --nodes 1000000 --engines 2]
 */
import { checkPuzzle, isCorrectMove } from "@ct/chess";
import { solveFrom } from "../analysis/generator";
import { option } from "../cli/command";
import { EnginePool } from "../engine/pool";
import { readSeedPositions, SEED_FILE } from "./seed";

const args = process.argv.slice(2);
const nodes = Number(option(args, "nodes") ?? 1_000_000);
const engines = Number(option(args, "engines") ?? 0) || undefined;

async function main(): Promise<number> {
  const positions = readSeedPositions();
  if (positions.length === 0) {
    console.error(`no seed positions in ${SEED_FILE}`);
    return 1;
  }
  const engine = new EnginePool(engines ? { size: engines } : {});
  const started = Date.now();
  const failures: string[] = [];
  try {
    await Promise.all(
      positions.map(async (position) => {
        const label = position.source ?? position.fen;
        const check = checkPuzzle(position.fen, position.correct_moves, position.solution);
        if (!check.ok) {
          failures.push(`${label}: ${check.problems.map((p) => `${p.path} ${p.message}`).join("; ")}`);
          return;
        }
        const solved = await solveFrom(check.fen, engine, { nodes });
        const first = solved?.solution[0];
        if (!first) failures.push(`${label}: the engine finds no single best first move`);
        else if (!isCorrectMove(check.fen, first, position.correct_moves))
          failures.push(`${label}: the engine prefers ${first} to ${position.correct_moves.join(", ")}`);
      }),
    );
  } finally {
    await engine.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const failure of failures) console.error(`  ✗ ${failure}`);
  console.log(
    `${positions.length - failures.length} of ${positions.length} seed positions verified at ${nodes} nodes ` +
      `per search in ${seconds} s`,
  );
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
