export {
  createProgressRecords,
  endSessionOn,
  PROGRESS_KEYS,
  type ProgressRecords,
  positionProgressId,
  recordMoveOn,
  recordOutcomeOn,
} from "./progress";
export type * from "./types";
