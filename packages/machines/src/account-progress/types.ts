import type { PositionProgress, ScenarioProgress } from "../progress/types";
import type { PlayerRating } from "../rating/rating";
import type { ReviewEntry } from "../review/review";

/** A player's progress records, parsed: a key that is absent from the records is undefined here. */
export interface ProgressState {
  positions: PositionProgress[] | undefined;
  scenarios: ScenarioProgress[] | undefined;
  rating: PlayerRating | undefined;
  reviews: ReviewEntry[] | undefined;
}
