/**
 * `npm run content:build`: turns the sources in ./sources into the seed positions (apps/server/src/seed/positions.json).
 *   npm run content:build [-- --scan-nodes 150000 --nodes 1000000 --engines 2]
 *
 * Games and trap lines are scanned with the puzzle generator (every position evaluated at `--scan-nodes`, turning
 * points solved), and each trap line's last position is taken too; the famous moments of ./sources/moments.ts are
 * kept when the engine agrees with the move played. Every candidate, and every position of the FEN lists, is solved
 * afresh at `--nodes`, the budget `npm run content:verify` checks with, so the file and its verification agree move
 * for move (node-limited searches on a cleared hash are reproducible). Themes, texts, metadata and difficulty come
 * from buildPosition.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type Analyser, findPuzzles, type PgnGame, solveFrom } from "@ct/chess";
import { GAME_PHASES, type GamePhase, type ValidPositionInput } from "@ct/contract";
import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";
import { buildPosition, type PuzzleSource } from "../analysis/build-position";
import { option } from "../cli/command";
import { EnginePool } from "../engine/pool";
import { coachFactsOf, type SeedEntry } from "./coach-facts";
import { SEED_FILE } from "./seed";
import {
  ENDGAMES,
  type FenSource,
  type GameMoment,
  MIDDLEGAMES,
  MOMENTS,
  PGN_SOURCES,
  type PgnSourceName,
  readPgnSource,
} from "./sources";
import { locateMoment } from "./sources/moments";

/** Node budgets of the build; stated here so a rebuild on another machine gives the same file. */
export interface SeedBudget {
  /** Per search while scanning a game for turning points. */
  scanNodes: number;
  /** Per search while solving a puzzle; the same as content:verify's default. */
  solveNodes: number;
}

export const SEED_BUDGET: SeedBudget = { scanNodes: 150_000, solveNodes: 1_000_000 };

/**
 * A trap line ends right after the mistake it punishes, so its last position is a puzzle in itself even when the
 * generator does not call it a turning point (the punishment wins a pawn or two rather than a piece); it is kept
 * when the engine finds one best move and the solver ends at least this much better (centipawns) or mates.
 */
export const TRAP_MIN_CP = 100;

/**
 * What a fresh install must show of curated positions (the shipped library adds 9,461 lichess puzzles in every
 * phase). It was 150 and 40 per phase under the generator's earlier, looser uniqueness rule; lichess's rule refuses
 * 35 of those positions (textbook mates that can also be reached by a slower road, such as Philidor's legacy,
 * Boden's and Morphy's mates, and lines with a second good move on the way), which leaves 124 (44 opening, 35
 * middle game, 45 endgame).
 */
export const SEED_TARGET = { total: 120, perPhase: 35 } as const;

/**
 * Everything the build reads: games and trap lines by file, famous moments of the games (looked up in the
 * "games" file), and the positions given as FEN by list.
 */
export interface SeedSources {
  pgn: ReadonlyArray<{ file: PgnSourceName; games: readonly PgnGame[] }>;
  moments: readonly GameMoment[];
  fens: ReadonlyArray<{ list: string; entries: readonly FenSource[] }>;
}

export interface SeedBuild {
  /** The positions with the engine's facts their texts were composed from (see ./coach-facts.ts). */
  positions: SeedEntry[];
  /** Puzzles kept per source file or list (after duplicates are dropped). */
  perSource: Record<string, number>;
  perPhase: Record<GamePhase, number>;
  /** Source ids left out, with the reason. */
  skipped: string[];
}

/** Lower-case ASCII words joined by dashes: "Réti" → "reti"; keeps source ids readable and stable. */
export function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** How a game is named in source ids: players and year for a game, the trap's name for a trap line. */
function gameLabel(file: PgnSourceName, game: PgnGame): string {
  const { White = "", Black = "", Date: date = "", Opening = "" } = game.headers;
  if (file === "traps") return slug(Opening);
  return slug(`${White} ${Black} ${date.slice(0, 4)}`);
}

function tagsOf(file: PgnSourceName, game: PgnGame): string[] {
  if (file === "traps") return ["seed", "opening trap", (game.headers.Opening ?? "").slice(0, 60)];
  return ["seed", "famous game"];
}

/** Board, side to move, castling and en passant: two sources reaching the same position give one puzzle. */
function positionKey(fen: string): string {
  return fen.split(" ").slice(0, 4).join(" ");
}

/** The position after the game's last move, where a trap line hands the move to the side that punishes. */
function finalPosition(game: PgnGame): { fen: string; ply: number } | null {
  const last = game.moves.at(-1);
  if (!last) return null;
  const position = Chess.fromSetup(parseFen(last.fenBefore).unwrap()).unwrap();
  const move = parseUci(last.uci);
  if (!move) return null;
  position.play(move);
  return { fen: makeFen(position.toSetup()), ply: game.moves.length };
}

