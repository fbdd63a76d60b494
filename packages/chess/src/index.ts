export {
  type CoachInput,
  type CoachTexts,
  composeCoaching,
  composeStepHints,
  IllegalMoveError,
  type StepHintsInput,
} from "./coach";
export { coachingProblems, hintProblems } from "./coach/check";
export { type EvaluationKind, evaluateMove, type HeuristicEvaluation } from "./evaluate";
export { checkFen, completeFen, type FenCheck, START_FEN } from "./fen";
export {
  type Alternative,
  type Analyser,
  difficultyOf,
  type EngineLine,
  type EngineResult,
  evalForTexts,
  evalForThemes,
  findPuzzles,
  findTurningPoints,
  type IsKnown,
  isTurningPoint,
  isZugzwang,
  losesTheAdvantage,
  MAX_MATE_MOVES,
  MISTAKE_MARGIN,
  type PlayerColor,
  type PlayerMistake,
  type PuzzleCandidate,
  passedFen,
  type Score,
  SETTLE_FACTOR,
  type SearchLimits,
  type SolvedLine,
  type SolveOptions,
  type StopSignal,
  solveFrom,
  THRESHOLDS,
  type TurningPoint,
  type TurningPointOptions,
  type TurningPointProgress,
  type TurningPoints,
  winChance,
  winChanceOf,
  zugzwangCandidates,
} from "./generator";
export {
  GLICKO,
  type Glicko,
  type GlickoResult,
  NEW_GLICKO,
  ratePuzzleAttempt,
  updateGlicko,
} from "./glicko";
export { legalMoves, matingMoves, uciOf } from "./legal-moves";
export { type AdvantageLabel, advantageLabel, type Material, materialOf, PIECE_VALUES } from "./material";
export { applyMove, isCorrectMove, type MoveResult, toSan } from "./moves";
export { OPENINGS, type Opening, openingForEco, openingForMoves, openingForName } from "./openings";
export { type PgnError, type PgnGame, type PgnMove, parsePgn, splitPgnGames } from "./pgn";
export { type Phase, phaseOf } from "./phase";
export { checkPuzzle, type PuzzleCheck, type PuzzleProblem } from "./puzzle";
export {
  describeRefutation,
  type EngineRefutation,
  type MaterialPiece,
  type MaterialWin,
  type RefutationSummary,
  sanLine,
} from "./refutation";
export {
  type BilingualComment,
  fullMoves,
  parseBilingualComment,
  parseRepertoirePgn,
  positionKey,
  RepertoireError,
  type RepertoireFile,
  type RepertoireLine,
  type RepertoireMove,
  type RepertoireSide,
} from "./repertoire";
export {
  allowedCastling,
  boardField,
  CASTLING_RIGHTS,
  type CastlingRight,
  type CastlingRights,
  checkSetup,
  EMPTY_SETUP,
  effectiveCastling,
  enPassantCandidates,
  enPassantFits,
  type FenLoad,
  type GameStatus,
  gameStatus,
  loadSetupFen,
  type Placement,
  parseBoardField,
  SETUP_PIECES,
  type Setup,
  type SetupCheck,
  type SetupColor,
  type SetupPiece,
  type SetupProblem,
  START_SETUP,
  setupFen,
  setupFromFen,
  withTurn,
} from "./setup";
export { THEMES, type ThemeGroup, type ThemeInfo, themeInfo } from "./theme-catalogue";
export {
  ADVANTAGE_CP,
  CRUSHING_CP,
  EVAL_LINE_MARGIN,
  isNearEvalLine,
  type PreviousMove,
  type TagInput,
  tagThemes,
} from "./themes";
export {
  type EngineScore,
  generatorWinChance,
  isOnlyMove,
  type MovePair,
  ONLY_MOVE_GAP,
  scoreValue,
} from "./uniqueness";
