export {
  AnalysisProgress,
  type AnalysisProgressLabels,
  type AnalysisProgressProps,
  type AnalysisProgressState,
} from "./analysis-progress";
