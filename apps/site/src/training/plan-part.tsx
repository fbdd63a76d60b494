import { lazyPart } from "@ct/ui";
import { useHydrated } from "../lib/hydration";

/** The plan's section and its code (the coach's plan, the cards), loaded once the page is live. */
const section = lazyPart(() => import("./plan-section"));

/**
 * Today's plan where a page shows it (home, the dashboard): nothing on the server and while the page hydrates (the
 * records are in this browser), then the section once its code has loaded.
 */
export function TodaysPlan({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return <LoadedPlan headingLevel={headingLevel} />;
}

function LoadedPlan({ headingLevel }: { headingLevel: 2 | 3 }) {
  const loaded = section.useLoaded();
  return loaded ? <loaded.PlanSection headingLevel={headingLevel} /> : null;
}
