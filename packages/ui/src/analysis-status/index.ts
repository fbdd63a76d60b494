export {
  type AnalysisStatusLabels,
  AnalysisStatusPanel,
  type AnalysisStatusPanelProps,
  type AnalysisStatusValue,
} from "./analysis-status-panel";
