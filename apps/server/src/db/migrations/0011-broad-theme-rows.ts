import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The broad themes (a phase, a short length, a likely goal; BROAD_THEMES in positions/ratings.ts as it was when this
 * shipped) lose their theme index rows: a filter on one of them reads the phase, opening or band index, where a
 * match is a few rows away, and on the lichess database they were about 60% of the rows an import wrote.
 */
const BROAD = [
  "opening",
  "middlegame",
  "endgame",
  "oneMove",
  "short",
  "long",
  "mate",
  "advantage",
  "crushing",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from position_themes where theme in (${sql.join(BROAD)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await sql`insert into position_themes (theme, rating_band, position_id)
    select distinct ${sql.ref(postgres ? "t.theme" : "t.value")}, p.rating_band, p.id from positions p,
    ${postgres ? sql`jsonb_array_elements_text(p.themes::jsonb) as t(theme)` : sql`json_each(p.themes) as t`}
    where ${sql.ref(postgres ? "t.theme" : "t.value")} in (${sql.join(BROAD)})`.execute(db);
}
