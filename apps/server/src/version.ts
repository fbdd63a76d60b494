import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./config";

/** The product version, from the root package.json. */
export const VERSION: string = (
  JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }
).version;
