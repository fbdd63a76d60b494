import { Chess, normalizeMove } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";
import { legalMoves, matingMoves } from "../legal-moves";
import type { PgnGame } from "../pgn";
import { isNearEvalLine } from "../themes";
import { isOnlyMove, type MovePair } from "../uniqueness";
import type { Analyser, EngineLine, EngineResult, SearchLimits } from "./engine";
import { losesTheAdvantage, type Score, winChanceOf } from "./win-chance";
import { isZugzwang } from "./zugzwang";

/** The engine's main other try at the start of a puzzle and the reply it expects; scores from the solver's view. */
export interface Alternative {
  move: string;
  reply: string;
  cp?: number;
  mate?: number;
}

/** A solved line from a position. */
export interface SolvedLine {
  /** UCI moves: solver, opponent, solver, …; always ends on a solver move. */
  solution: string[];
  /** Every first move accepted as correct: the solution's first move, plus every other mate when it mates at once. */
  correctMoves: string[];
  /** Engine score (solver's view) at the last solver move of the line, when the line is not a forced mate. */
  cp?: number;
  /** Moves to mate for the solver from the puzzle position, when the engine sees one. */
  mate?: number;
  alternative?: Alternative;
  /** A solver move of the line leaves the opponent in zugzwang (lichess's test, see zugzwang.ts). */
  zugzwang?: boolean;
  /**
   * The final position's score (solver's view) from a search SETTLE_FACTOR times deeper, made when `cp` lay near one
   * of the eval keys' lines (`isNearEvalLine`): what the eval keys are read from (see evalForThemes).
   */
  settled?: Score;
}

/** How much deeper than the solving budget an eval near one of the eval keys' lines is searched again. */
export const SETTLE_FACTOR = 4;

/** Stands for a mate ahead after the line where the eval keys want centipawns: beyond any line. */
const MATE_AHEAD_CP = 100_000;

/**
 * The eval the tagger's keys (crushing, advantage, equality) read for a solved line: the deeper search's when one
 * was made (a mate it sees counts as beyond every line), else the solving search's.
 */
export function evalForThemes(line: Pick<SolvedLine, "cp" | "settled">): number | undefined {
  const settled = line.settled;
  if (settled?.mate !== undefined) return settled.mate > 0 ? MATE_AHEAD_CP : -MATE_AHEAD_CP;
  return settled?.cp ?? line.cp;
}

/** The score the texts quote for a solved line: the deeper search's centipawns when it gave some. */
export function evalForTexts(line: Pick<SolvedLine, "cp" | "settled">): number | undefined {
  return line.settled?.cp ?? line.cp;
}

/** A puzzle found in a game. */
export interface PuzzleCandidate extends SolvedLine {
  /** The position the solver faces: the game position after the opponent's mistake. */
  fen: string;
  /** Half-moves played to reach `fen`: it is the position after `game.moves[ply - 1]`. */
  ply: number;
  game: PgnGame;
}

/**
 * Thresholds in win chance (see win-chance.ts: 0.3 ≈ +170 cp, 0.6 ≈ +375 cp). A candidate is a position where the
 * opponent's last move took the solver from at most `candidateBefore` to at least `candidateAfter`: a roughly
 * balanced (or worse) game turned clearly winning, i.e. a real blunder, not a small inaccuracy in a position already
 * won. A move that allows a forced mate is always a candidate. Whether a solver move is the only good one is
 * lichess's rule (`isOnlyMove` in @ct/chess), the same the shipped library is checked with.
 */
export const THRESHOLDS = {
  candidateBefore: 0.3,
  candidateAfter: 0.6,
  /** Both an under-promotion and the queen promotion beside it win at least this much: the queen is the answer. */
  promotionWins: 0.6,
} as const;

/** Longest solution, in solver moves. Long winning sequences are technique rather than one tactical idea. */
const DEFAULT_MAX_SOLVER_MOVES = 6;

/** Longest forced mate made a puzzle, in solver moves: a mating line always runs to the mate, so it is capped apart. */
export const MAX_MATE_MOVES = 8;

export interface SolveOptions {
  maxSolverMoves?: number;
  /**
   * Tests the solved line for zugzwang (two more searches per position where the opponent must answer with at most
   * 15 legal moves, at the same budget); on unless false.
   */
  zugzwang?: boolean;
}

/** True for positions that are already stored (full FEN); they are skipped before any puzzle search. */
export type IsKnown = (fen: string) => boolean | Promise<boolean>;

/** The position of a FEN; throws on an invalid one. */
function positionOf(fen: string): Chess {
  const setup = parseFen(fen);
  if (setup.isErr) throw new Error(`invalid FEN "${fen}": ${setup.error.message}`);
  return Chess.fromSetup(setup.value).unwrap();
}

/** UCI with castling written as the king's two-square move, as engines and the API expect. */
function play(position: Chess, uci: string): boolean {
  const parsed = parseUci(uci);
  if (!parsed || !("from" in parsed)) return false;
  const move = normalizeMove(position, parsed);
  if (!position.isLegal(move)) return false;
  position.play(move);
  return true;
}

