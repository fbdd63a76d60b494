export { type AlternativeScores, alsoWins, couldWin, type EngineScore } from "./alternative";
export { type BoardHints, boardHintsFor } from "./board-hints";
export type { BoardArrowLike, ChessRules } from "./chess-rules";
export { loadChessRules } from "./load-rules";
export { LOAD_ERROR_OF, noticeTextEn, TRAINING_MESSAGES_EN } from "./messages";
export {
  expectedMove,
  judgeMove,
  type MoveVerdict,
  type PlayedOnBoard,
  playMove,
  sideToMove,
  solutionLine,
} from "./rules";
export * from "./selectors";
export { type TrainingFlowMachine, trainingFlowMachine } from "./training-flow.machine";
export type * from "./types";
