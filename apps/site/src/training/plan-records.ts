import { COACH_CARDS_KEY, createProgressRecords, type DailyPlan, dailyPlan, parseCards } from "@ct/machines";
import { storage } from "../lib/storage";
import { browserOffsetMinutes, type PlanRecords, planInputOf } from "./plan-figures";
import { progress } from "./progress";

/** The position progress records, only read here (progress.ts writes them). */
const positionRecords = createProgressRecords({ storage });

/** The records today's plan is made from, as this browser holds them now. */
export function readPlanRecords(): PlanRecords {
  return {
    player: progress.rating(),
    cards: parseCards(storage.get(COACH_CARDS_KEY)),
    positions: positionRecords.positionProgress(),
  };
}

/** Today's plan from the records as they are now, in the browser's time zone. */
export function planNow(now = Date.now()): DailyPlan {
  return dailyPlan(planInputOf(readPlanRecords(), now, browserOffsetMinutes(now)));
}
