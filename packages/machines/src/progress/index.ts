export {
  createProgressRecords,
  endSessionOn,
  PROGRESS_KEYS,
  type ProgressRecords,
  positionProgressId,
  recordMoveOn,
} from "./progress";
export type * from "./types";
