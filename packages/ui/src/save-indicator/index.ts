export { SaveIndicator, type SaveIndicatorProps, type SaveIndicatorState } from "./save-indicator";
