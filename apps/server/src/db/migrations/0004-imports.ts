import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Progress of bulk imports from files (the lichess puzzle database). A file is known by its path, size and the
 * hash of its first line; after every committed batch the row records the byte offset and line reached, in the
 * same transaction as the positions, so an interrupted import continues exactly where it stopped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("imports")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("kind", "varchar(20)", (col) => col.notNull())
    .addColumn("path", "varchar(1000)", (col) => col.notNull())
    .addColumn("size", "bigint", (col) => col.notNull())
    .addColumn("first_line_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("byte_offset", "bigint", (col) => col.notNull())
    .addColumn("line", "integer", (col) => col.notNull())
    .addColumn("read", "integer", (col) => col.notNull())
    .addColumn("imported", "integer", (col) => col.notNull())
    .addColumn("skipped_existing", "integer", (col) => col.notNull())
    .addColumn("refused", "integer", (col) => col.notNull())
    .addColumn("complete", "integer", (col) => col.notNull())
    .addColumn("started_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("imports_file", ["kind", "path", "size", "first_line_hash"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("imports").execute();
}
