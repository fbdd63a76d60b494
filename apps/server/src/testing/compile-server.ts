import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "../config";

/**
 * The compiled server the server tests start as real processes (`node main.js`, `node cli.js`), as production runs
 * it: a copy of its own (apps/server/dist-test), so a test run never rebuilds the one a running site serves from.
 */
export const COMPILED_SERVER_DIR = join(REPO_ROOT, "apps/server/dist-test");

/** Vitest's global setup of the server project: compiles the server once (esbuild, well under a second). */
export default function setup(): void {
  execFileSync(process.execPath, [join(REPO_ROOT, "scripts/build-server.mjs"), COMPILED_SERVER_DIR], {
    stdio: "inherit",
  });
}
