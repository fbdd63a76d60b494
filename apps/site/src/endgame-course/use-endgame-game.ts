import type { EngineResult, SearchLimits } from "@ct/chess";
import type { EndgameExercise } from "@ct/chess/endgame-course";
import { type EngineScore, type JudgedMove, judge, type Verdict } from "@ct/machines/endgame-course";
import type { BoardMove } from "@ct/ui";
import { Chess } from "chess.js";
import { useCallback, useEffect, useRef, useState } from "react";
import { createUciAnalyser, type UciAnalyser } from "../engine/uci-analyser";

/**
 * The engine's search for every position of an exercise: the opponent's reply and both evaluations come from it.
 * Full strength for defence within a time a phone can afford: the deepest of 22 plies or 1.5 s.
 */
export const ENDGAME_LIMITS: SearchLimits = { depth: 22, movetime: 1500 };

export type EndgamePhase = "starting" | "thinking" | "your-move" | "over" | "engine-failed";

export interface EndgameGame {
  fen: string;
  lastMove: { from: string; to: string } | null;
  /** The player's moves with the engine's evaluations (the judge's input). */
  moves: readonly JudgedMove[];
  phase: EndgamePhase;
  verdict: Verdict;
  play(move: BoardMove): boolean;
  retry(): void;
}

function scoreOf(result: EngineResult): EngineScore {
  const line = result.lines[0];
  return line?.mate !== undefined ? { mate: line.mate } : { cp: line?.cp ?? 0 };
}

function applyUci(chess: Chess, uci: string) {
  return chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
}

/**
 * Plays an exercise against Stockfish in the browser (the site's worker): the engine searches the position before
 * each of the player's moves (its score and best move) and after it (its score, then its reply), and the course's
 * judge (@ct/machines/endgame-course) decides after every move. Retry starts the position again; a search for an
 * abandoned attempt is ignored when it ends.
 */
export function useEndgameGame(exercise: EndgameExercise, onSolved: () => void): EndgameGame {
  const engine = useRef<UciAnalyser | null>(null);
  const attempt = useRef(0);
  const chess = useRef(new Chess(exercise.fen));
  const before = useRef<EngineResult | null>(null);
  const solvedRef = useRef(onSolved);
  solvedRef.current = onSolved;
  const [state, setState] = useState<Omit<EndgameGame, "play" | "retry">>({
    fen: exercise.fen,
    lastMove: null,
    moves: [],
    phase: "starting",
    verdict: { status: "playing" },
  });

  const search = useCallback(async (fen: string): Promise<EngineResult> => {
    if (!engine.current) {
      if (typeof Worker === "undefined" || typeof WebAssembly !== "object") throw new Error("no engine here");
      const { stockfishWorkerUrl } = await import("virtual:stockfish-engine");
      engine.current ??= createUciAnalyser({
        createWorker: () => new Worker(stockfishWorkerUrl, { name: "stockfish" }),
      });
    }
    return engine.current.analyse(fen, ENDGAME_LIMITS);
  }, []);

  const fail = useCallback((run: number) => {
    if (run === attempt.current) setState((current) => ({ ...current, phase: "engine-failed" }));
  }, []);

  /** Searches the position the player is to move in; the board opens when it is done. */
  const awaitPlayer = useCallback(
    (run: number) => {
      search(chess.current.fen()).then(
        (result) => {
          if (run !== attempt.current) return;
          before.current = result;
          setState((current) => ({ ...current, phase: "your-move" }));
        },
        () => fail(run),
      );
    },
    [search, fail],
  );

  const start = useCallback(() => {
    attempt.current += 1;
    chess.current = new Chess(exercise.fen);
    before.current = null;
    setState({
      fen: exercise.fen,
      lastMove: null,
      moves: [],
      phase: "starting",
      verdict: { status: "playing" },
    });
    awaitPlayer(attempt.current);
  }, [exercise.fen, awaitPlayer]);

  useEffect(() => {
    start();
  }, [start]);

  useEffect(
    () => () => {
      attempt.current += 1;
      engine.current?.dispose();
      engine.current = null;
    },
    [],
  );

  const play = useCallback(
    (move: BoardMove): boolean => {
      const searched = before.current;
      if (state.phase !== "your-move" || !searched) return false;
      const fenBefore = chess.current.fen();
      let played: ReturnType<Chess["move"]>;
      try {
        played = chess.current.move({ from: move.from, to: move.to, promotion: move.promotion ?? "q" });
      } catch {
        return false;
      }
      const run = attempt.current;
      const judged: JudgedMove = {
        fenBefore,
        uci: `${played.from}${played.to}${played.promotion ?? ""}`,
        before: scoreOf(searched),
        bestMove: searched.bestmove,
      };
      const moves = [...state.moves, judged];
      const decide = (fen: string): Verdict =>
        judge({ goal: exercise.goal, player: exercise.player, moves, fen });
      before.current = null;
      const afterMove = chess.current.fen();
      const lastMove = { from: played.from, to: played.to };
      if (chess.current.isGameOver()) {
        const verdict = decide(afterMove);
        setState({ fen: afterMove, lastMove, moves, phase: "over", verdict });
        if (verdict.status === "passed") solvedRef.current();
        return true;
      }
      setState({ fen: afterMove, lastMove, moves, phase: "thinking", verdict: { status: "playing" } });
      search(afterMove).then(
        (reply) => {
          if (run !== attempt.current) return;
          judged.after = scoreOf(reply);
          let verdict = decide(afterMove);
          if (verdict.status === "playing" && reply.bestmove !== "(none)") {
            const answer = applyUci(chess.current, reply.bestmove);
            const fen = chess.current.fen();
            verdict = decide(fen);
            setState({
              fen,
              lastMove: { from: answer.from, to: answer.to },
              moves,
              phase: "thinking",
              verdict,
            });
          }
          if (verdict.status !== "playing") {
            setState((current) => ({ ...current, moves, phase: "over", verdict }));
            if (verdict.status === "passed") solvedRef.current();
            return;
          }
          awaitPlayer(run);
        },
        () => fail(run),
      );
      return true;
    },
    [state.phase, state.moves, exercise.goal, exercise.player, search, awaitPlayer, fail],
  );

  return { ...state, play, retry: start };
}
