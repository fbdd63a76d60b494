export { AccessibleBoard, type AccessibleBoardLabels, type AccessibleBoardProps } from "./accessible-board";
export {
  type BoardWords,
  fileWords,
  fill,
  legalMoveWords,
  moveWords,
  rankWords,
  squareWords,
  textWithMoveWords,
} from "./speech";
