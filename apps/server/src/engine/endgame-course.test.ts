import { courseExercises, type EndgameExercise } from "@ct/chess/endgame-course";
import { type EngineScore, type JudgedMove, judge, type Verdict } from "@ct/machines/endgame-course";
import { Chess } from "chess.js";
import { afterAll, describe, expect, it } from "vitest";
import { EnginePool, type EngineResult } from "./pool";

/**
 * The endgame course's check: every goal is reachable. Stockfish plays both sides of every position at a fixed node
 * budget per move, the course's own judge (@ct/machines/endgame-course) watches, and the player's side must pass —
 * the mates given and the promotions made within the move limit, the draws held — with no move judged a slip. The
 * budget and the time it takes are in docs/endgame-course.md.
 */

/** Nodes per move for both sides: enough for the lite network to play these endings soundly, and quick. */
const NODES = 30_000;

/**
 * Positions that need more: at 30,000 and 100,000 nodes the lite network never builds Lucena's bridge within the
 * move limit (it shuffles checks on the seventh rank); at 150,000 it does, on both sides.
 */
const NODES_FOR: Readonly<Record<string, number>> = { lucena: 150_000 };

const pool = new EnginePool({ size: 2 });
afterAll(() => pool.close());

function scoreOf(result: EngineResult): EngineScore {
  const line = result.lines[0];
  return line?.mate !== undefined ? { mate: line.mate } : { cp: line?.cp ?? 0 };
}

function play(chess: Chess, uci: string): void {
  chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
}

/**
 * The winning side's move: the engine's best, unless it repeats the position a third time (the engine is given a
 * FEN, no history, so it cannot know; a player does), then the best other move. The defending side may repeat: a
 * repetition is its draw.
 */
async function unrepeated(chess: Chess, best: EngineResult, nodes: number): Promise<string> {
  const repeats = (move: string) => {
    play(chess, move);
    const repeated = chess.isThreefoldRepetition();
    chess.undo();
    return repeated;
  };
  if (!repeats(best.bestmove)) return best.bestmove;
  const two = await pool.analyse(chess.fen(), { nodes, multipv: 2 });
  return two.lines.map((line) => line.pv[0] ?? "").find((move) => move && !repeats(move)) ?? best.bestmove;
}

/** Plays the exercise out with the engine on both sides; the verdict once the judge has one, and the moves. */
async function playOut(exercise: EndgameExercise): Promise<{ verdict: Verdict; line: string[] }> {
  const nodes = NODES_FOR[exercise.id] ?? NODES;
  const chess = new Chess(exercise.fen);
  const moves: JudgedMove[] = [];
  const line: string[] = [];
  const verdictNow = (): Verdict =>
    judge({
      goal: exercise.goal,
      player: exercise.player,
      moves,
      fen: chess.fen(),
      repeated: chess.isThreefoldRepetition(),
    });
  for (;;) {
    const before = await pool.analyse(chess.fen(), { nodes });
    const move: JudgedMove = {
      fenBefore: chess.fen(),
      uci: exercise.goal.kind === "draw" ? before.bestmove : await unrepeated(chess, before, nodes),
      before: scoreOf(before),
      bestMove: before.bestmove,
    };
    play(chess, move.uci);
    line.push(move.uci);
    moves.push(move);
    const reply = chess.isGameOver() ? null : await pool.analyse(chess.fen(), { nodes });
    if (reply) move.after = scoreOf(reply);
    let verdict = verdictNow();
    if (verdict.status !== "playing" || !reply) return { verdict, line };
    play(chess, reply.bestmove);
    line.push(reply.bestmove);
    verdict = verdictNow();
    if (verdict.status !== "playing") return { verdict, line };
  }
}

describe.concurrent("every goal of the endgame course is reachable", () => {
  it.each(courseExercises().map((exercise) => [exercise.id, exercise] as const))(
    "%s",
    async (_id, exercise) => {
      const { verdict, line } = await playOut(exercise);
      expect({ verdict: verdict.status, line }).toMatchObject({ verdict: "passed" });
    },
    240_000,
  );
});