/**
 * The puzzles of one game: turning points found at the scan budget, each solved again at the solve budget; for a
 * trap line also its last position when the generator passed it over (see TRAP_MIN_CP).
 */
async function puzzlesOfGame(
  file: PgnSourceName,
  game: PgnGame,
  engine: Analyser,
  budget: SeedBudget,
  skipped: string[],
): Promise<PuzzleSource[]> {
  const positions: Array<{ fen: string; ply: number; trap?: boolean }> = [];
  // Each candidate is solved again at the solving budget below, zugzwang test included: none at the scan's.
  for await (const candidate of findPuzzles(game, engine, { nodes: budget.scanNodes }, undefined, {
    zugzwang: false,
  }))
    positions.push(candidate);
  const last = file === "traps" ? finalPosition(game) : null;
  if (last && !positions.some(({ ply }) => ply === last.ply)) positions.push({ ...last, trap: true });
  const gameSans = game.moves.map((move) => move.san);
  const puzzles: PuzzleSource[] = [];
  for (const { fen, ply, trap } of positions) {
    const source = `seed:${file}:${gameLabel(file, game)}:${ply}`;
    const solved = await solveFrom(fen, engine, { nodes: budget.solveNodes });
    if (!solved) {
      skipped.push(`${source}: no single best move at ${budget.solveNodes} nodes`);
      continue;
    }
    if (trap && solved.mate === undefined && (solved.cp ?? 0) < TRAP_MIN_CP) {
      skipped.push(`${source}: the punishment leaves the solver only ${solved.cp ?? 0} cp better`);
      continue;
    }
    const previous = game.moves[ply - 1];
    puzzles.push({
      ...solved,
      fen,
      ...(previous ? { previous: { fen: previous.fenBefore, move: previous.uci } } : {}),
      headers: game.headers,
      gameSans,
      source,
      tags: tagsOf(file, game),
    });
  }
  return puzzles;
}

/** A famous move as a puzzle, kept only when the engine finds that very move the only good one. */
async function puzzleOfMoment(
  moment: GameMoment,
  games: readonly PgnGame[],
  engine: Analyser,
  budget: SeedBudget,
  skipped: string[],
): Promise<PuzzleSource | null> {
  const { game, index } = locateMoment(moment, games);
  const move = game.moves[index];
  if (!move) return null;
  const source = `seed:games:${gameLabel("games", game)}:${index}`;
  const solved = await solveFrom(move.fenBefore, engine, { nodes: budget.solveNodes });
  if (solved?.solution[0] !== move.uci) {
    skipped.push(`${source}: the engine does not find ${moment.move} the only good move (${moment.name})`);
    return null;
  }
  const previous = game.moves[index - 1];
  return {
    ...solved,
    fen: move.fenBefore,
    ...(previous ? { previous: { fen: previous.fenBefore, move: previous.uci } } : {}),
    headers: game.headers,
    gameSans: game.moves.map((played) => played.san),
    source,
    tags: ["seed", "famous game", moment.name.slice(0, 60)],
  };
}

async function puzzleOfFen(
  list: string,
  entry: FenSource,
  engine: Analyser,
  budget: SeedBudget,
  skipped: string[],
): Promise<PuzzleSource | null> {
  const source = `seed:${list}:${slug(entry.name)}:0`;
  const solved = await solveFrom(entry.fen, engine, { nodes: budget.solveNodes });
  if (!solved) {
    skipped.push(`${source}: no single best move at ${budget.solveNodes} nodes`);
    return null;
  }
  return {
    ...solved,
    fen: entry.fen,
    headers: { ...entry.game },
    source,
    tags: ["seed", LIST_TAGS[list] ?? list, entry.name.slice(0, 60)],
  };
}

interface Group {
  name: string;
  puzzles: PuzzleSource[];
}

function present(puzzles: ReadonlyArray<PuzzleSource | null>): PuzzleSource[] {
  return puzzles.filter((puzzle): puzzle is PuzzleSource => puzzle !== null);
}

const LIST_TAGS: Record<string, string> = { endgames: "classical endgame", middlegames: "mating pattern" };

/** Opening first, then middle game, then endgame; within a phase from easy to hard, ties by source id. */
function seedOrder(a: ValidPositionInput, b: ValidPositionInput): number {
  return (
    GAME_PHASES.indexOf(a.game_phase) - GAME_PHASES.indexOf(b.game_phase) ||
    a.difficulty - b.difficulty ||
    (a.source ?? "").localeCompare(b.source ?? "")
  );
}

/**
 * Builds the seed positions from `sources`: every source is searched at once (the engine pool queues the work),
 * the results are taken in source order (the PGN files in the order given, the named moments just before the
 * generator's finds in the "games" file, then the FEN lists), a position reached twice is kept once (first source
 * wins), and the positions are sorted phase by phase.
 */
