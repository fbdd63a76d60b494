/**
 * The database as Kysely sees it. Conventions (both dialects): timestamps are ISO-8601 text, JSON is text,
 * booleans are integers 0/1. Repositories convert to and from the contract's types.
 * Each migration in ./migrations that adds a table adds its interface here.
 */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  app_meta: AppMetaTable;
}
