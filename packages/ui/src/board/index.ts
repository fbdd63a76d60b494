export {
  BOARD_COLORS,
  Board,
  type BoardKeyboardLabels,
  type BoardMove,
  type BoardProps,
  labelledPieces,
  PIECE_CODES,
  type PieceCode,
  piecesOf,
  useQuietDraggables,
  withPromotion,
} from "./board";
