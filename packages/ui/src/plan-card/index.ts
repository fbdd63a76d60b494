export {
  PlanCard,
  type PlanCardProps,
  type PlanStepItem,
  ProgressRing,
  type ProgressRingProps,
} from "./plan-card";
