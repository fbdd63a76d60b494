import type { FailedLoad, FeedbackMessage, LoadErrorCode, TrainingNotice } from "./types";

/** The message code of each failed load (spec section 8, training screen). */
export const LOAD_ERROR_OF: Record<FailedLoad, LoadErrorCode> = {
  first: "first",
  nextByPhase: "next",
  nextById: "next",
  nextRated: "next",
  previous: "previous",
  filter: "position",
};

/**
 * The spec's English texts behind the codes the machine keeps (sections 4, 5, 8), for the site's English
 * resources and for tests. The site shows translated texts; `continue` (multi-move lines), `helped` (a solve after a hint, a
 * mistake or a shown answer, which the issue on honest scores keeps from saying "Excellent"), `checking` and
 * `alternative` (a move off the line that the engine finds winning as well) are ours.
 */
export const TRAINING_MESSAGES_EN = {
  loadError: {
    first: "Failed to load the first position",
    next: "Failed to load the next position",
    previous: "Failed to load the previous position",
    position: "Failed to load position",
  } satisfies Record<LoadErrorCode, string>,
  feedback: {
    correct: "Excellent! This is the correct move. Click Next when you are ready to continue.",
    helped: "Solved, with help. Click Next when you are ready to continue.",
    continue: "Correct! Now find the next move.",
    answer: "This is the correct move.",
    mistake: "This move is not the best in this position. Try to find a stronger continuation.",
    invalid: "Invalid move. Please try a different move.",
    checking: "Checking your move…",
    alternative: "That also wins! Here is the line the puzzle had in mind.",
  } satisfies Record<FeedbackMessage, string>,
  notice: {
    "loaded-puzzle": "Loaded puzzle #{id}",
    "puzzle-not-found": "Puzzle not found.",
    "no-positions-for-opening": "No positions found for this opening",
    "opening-complete": "{opening}: all {count} positions done. Choose another opening or clear the filter.",
  } satisfies Record<TrainingNotice["kind"], string>,
  empty: "No position available",
} as const;

/** A notice in English, with the puzzle id filled in. */
export function noticeTextEn(notice: TrainingNotice): string {
  const text = TRAINING_MESSAGES_EN.notice[notice.kind];
  if (notice.kind === "loaded-puzzle") return text.replace("{id}", String(notice.id));
  if (notice.kind === "opening-complete") {
    return text.replace("{opening}", notice.opening).replace("{count}", String(notice.count));
  }
  return text;
}
