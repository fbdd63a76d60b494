import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each long Node file took in a quiet run of `npx vitest run` on the two-core machine (LOAD_SECONDS=5,
 * LOAD_PLAYERS=60). Only their order matters: a clean clone has no duration cache, and Vitest then starts the files
 * of a project largest in bytes first, which started short-in-bytes but long-in-time files (main.test, 78 lines)
 * among the last and left one worker idle while the other finished them.
 */
const KNOWN_SECONDS: Record<string, number> = {
  "apps/server/src/load.test.ts": 60,
  "apps/server/src/crash.test.ts": 45,
  "apps/server/src/fuzz-new-routes.test.ts": 35,
  "apps/server/src/analysis/analysis.test.ts": 35,
  "apps/server/src/importers/lichess.test.ts": 32,
  "apps/server/src/scale-out.test.ts": 30,
  "apps/server/src/seed/library-texts.test.ts": 30,
  "apps/server/src/analysis/shutdown.test.ts": 27,
  "apps/server/src/main.test.ts": 25,
  "apps/server/src/engine/endgame-course.test.ts": 25,
  "apps/server/src/positions/routes.test.ts": 22,
  "apps/server/src/importers/import-latency.test.ts": 22,
  "apps/server/src/auth/auth.test.ts": 18,
  "apps/server/src/security.test.ts": 13,
};

/**
 * Longest first (the classic rule for spreading jobs over workers so they finish together): the files this run
 * timed before (Vitest's own cache, node_modules/.vite/vitest), else the table above, then every other file in
 * Vitest's own order. Story files go to the browser pool, which runs beside the Node workers, so their order here
 * does not matter.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification): number | undefined => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration;
      if (cached !== undefined) return cached / 1000;
      return KNOWN_SECONDS[path];
    };
    const known = base
      .map((spec, index) => ({ spec, index, seconds: seconds(spec) }))
      .sort((a, b) => {
        if (a.seconds === undefined || b.seconds === undefined)
          return a.seconds === b.seconds ? a.index - b.index : a.seconds === undefined ? 1 : -1;
        return b.seconds - a.seconds || a.index - b.index;
      });
    return known.map(({ spec }) => spec);
  }
}
