export {
  ARROW_COLORS,
  BOARD_COLORS,
  BOARD_THEMES,
  Board,
  type BoardArrow,
  type BoardInterlude,
  type BoardKeyboardLabels,
  type BoardMove,
  type BoardProps,
  type BoardTheme,
  labelledPieces,
  PIECE_CODES,
  PIECE_SETS,
  type PieceCode,
  type PieceSet,
  piecesOf,
  piecesOfSet,
  promotes,
  useQuietDraggables,
  withPromotion,
} from "./board";
export { type BoardRules, loadBoardRules, useBoardRules } from "./board-rules";
export { PROMOTION_PIECES, type PromotionPiece } from "./promotion-picker";
export { StaticBoard, type StaticBoardProps } from "./static-board";
