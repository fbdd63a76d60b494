export {
  type TrainingControl,
  TrainingControls,
  type TrainingControlsLabels,
  type TrainingControlsProps,
} from "./training-controls";
