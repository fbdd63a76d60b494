import { type DailyPlan, dailyPlan } from "@ct/machines";
import { browserOffsetMinutes, type PlanRecords, planInputOf } from "./plan-figures";
import { progress } from "./progress";

/** The records today's plan is made from, as this browser holds them now (read through the trainer's records). */
export function readPlanRecords(): PlanRecords {
  return { player: progress.rating(), cards: progress.cards(), positions: progress.positions() };
}

/** Today's plan from the records as they are now, in the browser's time zone. */
export function planNow(now = Date.now()): DailyPlan {
  return dailyPlan(planInputOf(readPlanRecords(), now, browserOffsetMinutes(now)));
}
