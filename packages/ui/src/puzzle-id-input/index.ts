export { parsePuzzleId } from "./puzzle-id";
export { PuzzleIdInput, type PuzzleIdInputLayout, type PuzzleIdInputProps } from "./puzzle-id-input";
