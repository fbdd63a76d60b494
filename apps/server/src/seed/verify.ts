/**
 * `npm run content:verify`: re-checks every shipped puzzle, the seed positions and the library pack.
 * - Legality: every move of the line plays (seed: `checkPuzzle`; library: the pack's line replayed).
 * - Uniqueness: the engine, searching afresh with MultiPV 2, plays the first move and it is the only good one by
 *   lichess's rule (seed: the generator's `solveFrom` at `--nodes`; library: `verifyLine` at `--library-nodes`,
 *   the budget the pack was built with).
 * - Text facts: every hint, description and explanation is checked on the board (`coachingProblems`): the seed's
 *   stored texts, and the library's texts as the importer composes them on first start.
 *   npm run content:verify [-- --nodes 1000000 --library-nodes 150000 --library-limit N --engines 2 --texts-only]
 */
import { readFileSync } from "node:fs";
import { type CoachTexts, checkPuzzle, coachingProblems, isCorrectMove, solveFrom } from "@ct/chess";
import { option } from "../cli/command";
import { EnginePool } from "../engine/pool";
import { columnsOfFirstLine, mapLichessRow, splitCsvLine } from "../importers/lichess-csv";
import { verifyLine } from "../importers/verify";
import { coachInputOf, parseSeedEntries } from "./coach-facts";
import { LIBRARY_PACK_NODES, readLibraryPack } from "./library-pack";
import { coachTextsOf, SEED_FILE } from "./seed";

const args = process.argv.slice(2);
const nodes = Number(option(args, "nodes") ?? 1_000_000);
const libraryNodes = Number(option(args, "library-nodes") ?? LIBRARY_PACK_NODES);
const libraryLimit = Number(option(args, "library-limit") ?? 0) || Number.POSITIVE_INFINITY;
const engines = Number(option(args, "engines") ?? 0) || undefined;
const textsOnly = args.includes("--texts-only");

interface Tally {
  checked: number;
  failures: string[];
}

/** Runs `check` on every item, a few at a time (the engine pool queues the searches). */
async function each<T>(
  items: readonly T[],
  parallel: number,
  check: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await check(item);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

async function verifySeed(engine: EnginePool | null): Promise<Tally> {
  const positions = parseSeedEntries(JSON.parse(readFileSync(SEED_FILE, "utf8")));
  if (positions.length === 0) throw new Error(`no seed positions in ${SEED_FILE}`);
  const failures: string[] = [];
  await each(positions, 8, async (position) => {
    const label = position.source ?? position.fen;
    const check = checkPuzzle(position.fen, position.correct_moves, position.solution);
    if (!check.ok) {
      failures.push(`${label}: ${check.problems.map((p) => `${p.path} ${p.message}`).join("; ")}`);
      return;
    }
    const texts = coachTextsOf(position);
    for (const problem of coachingProblems({ ...coachInputOf(position), fen: check.fen }, texts))
      failures.push(`${label}: ${problem}`);
    if (!engine) return;
    const solved = await solveFrom(check.fen, engine, { nodes }, { zugzwang: false });
    const first = solved?.solution[0];
    if (!first) failures.push(`${label}: the engine finds no single best first move`);
    else if (!isCorrectMove(check.fen, first, position.correct_moves))
      failures.push(`${label}: the engine prefers ${first} to ${position.correct_moves.join(", ")}`);
  });
  return { checked: positions.length, failures };
}

async function verifyLibrary(engine: EnginePool | null): Promise<Tally> {
  const [header = "", ...lines] = readLibraryPack().trimEnd().split("\n");
  const columns = columnsOfFirstLine(header)?.columns;
  if (!columns) throw new Error("the library pack has no lichess header");
  const rows = lines.slice(0, libraryLimit);
  const failures: string[] = [];
  let done = 0;
  const started = Date.now();
  await each(rows, engine ? 8 : 1, async (line) => {
    const fields = splitCsvLine(line) ?? [];
    const label = `library:${fields[columns.id] ?? "?"}`;
    const mapped = mapLichessRow(fields, columns);
    if (!mapped.ok) {
      failures.push(`${label}: ${mapped.reason}`);
      return;
    }
    const { puzzle } = mapped;
    const hints = JSON.parse(puzzle.hints) as CoachTexts["hints"];
    const texts: CoachTexts = { ...puzzle, hints };
    const solution = JSON.parse(puzzle.solution) as string[];
    for (const problem of coachingProblems({ fen: puzzle.fen, solution, themes: [] }, texts))
      failures.push(`${label}: ${problem}`);
    if (engine) {
      const verdict = await verifyLine(
        engine,
        { fen: fields[columns.fen] ?? "", moves: fields[columns.moves] ?? "" },
        libraryNodes,
      );
      if (verdict !== "ok") failures.push(`${label}: ${verdict}`);
    }
    if (++done % 1000 === 0)
      console.log(
        `  library: ${done} of ${rows.length} (${(done / ((Date.now() - started) / 1000)).toFixed(1)}/s)`,
      );
  });
  return { checked: rows.length, failures };
}

async function main(): Promise<number> {
  const engine = textsOnly ? null : new EnginePool(engines ? { size: engines } : {});
  const started = Date.now();
  try {
    const seed = await verifySeed(engine);
    const library = await verifyLibrary(engine);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    for (const failure of [...seed.failures, ...library.failures]) console.error(`  ✗ ${failure}`);
    const what = engine
      ? `legality, uniqueness (seed at ${nodes} nodes, library at ${libraryNodes}) and text facts`
      : "legality and text facts";
    console.log(
      `${seed.checked - new Set(seed.failures.map(labelOf)).size} of ${seed.checked} seed positions and ` +
        `${library.checked - new Set(library.failures.map(labelOf)).size} of ${library.checked} library puzzles ` +
        `pass (${what}) in ${seconds} s`,
    );
    return seed.failures.length + library.failures.length === 0 ? 0 : 1;
  } finally {
    await engine?.close();
  }
}

/** The puzzle a failure line is about. */
function labelOf(failure: string): string {
  return failure.slice(0, failure.indexOf(": "));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
