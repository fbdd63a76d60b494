export { EngineLines, type EngineLinesProps, type EngineLineView } from "./engine-lines";
