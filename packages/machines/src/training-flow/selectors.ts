import type { SnapshotFrom } from "xstate";
import { hintLevelsMachine } from "../hint-levels";
import { type BoardHints, boardHintsFor } from "./board-hints";
import { LOAD_ERROR_OF } from "./messages";
import { expectedMove, playMove, sideToMove } from "./rules";
import type { TrainingFlowMachine } from "./training-flow.machine";
import type { LoadErrorCode } from "./types";

type Snapshot = SnapshotFrom<TrainingFlowMachine>;

// Screen states (spec section 2: 'Loading Training Module', 'Error Loading Module' + Retry).

/** The first load of the module, with nothing on the board yet: 'Loading Training Module'. */
export const selectIsModuleLoading = (s: Snapshot) => s.matches("loading") && s.context.position === null;
/** A load is running (Next, Previous, Go by ID, filter, All Openings): buttons are disabled meanwhile. */
export const selectIsBusy = (s: Snapshot) => s.matches("loading") || s.matches("navigating");
/** The failed load's message code in the error state ('Error Loading Module'), else null. */
export const selectLoadError = (s: Snapshot): LoadErrorCode | null =>
  s.matches("error") && s.context.failed ? LOAD_ERROR_OF[s.context.failed] : null;
export const selectCanRetry = (s: Snapshot) => s.can({ type: "training.retry" });
/** The error screen can go back to the position shown before the failed navigation. */
export const selectCanDismissError = (s: Snapshot) => s.can({ type: "training.dismissError" });
/** The player pressed Complete: the site navigates to /training. */
export const selectIsComplete = (s: Snapshot) => s.status === "done";
/** No position to show: 'No position available' (or the filter's notice). */
export const selectIsEmpty = (s: Snapshot) => s.matches({ ready: "empty" });

// The board.

/** The chess rules (chess.js), null until they have loaded (shortly after the screen's first paint). */
export const selectRules = (s: Snapshot) => s.context.rules;
export const selectPosition = (s: Snapshot) => s.context.position;
export const selectFen = (s: Snapshot) => s.context.fen;
/** Moves played on the board so far, in standard notation, opponent replies included. */
export const selectMoves = (s: Snapshot) => s.context.moves;
export const selectLastMove = (s: Snapshot) => {
  const last = s.context.moves.at(-1);
  return last ? { from: last.from, to: last.to } : null;
};
/** The board takes moves only while the player is to move in an unsolved position. */
export const selectCanMove = (s: Snapshot) => s.matches({ ready: "playing" });
/** Board orientation follows the side to move in the position (spec section 4). */
export const selectOrientation = (s: Snapshot): "white" | "black" =>
  s.context.position ? sideToMove(s.context.position.fen) : "white";
export const selectIsSolved = (s: Snapshot) => s.matches({ ready: "solved" });
/** The opponent's reply of a multi-move line is on its way. */
export const selectIsReplying = (s: Snapshot) => s.matches({ ready: "replying" });

// Panels.

export const selectFeedback = (s: Snapshot) => s.context.feedback;
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectMode = (s: Snapshot) => s.context.mode;
/** The opening filter (null: All Openings). */
export const selectOpening = (s: Snapshot) => s.context.opening;
/** Next picks puzzles by the player's rating (the player's choice in a module; always in a theme's set). */
export const selectIsRated = (s: Snapshot) => s.context.rated;
/** The module offers the choice of order (a theme's set has no phase order to go back to). */
export const selectCanChooseOrder = (s: Snapshot) => s.context.phase !== null && s.context.ids === null;

/**
 * 'Position N of M' (spec section 2, Task panel; the title bar's progress). Null in puzzle-by-ID mode, which walks
 * all positions by sequence and has no place in a list, and when puzzles come by rating: show the puzzle id instead.
 */
export const selectProgress = (s: Snapshot): { current: number; total: number } | null => {
  const { mode, position, index, offset, total, list } = s.context;
  if (mode === "byId" || mode === "rated") return null;
  return { current: position ? offset + index + 1 : 0, total: Math.max(total, offset + list.length) };
};

