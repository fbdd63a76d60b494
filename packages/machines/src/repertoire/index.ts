export {
  cardKey,
  isCardDue,
  type RepertoireCard,
  type RepertoireCardState,
  reviewRepertoireCard,
} from "./cards";
export {
  type DrillFeedback,
  type DrillResult,
  type DrillState,
  drillContinue,
  drillDone,
  drillExpectedMove,
  drillLine,
  drillOrder,
  drillPlay,
  drillRemaining,
  MAX_RETRIES,
  startDrill,
} from "./drill";
export { type LearnState, type LearnStep, learnedComments, learnPlay, learnStep, startLearn } from "./learn";
export {
  emptyRecords,
  type LineProgress,
  type LineRecord,
  type LineStatus,
  lineProgress,
  markDrilled,
  markLearnt,
  type OpeningProgress,
  openingProgress,
  REPERTOIRE_KEY,
  type RepertoireRecords,
  readRecords,
} from "./records";
export {
  buildTree,
  lineId,
  playerMoves,
  type RepertoireTree,
  repertoireMove,
  type TreeLine,
  type TreeMove,
  type TreeNode,
} from "./tree";
