/**
 * Measures the tactical theme tagger against lichess's own tags on a sample of its puzzle database, per theme:
 * lichess count, our count, true positives, precision and recall, plus tagging speed. Writes
 * bench-results/tagger.{md,json}.
 *   node --import tsx scripts/measure-tagger.ts [--engine] [--nodes 1000000] [--examples fork]
 * --engine evaluates each non-mating line's final position with the engine pool and runs the zugzwang test on
 * every line, so advantage, crushing, equality and zugzwang can be measured; without it they are reported as not
 * measured (the findings are kept in bench-results/tagger-*-<nodes>.json for the next run). --examples THEME prints
 * the puzzles where we and lichess disagree on THEME, to study a rule.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";
import { REPO_ROOT } from "../apps/server/src/config";
import { EnginePool } from "../apps/server/src/engine/pool";
import { evalForThemes, SETTLE_FACTOR, settleLine } from "../packages/chess/src/generator/generator";
import { isZugzwang } from "../packages/chess/src/generator/zugzwang";
import { isNearEvalLine, type TagInput, tagThemes } from "../packages/chess/src/themes";
import { readTestData } from "../testdata/read.mjs";

const SAMPLE = "lichess/puzzles-sample-1500.csv";
const OUT_DIR = join(REPO_ROOT, "bench-results");

/** Themes the tagger implements, in report order; the eval themes only count when an engine ran. */
const THEMES = [
  "mate",
  "mateIn1",
  "mateIn2",
  "mateIn3",
  "mateIn4",
  "mateIn5",
  "backRankMate",
  "smotheredMate",
  "anastasiaMate",
  "hookMate",
  "arabianMate",
  "bodenMate",
  "doubleBishopMate",
  "dovetailMate",
  "fork",
  "pin",
  "skewer",
  "discoveredAttack",
  "doubleCheck",
  "hangingPiece",
  "sacrifice",
  "deflection",
  "attraction",
  "promotion",
  "underPromotion",
  "enPassant",
  "quietMove",
  "defensiveMove",
  "exposedKing",
  "trappedPiece",
  "xRayAttack",
  "clearance",
  "intermezzo",
  "capturingDefender",
  "interference",
  "zugzwang",
  "advantage",
  "crushing",
  "equality",
  "oneMove",
  "short",
  "long",
  "veryLong",
  "kingsideAttack",
  "queensideAttack",
  "advancedPawn",
  "attackingF2F7",
  "opening",
  "middlegame",
  "endgame",
  "pawnEndgame",
  "rookEndgame",
  "bishopEndgame",
  "knightEndgame",
  "queenEndgame",
];
const EVAL_THEMES = new Set(["advantage", "crushing", "equality", "zugzwang"]);
/** Stands for "mate ahead" in centipawns. */
const MATE_CP = 10_000;

interface Puzzle {
  id: string;
  input: TagInput;
  /** The position after the whole solution, which the engine evaluates. */
  finalFen: string;
  lichess: Set<string>;
}

