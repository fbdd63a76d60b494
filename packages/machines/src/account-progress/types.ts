import type { CoachCard } from "../coach/review";
import type { PositionProgress, ScenarioProgress } from "../progress/types";
import type { PlayerRating } from "../rating/rating";

/** A player's progress records, parsed: a key that is absent from the records is undefined here. */
export interface ProgressState {
  positions: PositionProgress[] | undefined;
  scenarios: ScenarioProgress[] | undefined;
  rating: PlayerRating | undefined;
  /** The review cards (issue 39); an old review list in the records is migrated into them when read. */
  cards: CoachCard[] | undefined;
}
