export { difficultyOf } from "./difficulty";
export type { Analyser, EngineLine, EngineResult, SearchLimits, StopSignal } from "./engine";
export {
  type Alternative,
  evalForTexts,
  evalForThemes,
  findPuzzles,
  type IsKnown,
  isTurningPoint,
  MAX_MATE_MOVES,
  type PuzzleCandidate,
  SETTLE_FACTOR,
  type SolvedLine,
  type SolveOptions,
  solveFrom,
  THRESHOLDS,
} from "./generator";
export {
  findTurningPoints,
  type PlayerColor,
  type PlayerMistake,
  type TurningPoint,
  type TurningPointOptions,
  type TurningPointProgress,
  type TurningPoints,
} from "./turning-points";
export { losesTheAdvantage, MISTAKE_MARGIN, type Score, winChance, winChanceOf } from "./win-chance";
export { isZugzwang, passedFen, ZUGZWANG_MARGIN, ZUGZWANG_MAX_MOVES, zugzwangCandidates } from "./zugzwang";
