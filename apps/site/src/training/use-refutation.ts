import type { RefutationSummary } from "@ct/chess";
import { type ChessRules, type MoveFeedback, playMove } from "@ct/machines";
import { useEffect, useRef, useState } from "react";
import type { RefutationRunner } from "./refutation-runner";

export type RefutationState =
  | { status: "idle" }
  | { status: "analysing"; move: string }
  | { status: "done"; move: string; summary: RefutationSummary }
  | { status: "failed"; move: string };

/**
 * "Why not my move?": after a wrong move, the opponent's best reply and what it wins, from Stockfish in a Web
 * Worker. The engine's code and worker load on the first wrong move only; a newer move (or leaving the screen)
 * cancels a search. When the engine cannot run, the state is `failed` and the screen shows the fallback text.
 * `rules` are the flow's chess rules, which judged the move (so they are there whenever a wrong move is).
 */
export function useRefutation(feedback: MoveFeedback | null, rules: ChessRules | null): RefutationState {
  const runnerRef = useRef<Promise<RefutationRunner> | null>(null);
  const [state, setState] = useState<{ feedback: MoveFeedback | null; value: RefutationState }>({
    feedback: null,
    value: { status: "idle" },
  });

  useEffect(
    () => () => {
      void runnerRef.current?.then((runner) => runner.dispose());
      runnerRef.current = null;
    },
    [],
  );

  useEffect(() => {
    if (feedback?.kind !== "mistake" || !feedback.uci || !rules) return;
    const move = feedback.move;
    const after = playMove(rules, feedback.fenBefore, feedback.uci);
    if (!after) {
      setState({ feedback, value: { status: "failed", move } });
      return;
    }
    const controller = new AbortController();
    runnerRef.current ??= import("./refutation-runner").then((module) => module.createRefutationRunner());
    const loading = runnerRef.current;
    loading
      .then(async (runner) => {
        const summary = await runner.run(after.fen, controller.signal);
        if (!controller.signal.aborted) setState({ feedback, value: { status: "done", move, summary } });
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        // The chunk itself may have failed to load: then there is no engine and the fallback shows.
        const fallback = await import("./refutation-runner").then(
          (module) => module.showsFallback(error),
          () => true,
        );
        if (fallback) setState({ feedback, value: { status: "failed", move } });
      });
    return () => controller.abort();
  }, [feedback, rules]);

  // A state computed for an earlier move does not belong to this one.
  if (feedback?.kind !== "mistake") return { status: "idle" };
  if (state.feedback !== feedback) return { status: "analysing", move: feedback.move };
  return state.value;
}
