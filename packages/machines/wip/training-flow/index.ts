export { type TrainingFlowMachine, trainingFlowMachine } from "./training-flow.machine";
export { expectedMoves, playMove } from "./rules";
export * from "./selectors";
export type * from "./types";
