export type { Analyser, EngineLine, EngineResult, SearchLimits } from "./engine";
export {
  type Alternative,
  findPuzzles,
  type IsKnown,
  isTurningPoint,
  MAX_MATE_MOVES,
  type PuzzleCandidate,
  type SolvedLine,
  type SolveOptions,
  solveFrom,
  THRESHOLDS,
} from "./generator";
export { type Score, winChance, winChanceOf } from "./win-chance";
