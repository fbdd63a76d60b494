import type { EngineLine } from "@ct/chess";
import { useEffect, useRef, useState } from "react";
import { createUciAnalyser, type UciAnalyser } from "../engine/uci-analyser";
import { ANALYSIS_LINES } from "./analysis-lines";

/** How long the engine searches a position: the first limit reached ends the search. */
export const ANALYSIS_LIMITS = { multipv: ANALYSIS_LINES, depth: 18, movetime: 2500 } as const;

export type EngineLinesState =
  | { status: "thinking"; fen: string }
  | { status: "ready"; fen: string; lines: EngineLine[] }
  | { status: "failed"; fen: string };

/**
 * The engine's best lines (MultiPV 3) for the position on the analysis board, from the site's Stockfish worker (the
 * one "why not my move" uses), loaded in the browser only. A new position starts a new search; the answer of a
 * search for a position no longer shown is dropped.
 */
export function useEngineLines(fen: string): EngineLinesState {
  const engine = useRef<UciAnalyser | null>(null);
  const [state, setState] = useState<EngineLinesState>({ status: "thinking", fen });

  useEffect(
    () => () => {
      engine.current?.dispose();
      engine.current = null;
    },
    [],
  );

  useEffect(() => {
    let current = true;
    setState({ status: "thinking", fen });
    (async () => {
      if (!engine.current) {
        if (typeof Worker === "undefined" || typeof WebAssembly !== "object")
          throw new Error("no engine here");
        const { stockfishWorkerUrl } = await import("virtual:stockfish-engine");
        engine.current ??= createUciAnalyser({
          createWorker: () => new Worker(stockfishWorkerUrl, { name: "stockfish" }),
        });
      }
      return engine.current.analyse(fen, ANALYSIS_LIMITS);
    })().then(
      (result) => {
        if (current) setState({ status: "ready", fen, lines: result.lines });
      },
      () => {
        if (current) setState({ status: "failed", fen });
      },
    );
    return () => {
      current = false;
    };
  }, [fen]);

  return state.fen === fen ? state : { status: "thinking", fen };
}
