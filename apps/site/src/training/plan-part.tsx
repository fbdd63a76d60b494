import { lazyPart } from "@ct/ui";
import { useHydrated } from "../lib/hydration";

/** The plan's section and its code (the coach's plan, the cards), loaded once the page is live. */
const section = lazyPart(() => import("./plan-section"));

/**
 * Today's plan where a page shows it (home, the dashboard): on the server and while the page hydrates (the records
 * are in this browser) a blank box of the card's height, then the section once its code has loaded.
 */
export function TodaysPlan({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const hydrated = useHydrated();
  if (!hydrated) return <PlanSpace />;
  return <LoadedPlan headingLevel={headingLevel} />;
}

function LoadedPlan({ headingLevel }: { headingLevel: 2 | 3 }) {
  const loaded = section.useLoaded();
  return loaded ? <loaded.PlanSection headingLevel={headingLevel} /> : <PlanSpace />;
}

/**
 * The space the card takes for a new visitor (Find your level and New puzzles), measured in both languages at each
 * width where its text wraps differently, so that the card's arrival moves nothing below it (it cost the home page
 * a layout shift of 0.23 on a phone, Lighthouse's performance 88). A player further on sees a taller card.
 */
function PlanSpace() {
  return (
    <div
      aria-hidden
      data-slot="daily-plan-space"
      className="h-[342px] w-full min-[460px]:h-[322px] min-[500px]:h-[302px] min-[640px]:h-[282px]"
    />
  );
}
