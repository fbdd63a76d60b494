import { PostgresAdapter } from "kysely";

/** True on PostgreSQL; migrations and a few queries differ by dialect. */
export function isPostgres(db: { getExecutor(): { readonly adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