export async function buildSeed(
  sources: SeedSources,
  engine: Analyser,
  budget: SeedBudget = SEED_BUDGET,
): Promise<SeedBuild> {
  const skipped: string[] = [];
  const famous = sources.pgn.find(({ file }) => file === "games")?.games ?? [];
  const byFile = async ({ file, games }: SeedSources["pgn"][number]): Promise<Group> => ({
    name: file,
    puzzles: (
      await Promise.all(games.map((game) => puzzlesOfGame(file, game, engine, budget, skipped)))
    ).flat(),
  });
  const moments = async (): Promise<Group> => ({
    name: "moments",
    puzzles: present(
      await Promise.all(
        sources.moments.map((moment) => puzzleOfMoment(moment, famous, engine, budget, skipped)),
      ),
    ),
  });
  const groups = await Promise.all([
    ...sources.pgn.flatMap((entry) =>
      entry.file === "games" ? [moments(), byFile(entry)] : [byFile(entry)],
    ),
    ...sources.fens.map(async ({ list, entries }) => ({
      name: list,
      puzzles: present(
        await Promise.all(entries.map((entry) => puzzleOfFen(list, entry, engine, budget, skipped))),
      ),
    })),
  ]);
  const seen = new Set<string>();
  const positions: SeedEntry[] = [];
  const perSource: Record<string, number> = {};
  for (const { name, puzzles } of groups) {
    let kept = 0;
    for (const puzzle of puzzles) {
      const key = positionKey(puzzle.fen);
      if (seen.has(key)) {
        skipped.push(`${puzzle.source}: the same position comes from an earlier source`);
        continue;
      }
      try {
        positions.push({ ...buildPosition(puzzle), coach: coachFactsOf(puzzle) });
      } catch (error) {
        skipped.push(`${puzzle.source}: ${String(error)}`);
        continue;
      }
      seen.add(key);
      kept += 1;
    }
    perSource[name] = kept;
  }
  positions.sort(seedOrder);
  const perPhase = { opening: 0, middlegame: 0, endgame: 0 };
  for (const position of positions) perPhase[position.game_phase] += 1;
  return { positions, perSource, perPhase, skipped };
}

/** The seed's own sources, trap lines first (their opening positions win over a game reaching the same one). */
export function readSeedSources(): SeedSources {
  return {
    pgn: PGN_SOURCES.map((file) => {
      const { games, errors } = readPgnSource(file);
      if (errors.length > 0) throw new Error(`${file}.pgn: ${errors.map((e) => e.message).join("; ")}`);
      return { file, games };
    }),
    moments: MOMENTS,
    fens: [
      { list: "middlegames", entries: MIDDLEGAMES },
      { list: "endgames", entries: ENDGAMES },
    ],
  };
}

function number(args: string[], name: string, fallback: number): number {
  const value = Number(option(args, name) ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

async function main(args: string[]): Promise<number> {
  const budget: SeedBudget = {
    scanNodes: number(args, "scan-nodes", SEED_BUDGET.scanNodes),
    solveNodes: number(args, "nodes", SEED_BUDGET.solveNodes),
  };
  const engines = Number(option(args, "engines") ?? 0) || undefined;
  const out = resolve(option(args, "out") ?? SEED_FILE);
  const sources = readSeedSources();
  const engine = new EnginePool({ ...(engines ? { size: engines } : {}), timeoutMs: 300_000 });
  const started = Date.now();
  let build: SeedBuild;
  try {
    build = await buildSeed(sources, engine, budget);
  } finally {
    await engine.close();
  }
  writeFileSync(out, `${JSON.stringify(build.positions, null, 2)}\n`);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const games = sources.pgn.reduce((sum, { games: list }) => sum + list.length, 0);
  const fens = sources.fens.reduce((sum, { entries }) => sum + entries.length, 0);
  for (const line of build.skipped) console.log(`  - ${line}`);
  console.log(`sources: ${games} games and trap lines, ${fens} positions given as FEN`);
  console.log(`puzzles per source: ${JSON.stringify(build.perSource)}`);
  console.log(`puzzles per phase: ${JSON.stringify(build.perPhase)}; total ${build.positions.length}`);
  console.log(
    `budget: ${budget.scanNodes} nodes to scan, ${budget.solveNodes} to solve; ${seconds} s; → ${out}`,
  );
  const short = GAME_PHASES.filter((phase) => build.perPhase[phase] < SEED_TARGET.perPhase);
  if (short.length > 0 || build.positions.length < SEED_TARGET.total) {
    console.error(`below the target of ${SEED_TARGET.total} positions and ${SEED_TARGET.perPhase} per phase`);
    return 1;
  }
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
