import type { PuzzleSetQuery } from "@ct/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";
import { BROAD_THEMES, ratingBand } from "./ratings";

/**
 * How many stored puzzles a custom set holds (issue 39): rated within min..max, of the phase and the opening, with
 * every one of the themes. One count over an index, as `choosePuzzle` reads them: the rarest requested theme's rows
 * in `position_themes` (theme, band, id) when a theme has rows, else the positions' (opening, band, id),
 * (phase, band, id) or (band, id); the range first narrows the bands, then the exact rating and the other filters
 * are checked on the rows the index gives. A theme that no puzzle has makes the count 0 without reading further.
 */
export async function countPuzzleSet(db: Kysely<Database>, set: PuzzleSetQuery): Promise<number> {
  const themes = [...new Set(set.themes ?? [])];
  let rarest: string | undefined;
  if (themes.length > 0) {
    const counts = await db
      .selectFrom("position_facets")
      .select(["value", "count"])
      .where("kind", "=", "theme")
      .where("value", "in", themes)
      .where("count", ">", 0)
      .execute();
    if (counts.length < themes.length) return 0;
    const indexed = counts.filter((count) => !BROAD_THEMES.has(count.value));
    if (indexed.length > 0)
      rarest = indexed.reduce((a, b) => (Number(b.count) < Number(a.count) ? b : a)).value;
  }
  const band = rarest ? sql.ref("t.rating_band") : sql.ref("p.rating_band");
  const filters = [
    set.min === undefined ? null : sql`${band} >= ${ratingBand(set.min)} and p.rating >= ${set.min}`,
    set.max === undefined ? null : sql`${band} <= ${ratingBand(set.max)} and p.rating <= ${set.max}`,
    set.phase === undefined ? null : sql`p.game_phase = ${set.phase}`,
    set.opening === undefined ? null : sql`p.opening = ${set.opening}`,
    // The other themes on the row: a JSON list of keys, so a quoted key matches only itself (keys are [A-Za-z0-9]).
    ...themes.filter((theme) => theme !== rarest).map((theme) => sql`p.themes like ${`%"${theme}"%`}`),
  ].filter((filter) => filter !== null);
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const from = rarest
    ? sql`position_themes t join positions p on p.id = t.position_id and t.theme = ${rarest}`
    : sql`positions p`;
  const { rows } = await sql<{
    count: number | string;
  }>`select count(*) as count from ${from} ${where}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