interface ThemeFigure {
  theme: string;
  lichess: number;
  ours: number;
  truePositives: number;
  precision: number | null;
  recall: number | null;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function play(position: Chess, uci: string, id: string): void {
  const move = parseUci(uci);
  if (!move || !position.isLegal(move)) throw new Error(`puzzle ${id}: illegal move ${uci}`);
  position.play(move);
}

/** One CSV row as a tagger input: the opponent's first move is played to reach the puzzle position. */
function toPuzzle(row: string): Puzzle {
  const [id = "", fen = "", moves = "", , , , , themes = ""] = row.split(",");
  const [first = "", ...solution] = moves.split(" ");
  const position = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  play(position, first, id);
  const input: TagInput = { fen: makeFen(position.toSetup()), solution, previous: { fen, move: first } };
  for (const uci of solution) play(position, uci, id);
  if (position.isCheckmate()) input.mate = Math.ceil(solution.length / 2);
  return { id, input, finalFen: makeFen(position.toSetup()), lichess: new Set(themes.split(" ")) };
}

/** Lichess always tags a puzzle's length; rows without one were never themed and are left out. */
const LENGTH_KEYS = ["oneMove", "short", "long", "veryLong"];

function loadSample(): { puzzles: Puzzle[]; untagged: number } {
  const all = readTestData(SAMPLE).trim().split("\n").slice(1).map(toPuzzle);
  const puzzles = all.filter((puzzle) => LENGTH_KEYS.some((key) => puzzle.lichess.has(key)));
  return { puzzles, untagged: all.length - puzzles.length };
}

/** Engine findings kept per node budget in bench-results, so a rerun that only changes a rule reads them back. */
function cached<T>(name: string, nodes: number): { values: Record<string, T>; save: () => void } {
  const file = join(OUT_DIR, `tagger-${name}-${nodes}.json`);
  const values: Record<string, T> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  return {
    values,
    save: () => {
      mkdirSync(OUT_DIR, { recursive: true });
      writeFileSync(file, `${JSON.stringify(values)}\n`);
    },
  };
}

/**
 * Adds the engine's findings under a node budget: the eval of each non-mating final position (solver's view; a
 * mate the engine finds beyond the line counts as an overwhelming eval, as lichess tags mates only when the line
 * itself mates), searched again deeper by the generator's own `settleLine` when it lies near an eval key's line;
 * and whether a solver move leaves the opponent in zugzwang (`isZugzwang`, lichess's test).
 */
async function addEngineFindings(puzzles: Puzzle[], nodes: number): Promise<void> {
  const evals = cached<number>("evals", nodes);
  const deeper = cached<number>("evals", nodes * SETTLE_FACTOR);
  const zugzwang = cached<boolean>("zugzwang", nodes);
  const pool = new EnginePool({ size: 2 });
  const evalOf = async (fen: string, budget: number): Promise<number | undefined> => {
    const line = (await pool.analyse(fen, { nodes: budget })).lines[0];
    if (line?.mate !== undefined) return line.mate < 0 ? MATE_CP : -MATE_CP;
    return line?.cp === undefined ? undefined : -line.cp;
  };
  try {
    // Every search at once: the pool runs two at a time and queues the rest.
    await Promise.all(
      puzzles.map(async (puzzle) => {
        const { id, input, finalFen } = puzzle;
        zugzwang.values[id] ??= await isZugzwang(input.fen, input.solution, pool, { nodes });
        if (zugzwang.values[id]) input.zugzwang = true;
        if (input.mate !== undefined) return;
        if (evals.values[id] === undefined) {
          const cp = await evalOf(finalFen, nodes);
          if (cp !== undefined) evals.values[id] = cp;
        }
        input.cp = evals.values[id];
        if (input.cp === undefined || !isNearEvalLine(input.cp)) return;
        if (deeper.values[id] === undefined) {
          const settled = await settleLine(input.fen, input.solution, pool, { nodes });
          const cp = settled ? evalForThemes({ settled }) : undefined;
          if (cp !== undefined) deeper.values[id] = cp;
        }
        input.cp = deeper.values[id] ?? input.cp;
      }),
    );
  } finally {
    await pool.close();
    evals.save();
    deeper.save();
    zugzwang.save();
  }
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : Math.round((numerator / denominator) * 1000) / 1000;
}

function figures(puzzles: Puzzle[], ours: Map<string, string[]>, withEngine: boolean): ThemeFigure[] {
  return THEMES.filter((theme) => withEngine || !EVAL_THEMES.has(theme)).map((theme) => {
    let lichess = 0;
    let mine = 0;
    let truePositives = 0;
    for (const puzzle of puzzles) {
      const expected = puzzle.lichess.has(theme);
      const got = ours.get(puzzle.id)?.includes(theme) ?? false;
      if (expected) lichess++;
      if (got) mine++;
      if (expected && got) truePositives++;
    }
    return {
      theme,
      lichess,
      ours: mine,
      truePositives,
      precision: ratio(truePositives, mine),
      recall: ratio(truePositives, lichess),
    };
  });
}

/** Tags every puzzle several times over and returns puzzles per second of the best round. */
function speed(puzzles: Puzzle[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (const puzzle of puzzles) tagThemes(puzzle.input);
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(puzzles.length / (best / 1000));
}

function format(value: number | null): string {
  return value === null ? "–" : value.toFixed(2);
}

function markdown(
  rows: ThemeFigure[],
  count: number,
  untagged: number,
  perSecond: number,
  engine: string,
): string {
  const lines = [
    "# Theme tagger against lichess tags",
    "",
    `Sample: ${count} lichess puzzles (\`testdata/lichess/puzzles-sample-1500.csv\`; ${untagged} more ` +
      "carry no lichess themes beyond the phase, not even a length, so they are left out). " +
      `Tagging speed: ${perSecond.toLocaleString("en")} puzzles/s (one core, best of 5 rounds). ${engine}`,
    "",
    "| theme | lichess | ours | true positives | precision | recall |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (row) =>
        `| ${row.theme} | ${row.lichess} | ${row.ours} | ${row.truePositives} | ` +
        `${format(row.precision)} | ${format(row.recall)} |`,
    ),
    "",
    "Notes: each puzzle is tagged from the position after the opponent's first move, with that move passed as",
    "`previous` (it tells a recapture from a hanging piece) and `mate` only when the line ends in checkmate. With",
    "`--engine`, the final position of every non-mating line is searched and its score, from the solver's side, is",
    "passed as `cp`: crushing above +600, advantage above +200, equality below, lichess's own rule. Lichess reads",
    "those scores from deep searches; ours are node-limited, which reads won positions lower (at 200,000 nodes",
    "crushing's recall was 0.50, at 1,000,000 0.75 with advantage's precision 0.76), so a score within 100 of +200",
    "or +600 is searched again four times deeper, as the generator does (`isNearEvalLine`). Zugzwang is lichess's",
    "test (`isZugzwang`) at the same budget. The other rules were written against this same sample, so the figures",
    "flatter them somewhat; the phase keys come from `phaseOf`.",
    "",
    "Reproduce: `node --import tsx scripts/measure-tagger.ts` (add `--engine` for the engine themes).",
    "",
  ];
  return lines.join("\n");
}

function printExamples(puzzles: Puzzle[], ours: Map<string, string[]>, theme: string): void {
  for (const puzzle of puzzles) {
    const expected = puzzle.lichess.has(theme);
    const got = ours.get(puzzle.id)?.includes(theme) ?? false;
    if (expected === got) continue;
    const kind = got ? "extra" : "missed";
    console.log(`${kind} ${puzzle.id} ${puzzle.input.fen} ${puzzle.input.solution.join(" ")}`);
    console.log(
      `   lichess: ${[...puzzle.lichess].join(" ")}\n   ours:    ${ours.get(puzzle.id)?.join(" ")}`,
    );
  }
}

async function main(): Promise<void> {
  const { puzzles, untagged } = loadSample();
  const withEngine = process.argv.includes("--engine");
  const nodes = Number(option("--nodes") ?? 1_000_000);
  if (withEngine) await addEngineFindings(puzzles, nodes);
  const ours = new Map(puzzles.map((puzzle) => [puzzle.id, tagThemes(puzzle.input)]));
  const examples = option("--examples");
  if (examples) printExamples(puzzles, ours, examples);
  const rows = figures(puzzles, ours, withEngine);
  const perSecond = speed(puzzles);
  const engine = withEngine
    ? `Engine themes from the engine pool at ${nodes.toLocaleString("en")} nodes per search (` +
      `${(nodes * SETTLE_FACTOR).toLocaleString("en")} for evals near a line).`
    : "Engine themes (advantage, crushing, equality, zugzwang) not measured: run with `--engine`.";
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, "tagger.md"), markdown(rows, puzzles.length, untagged, perSecond, engine));
  writeFileSync(
    join(OUT_DIR, "tagger.json"),
    `${JSON.stringify({ puzzles: puzzles.length, untagged, puzzlesPerSecond: perSecond, engine: withEngine ? { nodes } : null, themes: rows }, null, 2)}\n`,
  );
  console.table(rows);
  console.log(`${perSecond} puzzles/s`);
}

await main();
