export { MoveList, type MoveListProps } from "./move-list";
export { formatMoves, type NumberedMove, numberMoves } from "./notation";
