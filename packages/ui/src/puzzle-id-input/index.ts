export { parsePuzzleId } from "./puzzle-id";
export { PuzzleIdInput, type PuzzleIdInputProps } from "./puzzle-id-input";
