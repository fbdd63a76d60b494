import type { Migration } from "kysely";
import * as appMeta from "./0001-app-meta";
import * as positions from "./0002-positions";

/**
 * The one migration history, run on SQLite and PostgreSQL alike. Add a file `NNNN-name.ts` exporting `up` (and
 * `down`) and list it here; names sort in the order they run. Never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001-app-meta": appMeta,
  "0002-positions": positions,
};
