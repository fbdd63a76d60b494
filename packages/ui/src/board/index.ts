export { BOARD_COLORS, Board, type BoardProps, PIECE_CODES, type PieceCode } from "./board";
