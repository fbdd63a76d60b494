import type { Accuracy } from "@ct/machines";

/** How the puzzles went, by their latest finished try. */
export interface OutcomeTotals {
  clean: number;
  helped: number;
  failed: number;
}

/**
 * Clean, helped and failed puzzles over all the position progress records (the stored JSON list; each record's
 * optional `outcome` is its latest finished try). Anything unreadable counts as nothing.
 */
export function countOutcomes(text: string | null): OutcomeTotals {
  const totals: OutcomeTotals = { clean: 0, helped: 0, failed: 0 };
  let records: unknown;
  try {
    records = text === null ? [] : JSON.parse(text);
  } catch {
    return totals;
  }
  if (!Array.isArray(records)) return totals;
  for (const record of records) {
    const outcome = (record as { outcome?: unknown } | null)?.outcome;
    if (outcome === "clean" || outcome === "helped" || outcome === "failed") totals[outcome] += 1;
  }
  return totals;
}

/**
 * The most played keys (themes) by results, the most first; ties by wins, then by key so the order is stable.
 * `skip` leaves keys out (the phase and length tags, which every puzzle carries).
 */
export function mostPlayed(
  accuracy: ReadonlyMap<string, Accuracy>,
  limit: number,
  skip: (key: string) => boolean = () => false,
): [string, Accuracy][] {
  return [...accuracy]
    .filter(([key]) => !skip(key))
    .sort(([a, x], [b, y]) => y.total - x.total || y.wins - x.wins || a.localeCompare(b))
    .slice(0, limit);
}
