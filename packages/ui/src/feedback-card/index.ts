export {
  FEEDBACK_KINDS,
  FeedbackCard,
  type FeedbackCardProps,
  type FeedbackKind,
  feedbackCardVariants,
} from "./feedback-card";
