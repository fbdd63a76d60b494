import type { PgnGame } from "../pgn";
import { type EngineRefutation, sanLine } from "../refutation";
import type { Analyser, EngineResult, SearchLimits, StopSignal } from "./engine";
import {
  gamePositions,
  isTurningPoint,
  type SolvedLine,
  type SolveOptions,
  scoreOf,
  solveFrom,
} from "./generator";
import type { Score } from "./win-chance";

/** The side a player had in a game. */
export type PlayerColor = "white" | "black";

/** A move of the player's that dropped their game by the generator's threshold (see `findTurningPoints`). */
export interface PlayerMistake {
  /** The position before the mistake, the player to move. */
  fen: string;
  /** Half-moves played to reach `fen`: the mistake is `game.moves[ply]`. */
  ply: number;
  /** The move the player made in the game (standard notation and coordinates). */
  played: { san: string; uci: string };
  /** The opponent's best answer to the played move and the engine's line after it, scores from the opponent's view. */
  refutation: EngineRefutation;
  /** The engine's score before the mistake, from the player's view. */
  before: Score;
  /** The engine's score after the mistake, from the opponent's view. */
  after: Score;
  game: PgnGame;
}

/**
 * A puzzle made from one of the player's mistakes: from the position before it, the line the generator finds there
 * (the best move, unique by lichess's rule, and its continuation), with what happened in the game instead.
 */
export interface TurningPoint extends PlayerMistake, SolvedLine {}

/** What a game gave: every mistake of the player's, and the puzzles made of those that have a single answer. */
export interface TurningPoints {
  mistakes: PlayerMistake[];
  puzzles: TurningPoint[];
}

/** Where a search for turning points is: every game position is evaluated first, then each mistake is solved. */
export interface TurningPointProgress {
  stage: "scan" | "solve";
  /** Positions evaluated (scan) or mistakes solved (solve) so far. */
  done: number;
  /** Positions to evaluate (scan) or mistakes found (solve). */
  total: number;
}

export interface TurningPointOptions {
  /** Called after every evaluated position and every solved mistake. */
  onProgress?: (progress: TurningPointProgress) => void;
  /** Stops the search: no new search starts and the promise rejects with the signal's reason. */
  signal?: StopSignal;
  /** Searches in flight at once; default 1 (one engine). A pool of N engines is kept busy with N. */
  concurrency?: number;
  /** Plies of the engine's line kept in the refutation, its reply first; default 4. */
  refutationPlies?: number;
  /** Passed to `solveFrom`. */
  solve?: SolveOptions;
}

const DEFAULT_REFUTATION_PLIES = 4;

/** The engine, with every search refused once `signal` is aborted and a search in flight abandoned at once. */
function abortable(engine: Analyser, signal: StopSignal | undefined): Analyser {
  if (!signal) return engine;
  return {
    analyse(fen, limits) {
      if (signal.aborted) return Promise.reject(signal.reason);
      return new Promise<EngineResult>((resolve, reject) => {
        const stop = () => reject(signal.reason);
        signal.addEventListener("abort", stop, { once: true });
        engine.analyse(fen, limits).then(
          (result) => {
            signal.removeEventListener("abort", stop);
            resolve(result);
          },
          (error: unknown) => {
            signal.removeEventListener("abort", stop);
            reject(error);
          },
        );
      });
    },
  };
}

/** `work` on every item, at most `concurrency` at once; results in the items' order. The first failure stops it. */
async function mapLimit<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  return results;
}

function turnOf(fen: string): PlayerColor {
  return fen.split(" ")[1] === "b" ? "black" : "white";
}

function refutationOf(fen: string, result: EngineResult, plies: number): EngineRefutation | null {
  const line = result.lines[0];
  const moves = line?.pv.slice(0, plies) ?? [];
  const san = sanLine(fen, moves);
  const [uci] = moves;
  if (!line || !uci || !san[0]) return null;
  return {
    reply: { uci, san: san[0] },
    ...(line.cp !== undefined ? { scoreCp: line.cp } : {}),
    ...(line.mate !== undefined ? { mateIn: line.mate } : {}),
    line: san,
  };
}

/**
 * Finds the player's own turning points in a game and makes each a puzzle. Every position is evaluated at `budget`
 * (MultiPV 1); a mistake is a move of the player's that the generator would make a puzzle of for the opponent: by
 * `isTurningPoint`, it took the player from roughly level or better to clearly losing, or allowed a forced mate
 * (positions that repeat an earlier one or leave fewer than two legal moves are skipped, as in the generator). Its
 * refutation is the engine's line from the evaluation after the played move. Each mistake's puzzle starts from the
 * position before it and is solved with `solveFrom` (the best move, unique by lichess's rule, the line continued
 * as the generator does); a position with no single answer, or whose answer the played move is, gives no puzzle.
 * Both lists are in game order.
 */
export async function findTurningPoints(
  game: PgnGame,
  player: PlayerColor,
  engine: Analyser,
  budget: SearchLimits,
  options: TurningPointOptions = {},
): Promise<TurningPoints> {
  const { onProgress, signal, concurrency = 1, refutationPlies = DEFAULT_REFUTATION_PLIES } = options;
  if (signal?.aborted) throw signal.reason;
  const searcher = abortable(engine, signal);
  const positions = gamePositions(game);
  let scanned = 0;
  const evaluations = await mapLimit(positions, concurrency, async (position) => {
    const result =
      position.moves === 0 ? null : await searcher.analyse(position.fen, { ...budget, multipv: 1 });
    onProgress?.({ stage: "scan", done: ++scanned, total: positions.length });
    return result;
  });

  const mistakes: PlayerMistake[] = [];
  for (const position of positions) {
    const before = evaluations[position.ply];
    const after = evaluations[position.ply + 1];
    const move = game.moves[position.ply];
    const afterFen = positions[position.ply + 1]?.fen;
    if (!before || !after || !move || !afterFen) continue;
    if (turnOf(position.fen) !== player || position.repeated || position.moves < 2) continue;
    const scores = { before: scoreOf(before.lines[0]), after: scoreOf(after.lines[0]) };
    if (!isTurningPoint(scores.before, scores.after)) continue;
    const refutation = refutationOf(afterFen, after, refutationPlies);
    if (!refutation) continue;
    mistakes.push({
      fen: position.fen,
      ply: position.ply,
      played: { san: move.san, uci: move.uci },
      refutation,
      ...scores,
      game,
    });
  }

  let solved = 0;
  const lines = await mapLimit(mistakes, concurrency, async (mistake) => {
    const line = await solveFrom(mistake.fen, searcher, budget, options.solve);
    onProgress?.({ stage: "solve", done: ++solved, total: mistakes.length });
    return line && !line.correctMoves.includes(mistake.played.uci) ? line : null;
  });
  const puzzles = mistakes.flatMap((mistake, index) => {
    const line = lines[index];
    return line ? [{ ...mistake, ...line }] : [];
  });
  return { mistakes, puzzles };
}
