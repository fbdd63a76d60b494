export {
  type AnalysisJobLabels,
  AnalysisJobList,
  type AnalysisJobListProps,
  type AnalysisJobRow,
  type AnalysisJobStatus,
} from "./analysis-job-list";
