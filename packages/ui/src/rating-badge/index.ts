export {
  PROVISIONAL_DEVIATION,
  RatingBadge,
  type RatingBadgeLabels,
  type RatingBadgeProps,
} from "./rating-badge";
