export { type CardRecords, cardsOfRecords, createCardRecords } from "./cards";
export {
  createReviewRecords,
  dueReviews,
  parseReviews,
  REVIEW_INTERVALS_DAYS,
  REVIEW_KEY,
  REVIEW_LIMIT,
  type ReviewEntry,
  type ReviewOutcome,
  type ReviewRecords,
  scheduleReview,
} from "./review";