/** Board, side to move, castling rights and en passant: what makes two positions the same for repetition. */
function positionKey(fen: string): string {
  return fen.split(" ").slice(0, 4).join(" ");
}

/** The score of an engine line (from the side to move); level when there is no line. */
export function scoreOf(line: EngineLine | undefined): Score {
  return line ? { cp: line.cp, mate: line.mate } : {};
}

/**
 * The solver's move in a searched position when it is the only good one (lichess's rule), with every first move that
 * is also accepted: every mate when it mates at once, and the queen promotion beside an under-promotion that is not
 * the point (the queen is then played). Null when the position offers no single answer (or only one legal move: no
 * decision to make).
 */
function uniqueMove(position: Chess, result: EngineResult): { move: string; accepted: string[] } | null {
  const [best, second] = result.lines;
  const move = best?.pv[0];
  if (!best || !move || !second?.pv[0]) return null;
  const queen = `${move.slice(0, 4)}q`;
  if (best.mate === 1) {
    const accepted = matingMoves(position);
    return { move: accepted.includes(queen) ? queen : move, accepted };
  }
  if (/[rbn]$/.test(move) && second.pv[0] === queen && !isOnlyMove(pairOf(position, best, second))) {
    // The engine prefers a rook or bishop only for a shorter mate or by a hair: the queen wins too, so it is the
    // answer; the under-promotion is accepted as well. It counts as unique against the third choice, unknown here,
    // so it is kept only when both are decisive.
    const decisive = (line: EngineLine) => winChanceOf(scoreOf(line)) >= THRESHOLDS.promotionWins;
    return decisive(best) && decisive(second) ? { move: queen, accepted: [queen, move] } : null;
  }
  return isOnlyMove(pairOf(position, best, second)) ? { move, accepted: [move] } : null;
}

/** The engine's two best lines as `isOnlyMove` reads them. */
function pairOf(position: Chess, best: EngineLine, second: EngineLine): MovePair {
  const secondMove = parseUci(second.pv[0] ?? "");
  const isCapture =
    !!secondMove &&
    "from" in secondMove &&
    (position.board.has(secondMove.to) || position.epSquare === secondMove.to);
  return { best: scoreOf(best), second: { score: scoreOf(second), isCapture } };
}

/**
 * The engine's second choice as the natural-looking try a coach warns against, only when it really throws the
 * advantage away (`losesTheAdvantage`): a second move that still mates, or keeps a win chance within lichess's
 * margin of the best's, is no mistake, whatever the puzzle's uniqueness rule made of it.
 */
function alternativeOf(result: EngineResult): Alternative | undefined {
  const [best, second] = result.lines;
  const [move, reply] = second?.pv ?? [];
  if (!best || !second || !move || !reply) return undefined;
  if (!losesTheAdvantage(scoreOf(best), scoreOf(second))) return undefined;
  return {
    move,
    reply,
    ...(second.cp !== undefined ? { cp: second.cp } : {}),
    ...(second.mate !== undefined ? { mate: second.mate } : {}),
  };
}

/**
 * Builds a puzzle line from a position with the solver to move: the solver's move is taken only while it is the
 * only good move (MultiPV 2, see `uniqueMove`), the opponent answers with the engine's best reply. A forced mate
 * runs to the mate, as lichess's generator does: the puzzle is refused when a move on the way is not the only one
 * or the mate is longer than MAX_MATE_MOVES. Any other line stops before the first solver move that is not unique
 * (so it always ends on a solver move), at the end of the game, or at `maxSolverMoves`. Null when the first move is
 * not unique. Searches use `budget` (nodes make it reproducible) with MultiPV 2 for the solver, 1 for the opponent.
 */
export async function solveFrom(
  fen: string,
  engine: Analyser,
  budget: SearchLimits,
  options: SolveOptions = {},
): Promise<SolvedLine | null> {
  const position = positionOf(fen);
  const solution: string[] = [];
  let first: { result: EngineResult; accepted: string[] } | null = null;
  let last: EngineLine | undefined;
  let mating = false;
  let maxSolverMoves = options.maxSolverMoves ?? DEFAULT_MAX_SOLVER_MOVES;
  for (let step = 0; step < maxSolverMoves; step++) {
    const result = await engine.analyse(makeFen(position.toSetup()), { ...budget, multipv: 2 });
    const unique = uniqueMove(position, result);
    if (step === 0) {
      const mate = result.lines[0]?.mate;
      mating = mate !== undefined && mate > 0;
      if (mating) maxSolverMoves = MAX_MATE_MOVES;
    }
    if (!unique || !play(position, unique.move)) {
      if (mating) return null;
      break;
    }
    first ??= { result, accepted: unique.accepted };
    last = result.lines[0];
    solution.push(unique.move);
    if (position.isEnd() || step + 1 === maxSolverMoves) break;
    const reply = await engine.analyse(makeFen(position.toSetup()), { ...budget, multipv: 1 });
    if (!play(position, reply.bestmove) || position.isEnd()) break;
    solution.push(reply.bestmove);
  }
  if (!first) return null;
  if (mating && !position.isCheckmate()) return null;
  if (solution.length % 2 === 0) solution.pop();
  const mate = mating ? (solution.length + 1) / 2 : undefined;
  const alternative = alternativeOf(first.result);
  const zugzwang = options.zugzwang !== false && (await isZugzwang(fen, solution, engine, budget));
  const settled =
    mate === undefined && last?.cp !== undefined && isNearEvalLine(last.cp)
      ? await settleLine(fen, solution, engine, budget)
      : undefined;
  return {
    solution,
    correctMoves: first.accepted,
    ...(mate !== undefined ? { mate } : last?.cp !== undefined ? { cp: last.cp } : {}),
    ...(alternative ? { alternative } : {}),
    ...(zugzwang ? { zugzwang } : {}),
    ...(settled ? { settled } : {}),
  };
}

