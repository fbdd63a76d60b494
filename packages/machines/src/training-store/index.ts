export {
  clientPhase,
  createDefaultScenario,
  createScenario,
  DEFAULT_SCENARIO_POSITIONS,
  DEFAULT_UI_SETTINGS,
  INITIAL_CHESS_STATE,
  INITIAL_TRAINING,
  NO_PUZZLES,
  scenarioIdFor,
  scenarioPositionFrom,
} from "./defaults";
export * from "./selectors";
export { type TrainingStoreMachine, trainingStoreMachine } from "./training-store.machine";
export type * from "./types";
