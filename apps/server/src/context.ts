import type { Kysely } from "kysely";
import type { Config } from "./config";
import type { DatabaseKind } from "./db/database";
import type { Database } from "./db/schema";

/** What every route module receives: configuration and the database. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  kind: DatabaseKind;
  version: string;
}
