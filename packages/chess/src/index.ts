export { checkFen, completeFen, type FenCheck, START_FEN } from "./fen";
export { applyMove, isCorrectMove, type MoveResult, toSan } from "./moves";
export { checkPuzzle, type PuzzleCheck, type PuzzleProblem } from "./puzzle";
