export { MoveInput, type MoveInputLabels, type MoveInputProps } from "./move-input";
export {
  normaliseTypedMove,
  readTypedMove,
  suggestTypedMoves,
  type TypedMoveOption,
  type TypedMoveReading,
} from "./read-move";
