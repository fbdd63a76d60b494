export { type EvaluationKind, evaluateMove, type HeuristicEvaluation } from "./evaluate";
export { checkFen, completeFen, type FenCheck, START_FEN } from "./fen";
export { type AdvantageLabel, advantageLabel, type Material, materialOf, PIECE_VALUES } from "./material";
export { applyMove, isCorrectMove, type MoveResult, toSan } from "./moves";
export { OPENINGS, type Opening, openingForEco, openingForName } from "./openings";
export { type Phase, phaseOf } from "./phase";
export { checkPuzzle, type PuzzleCheck, type PuzzleProblem } from "./puzzle";
