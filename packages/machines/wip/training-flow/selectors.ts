import type { SnapshotFrom } from "xstate";
import type { HintLevel } from "../hint-levels";
import type { TrainingFlowMachine } from "./training-flow.machine";

type Snapshot = SnapshotFrom<TrainingFlowMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches("loading");
export const selectLoadError = (s: Snapshot) => (s.matches("error") ? s.context.error : null);
export const selectIsNavigating = (s: Snapshot) => s.matches("navigating");
export const selectIsComplete = (s: Snapshot) => s.status === "done";
export const selectIsEmpty = (s: Snapshot) => s.matches({ ready: "empty" });
export const selectPosition = (s: Snapshot) => s.context.position;
export const selectFen = (s: Snapshot) => s.context.fen;
export const selectMoves = (s: Snapshot) => s.context.moves;
export const selectFeedback = (s: Snapshot) => s.context.feedback;
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectMode = (s: Snapshot) => s.context.mode;
export const selectOpening = (s: Snapshot) => s.context.opening;
export const selectIsSolved = (s: Snapshot) => s.matches({ ready: "solved" });
export const selectIsReplying = (s: Snapshot) => s.matches({ ready: "replying" });
/** The board takes moves only while the player is to move in an unsolved position. */
export const selectCanMove = (s: Snapshot) => s.matches({ ready: "playing" });

/** "Position N of M" (spec section 2, Task panel). */
export const selectProgress = (s: Snapshot) => ({
  current: s.context.position ? s.context.index + 1 : 0,
  total: Math.max(s.context.total, s.context.list.length),
});

/** Next becomes Complete once the server said there are no more puzzles. */
export const selectAtEnd = (s: Snapshot) => s.context.atEnd;
export const selectCanGoPrevious = (s: Snapshot) => s.can({ type: "training.previous" });
export const selectCanShowAnswer = (s: Snapshot) => s.can({ type: "training.showAnswer" });

export const selectHintLevel = (s: Snapshot): HintLevel => {
  const hints = s.children.hints;
  return hints ? (hints.getSnapshot().value as HintLevel) : "none";
};