// Buttons (spec section 4): each is enabled exactly when its event would be taken.

/** Next becomes Complete: nothing follows this position. */
export const selectAtEnd = (s: Snapshot) =>
  s.context.position !== null &&
  s.context.endReached &&
  s.context.index >= s.context.list.length - 1 &&
  !s.matches("complete");
export const selectCanNext = (s: Snapshot) => s.can({ type: "training.next" });
export const selectCanComplete = (s: Snapshot) => s.can({ type: "training.complete" });
export const selectCanPrevious = (s: Snapshot) => s.can({ type: "training.previous" });
export const selectCanReset = (s: Snapshot) => s.can({ type: "training.reset" });
/** "Try again": the puzzle ended with help or its answer shown (a fresh try of it, as a review). */
export const selectCanTryAgain = (s: Snapshot) => s.can({ type: "training.again" });
export const selectCanShowAnswer = (s: Snapshot) => s.can({ type: "training.showAnswer" });
/** Hint opens the card; it is disabled once the card is open (More Help takes over). */
export const selectCanHint = (s: Snapshot) => s.can({ type: "hint.request" });
/** Go by ID (the input's own validation comes on top). */
export const selectCanGoToId = (s: Snapshot) => s.can({ type: "training.goToId", id: 1 });
export const selectCanFilter = (s: Snapshot) => s.matches("ready");

// The hint card (spec section 4, Hints).

export const selectTrainingHintLevel = (s: Snapshot) => s.context.hintLevel;
/** The half-move of the line the player is at: the hint is for the move due there (0: the first, whose hints are stored). */
export const selectHintPly = (s: Snapshot) => s.context.ply;
/** More Help is shown at subtle and moderate, hidden at explicit, and works while the player is to move. */
export const selectCanMoreHelp = (s: Snapshot) => s.can({ type: "hint.more" });
/** More Help is visible (it may still be disabled while the opponent replies or once solved). */
export const selectShowsMoreHelp = (s: Snapshot) =>
  hintLevelsMachine
    .resolveState({ value: s.context.hintLevel, context: { requests: s.context.hintRequests } })
    .can({ type: "hint.more" });

/**
 * The move the player is expected to find now: the moderate hint shows its target square, the explicit hint shows
 * it as a button that plays it (send `move.play` with `uci`). Null when the player is not to move.
 */
export const selectExpectedMove = (s: Snapshot) => {
  const { position, fen, ply, rules } = s.context;
  if (!position || !rules || !s.matches({ ready: "playing" })) return null;
  const move = expectedMove(position, ply);
  const played = move ? playMove(rules, fen, move) : null;
  return played ? { san: played.san, uci: played.uci, from: played.from, to: played.to } : null;
};

const NO_BOARD_HINTS: BoardHints = { from: null, to: null, arrows: [] };

/**
 * What the open hint draws on the board (issue "Training screen, second version", teaching on the board): the piece
 * to move at the subtle level, its target (and the idea's arrow) at the moderate one, the move's arrow at the
 * explicit one. Nothing while the opponent replies or once the puzzle is solved.
 */
export const selectBoardHints = (s: Snapshot): BoardHints => {
  const { position, fen, ply, hintLevel, rules } = s.context;
  if (!position || !rules || hintLevel === "none" || !s.matches({ ready: "playing" })) return NO_BOARD_HINTS;
  return boardHintsFor(rules, position, fen, ply, hintLevel);
};

/** Every button's enabled state at once (compare shallowly when selecting it in React). */
export const selectControls = (s: Snapshot) => ({
  previous: selectCanPrevious(s),
  reset: selectCanReset(s),
  hint: selectCanHint(s),
  showAnswer: selectCanShowAnswer(s),
  next: selectCanNext(s),
  complete: selectCanComplete(s),
  atEnd: selectAtEnd(s),
});
