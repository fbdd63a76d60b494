export {
  classOf,
  type EngineScore,
  firstSlip,
  goalClass,
  type JudgedMove,
  type JudgeInput,
  judge,
  type PassReason,
  type ResultClass,
  type Verdict,
  WIN_CP,
} from "./judge";
