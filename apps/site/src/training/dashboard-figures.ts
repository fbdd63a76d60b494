import type { Accuracy } from "@ct/machines";

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
