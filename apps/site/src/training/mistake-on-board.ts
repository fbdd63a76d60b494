import { type ChessRules, type MoveFeedback, playMove } from "@ct/machines";
import type { BoardArrow } from "@ct/ui";
import { useCallback, useEffect, useState } from "react";
import type { RefutationState } from "./use-refutation";

/**
 * A wrong move on the board, as a coach shows it: the move stays on the board (`move`), the opponent's refutation
 * is played on it with a red arrow (`reply`), then both are taken back (`over`) and the player tries again. The
 * player need not wait: their next press or key on the board takes both back at once (the board's interlude).
 */
export type MistakeStage = "move" | "reply" | "over";

export interface MistakeOnBoard {
  stage: "move" | "reply";
  fen: string;
  lastMove: { from: string; to: string };
  arrows: BoardArrow[];
}

export const MISTAKE_TIMING = {
  /** The wrong move alone, before the reply is played on it. */
  showMoveMs: 700,
  /** How long the wrong move waits for the engine's reply before it is taken back without one. */
  waitForReplyMs: 5000,
  /** The reply with its arrow, before both are taken back. */
  holdReplyMs: 1800,
  /** The wrong move when the engine cannot answer, before it is taken back. */
  withoutReplyMs: 900,
} as const;

/**
 * What the board shows of a wrong move at a stage, or null when it shows the position itself. `rules` are the
 * flow's chess rules, which judged the move (so they are there whenever a wrong move is).
 */
export function mistakeOnBoard(
  rules: ChessRules | null,
  feedback: MoveFeedback | null,
  refutation: RefutationState,
  stage: MistakeStage,
): MistakeOnBoard | null {
  if (!rules || stage === "over" || feedback?.kind !== "mistake" || !feedback.uci) return null;
  const played = playMove(rules, feedback.fenBefore, feedback.uci);
  if (!played) return null;
  const move = { stage: "move" as const, fen: played.fen, lastMove: played, arrows: [] };
  if (stage === "move" || refutation.status !== "done") return move;
  const reply = playMove(rules, played.fen, refutation.summary.reply);
  if (!reply) return move;
  return {
    stage: "reply",
    fen: reply.fen,
    lastMove: { from: reply.from, to: reply.to },
    arrows: [{ from: reply.from, to: reply.to, kind: "refutation" }],
  };
}

/**
 * The stage of the latest wrong move, moved on by the clock and by the engine's answer, and `end`, which takes it
 * back at once (the player acted on the board).
 */
export function useMistakeStage(
  feedback: MoveFeedback | null,
  refutation: RefutationState,
): [stage: MistakeStage, end: () => void] {
  const [state, setState] = useState<{ feedback: MoveFeedback | null; stage: MistakeStage }>({
    feedback: null,
    stage: "over",
  });
  const stage: MistakeStage =
    state.feedback === feedback ? state.stage : feedback?.kind === "mistake" ? "move" : "over";
  const status = refutation.status;

  useEffect(() => {
    if (feedback?.kind !== "mistake" || stage === "over") return;
    const next =
      stage === "reply"
        ? (["over", MISTAKE_TIMING.holdReplyMs] as const)
        : status === "done"
          ? (["reply", MISTAKE_TIMING.showMoveMs] as const)
          : status === "failed"
            ? (["over", MISTAKE_TIMING.withoutReplyMs] as const)
            : (["over", MISTAKE_TIMING.waitForReplyMs] as const);
    const timer = window.setTimeout(() => setState({ feedback, stage: next[0] }), next[1]);
    return () => window.clearTimeout(timer);
  }, [feedback, stage, status]);

  const end = useCallback(() => setState({ feedback, stage: "over" }), [feedback]);
  return [stage, end];
}
