export {
  ACCOUNT_PROGRESS_KEYS,
  applyProgressEvent,
  applyProgressEventTo,
  compareProgressEvents,
  EMPTY_PROGRESS,
  playerRatingOf,
  progressStateOf,
  recordsOf,
  replayProgress,
  replayProgressState,
} from "./account-progress";
export { MERGED_PUZZLE_DEVIATION, mergeProgressStates } from "./merge";
export { isMyGamesId, MY_GAMES_SCENARIO } from "./my-games";
export type { ProgressState } from "./types";
