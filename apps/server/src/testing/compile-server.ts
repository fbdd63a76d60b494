import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { REPO_ROOT } from "../config";

declare module "vitest" {
  export interface ProvidedContext {
    /** The compiled server of this test run (its global setup's). */
    compiledServerDir: string;
  }
}

/**
 * Vitest's global setup of the server project: compiles the server (esbuild, well under a second) that the tests
 * start as real processes (`node main.js`, `node cli.js`), as production runs it. Each run compiles its own copy
 * (apps/server/dist-test-<pid>, beside dist so the code finds the repository where production's does), so a run
 * never rebuilds the copy another run is starting processes from, nor the one a running site serves; the copy is
 * removed when the run ends.
 */
export default function setup(project: TestProject): () => void {
  const dir = join(REPO_ROOT, `apps/server/dist-test-${process.pid}`);
  execFileSync(process.execPath, [join(REPO_ROOT, "scripts/build-server.mjs"), dir], { stdio: "inherit" });
  project.provide("compiledServerDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The folder of the compiled server (main.js, cli.js), inside a server test. */
export const compiledServerDir = (): string => inject("compiledServerDir");
