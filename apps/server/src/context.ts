import type { Kysely } from "kysely";
import type { WriterCheck } from "./auth/writer";
import type { Config } from "./config";
import type { DatabaseKind } from "./db/database";
import type { Database } from "./db/schema";
import type { RouteRegistry } from "./http/route";

/** What every route module receives: configuration and the database. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  kind: DatabaseKind;
  version: string;
  /** Every route defined with defineRoute, for /api/docs. */
  docs: RouteRegistry;
  /** How write calls are authorised. */
  writer: WriterCheck;
}
