export {
  comboBonus,
  isDone,
  judgeRacerMove,
  positionAt,
  puzzleColor,
  type RacerVerdict,
  START_PROGRESS,
  scoreOf,
} from "./rules";
