import type { DailyPlan } from "@ct/machines";
import { useEffect, useMemo, useState } from "react";
import { useHydrated } from "../lib/hydration";
import { planNow } from "./plan-records";
import { useProgressVersion } from "./progress-signal";

/** How often the plan is made again while shown with no write (cards fall due, a day ends). */
const REFRESH_MS = 60_000;

/**
 * Today's plan from this browser's records, made again on every write to them (here, in another tab, or from the
 * account's sync) and each minute; null on the server and while the page hydrates (the records are in this
 * browser's storage only).
 */
export function useDailyPlan(): DailyPlan | null {
  const hydrated = useHydrated();
  const version = useProgressVersion();
  const [minute, setMinute] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setMinute((n) => n + 1), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version and the minute are what make it again.
  return useMemo(() => (hydrated ? planNow() : null), [hydrated, version, minute]);
}
