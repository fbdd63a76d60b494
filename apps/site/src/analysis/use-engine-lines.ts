import type { EngineLine, EngineResult } from "@ct/chess";
import { useEffect, useRef, useState } from "react";
import { createUciAnalyser, type UciAnalyser } from "../engine/uci-analyser";
import { ANALYSIS_LINES } from "./analysis-lines";
import { createLatestSearch } from "./latest-search";

/** How long the engine searches a position: the first limit reached ends the search. */
export const ANALYSIS_LIMITS = { multipv: ANALYSIS_LINES, depth: 18, movetime: 2500 } as const;

export type EngineLinesState =
  | { status: "thinking"; fen: string }
  | { status: "ready"; fen: string; lines: EngineLine[] }
  | { status: "failed"; fen: string };

/**
 * The engine's best lines (MultiPV 3) for the position on the analysis board, from the site's Stockfish worker (the
 * one "why not my move" uses), loaded in the browser only. A new position asks for a new search; only the latest
 * position waits for the running search (./latest-search.ts), and an answer for a position no longer shown is dropped.
 */
export function useEngineLines(fen: string): EngineLinesState {
  const engine = useRef<UciAnalyser | null>(null);
  const search = useRef<((fen: string) => Promise<EngineResult | null>) | null>(null);
  const [state, setState] = useState<EngineLinesState>({ status: "thinking", fen });

  useEffect(
    () => () => {
      engine.current?.dispose();
      engine.current = null;
      search.current = null;
    },
    [],
  );

  useEffect(() => {
    let current = true;
    setState({ status: "thinking", fen });
    (async () => {
      if (!search.current) {
        if (typeof Worker === "undefined" || typeof WebAssembly !== "object")
          throw new Error("no engine here");
        const { stockfishWorkerUrl } = await import("virtual:stockfish-engine");
        if (!engine.current) {
          const analyser = createUciAnalyser({
            createWorker: () => new Worker(stockfishWorkerUrl, { name: "stockfish" }),
          });
          engine.current = analyser;
          search.current = createLatestSearch((position) => analyser.analyse(position, ANALYSIS_LIMITS));
        }
      }
      return search.current?.(fen) ?? null;
    })().then(
      (result) => {
        if (current && result) setState({ status: "ready", fen, lines: result.lines });
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
