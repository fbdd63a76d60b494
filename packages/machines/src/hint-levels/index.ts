export { type HintLevelsMachine, hintLevelsMachine } from "./hint-levels.machine";
export * from "./selectors";
export type * from "./types";
