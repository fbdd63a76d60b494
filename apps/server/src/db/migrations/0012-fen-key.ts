import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect";

/** FNV-1a over the FEN's characters, as a signed 32-bit integer (fenKey in positions/rows.ts, frozen here). */
function fenKeyOf(fen: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < fen.length; i++) hash = Math.imul(hash ^ fen.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** Rows rekeyed per statement while the column is filled. */
const CHUNK = 5_000;

/**
 * `positions.fen_key`, a 32-bit hash of the FEN, replaces the index on the FEN itself ("is this position stored?"
 * reads `fen_key = ? and fen = ?`). Every new puzzle landed at a random place of a FEN index of about 70 bytes a
 * key: at a million rows that index outgrew the import's page cache, and each commit wrote back thousands of its
 * pages (a quarter of an import's disk writes at 200,000 rows, more beyond). Keys of four bytes keep the index in
 * a tenth of the pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await sql`alter table positions add column fen_key integer not null default 0`.execute(db);
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; fen: string }>`select id, fen from positions where id > ${after}
      order by id limit ${CHUNK}`.execute(db);
    if (rows.length === 0) break;
    const values = sql.join(
      rows.map((row) => sql`(cast(${Number(row.id)} as integer), cast(${fenKeyOf(row.fen)} as integer))`),
    );
    await (postgres
      ? sql`update positions set fen_key = k.key from (values ${values}) as k(id, key) where positions.id = k.id`
      : sql`with k(id, key) as (values ${values})
          update positions set fen_key = (select key from k where k.id = positions.id)
          where id in (select id from k)`
    ).execute(db);
    after = Number(rows[rows.length - 1]?.id);
  }
  // PostgreSQL can drop the default, so a writer that forgets the key fails; SQLite keeps it (the schema's types
  // make every writer give one).
  if (postgres) await sql`alter table positions alter column fen_key drop default`.execute(db);
  await db.schema.createIndex("positions_fen_key").on("positions").column("fen_key").execute();
  await db.schema.dropIndex("positions_fen").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("positions_fen").on("positions").column("fen").execute();
  await db.schema.dropIndex("positions_fen_key").execute();
  await db.schema.alterTable("positions").dropColumn("fen_key").execute();
}