/**
 * The final position of a line searched SETTLE_FACTOR times deeper than `budget` (node budgets only), from the
 * solver's view; undefined when the budget has no node count or the game is over there.
 */
export async function settleLine(
  fen: string,
  solution: readonly string[],
  engine: Analyser,
  budget: SearchLimits,
): Promise<Score | undefined> {
  if (budget.nodes === undefined) return undefined;
  const position = positionOf(fen);
  for (const uci of solution) if (!play(position, uci)) return undefined;
  if (position.isEnd()) return undefined;
  const result = await engine.analyse(makeFen(position.toSetup()), {
    nodes: budget.nodes * SETTLE_FACTOR,
    multipv: 1,
  });
  const line = result.lines[0];
  if (!line) return undefined;
  // The opponent is to move there: their mate in n is the solver's mate in -n, their score the solver's negated.
  if (line.mate !== undefined) return { mate: -line.mate };
  return line.cp === undefined ? undefined : { cp: -line.cp };
}

/** One position of a game, with what the generator needs to know before it searches it. */
export interface GamePosition {
  fen: string;
  /** Half-moves played to reach `fen`. */
  ply: number;
  /** The same position (board, side to move, castling, en passant) came earlier in the game. */
  repeated: boolean;
  /** Legal moves of the side to move. */
  moves: number;
}

/** Every position of a game in order, the start and the final position included; `ply` indexes them. */
export function gamePositions(game: PgnGame): GamePosition[] {
  const fens = [game.startFen, ...game.moves.slice(1).map((move) => move.fenBefore)];
  const lastMove = game.moves.at(-1);
  if (lastMove) {
    const end = positionOf(lastMove.fenBefore);
    if (play(end, lastMove.uci)) fens.push(makeFen(end.toSetup()));
  }
  const seen = new Set<string>();
  return fens.map((fen, ply) => {
    const key = positionKey(fen);
    const repeated = seen.has(key);
    seen.add(key);
    return { fen, ply, repeated, moves: legalMoves(positionOf(fen)).length };
  });
}

/**
 * True when the opponent's move turned the solver's game from balanced (or worse) into winning, or allowed a
 * forced mate the solver did not already have. `before` is the score before that move, from the opponent's view
 * (the side to move then); `after` the score after it, from the solver's view.
 */
export function isTurningPoint(before: Score, after: Score): boolean {
  if (after.mate !== undefined && after.mate > 0) return !(before.mate !== undefined && before.mate < 0);
  const solverBefore = -winChanceOf(before);
  return solverBefore <= THRESHOLDS.candidateBefore && winChanceOf(after) >= THRESHOLDS.candidateAfter;
}

/**
 * Finds the puzzles of one game: every position evaluated at `budget` (searches run on the whole pool at once),
 * turning points kept (see isTurningPoint), repeated positions, positions with fewer than two legal moves and
 * positions `isKnown` recognises skipped, and each remaining one solved with `solveFrom`. Yields in game order.
 */
export async function* findPuzzles(
  game: PgnGame,
  engine: Analyser,
  budget: SearchLimits,
  isKnown?: IsKnown,
  options: SolveOptions = {},
): AsyncGenerator<PuzzleCandidate> {
  const positions = gamePositions(game);
  const evaluations = await Promise.all(
    positions.map(async (position) =>
      position.moves === 0
        ? null
        : scoreOf((await engine.analyse(position.fen, { ...budget, multipv: 1 })).lines[0]),
    ),
  );
  const solving: Array<{ position: GamePosition; line: Promise<SolvedLine | null> }> = [];
  for (const position of positions.slice(1)) {
    const before = evaluations[position.ply - 1];
    const after = evaluations[position.ply];
    if (!before || !after || position.repeated || position.moves < 2) continue;
    if (!isTurningPoint(before, after)) continue;
    if (isKnown && (await isKnown(position.fen))) continue;
    const line = solveFrom(position.fen, engine, budget, options);
    line.catch(() => {});
    solving.push({ position, line });
  }
  for (const { position, line } of solving) {
    const solved = await line;
    if (solved) yield { ...solved, fen: position.fen, ply: position.ply, game };
  }
}
