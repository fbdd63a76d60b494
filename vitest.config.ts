import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import tailwindcss from "@tailwindcss/vite";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { texts } from "./apps/site/vite-texts";
import { chromiumLaunchOptions } from "./e2e/chromium";
import { LongestFirstSequencer } from "./vitest.sequencer";

/**
 * One Vitest run, several projects:
 * - unit: pure packages (chess, contract, machines) and the site's non-DOM modules, in Node;
 * - server: the Fastify app against real SQLite (and PostgreSQL when reachable), in Node;
 * - storybook: every story rendered and its play function run in headless Chromium, with Storybook's a11y check
 *   (`npm run test:stories`: a developer's loop; the test command runs unit and server, and leaves these checks to
 *   the visual suite, which makes them on the built Storybook in every mode).
 */
export default defineConfig({
  test: {
    // Both cores: Vitest's default leaves one free, which on this two-core machine ran the files one at a time, and
    // the server's longest files mostly wait (a timed load run, shutdowns, crashes and restarts of real processes).
    // A third file at a time was tried: under load the server processes the tests start missed their 30 s start.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // The long server files first, so the two workers finish together (./vitest.sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        // The site's router imports the English texts as the build splits them (apps/site/vite-texts.ts).
        plugins: [texts()],
        test: {
          name: "unit",
          environment: "node",
          // A bound on a hang, not a speed check: the library-wide content tests take 5-8 s beside other work on
          // two cores, past Vitest's default of 5 s (speed is measured by `npm run bench`).
          testTimeout: 30_000,
          // Each worker imports once and runs file after file (see the server's project below): the unit files took
          // 138 s isolated, 43 s sharing (load average 12-15). The files that fake timers, spy on the console or set
          // a window restore them after; the project passed in three file orders.
          isolate: false,
          include: [
            "packages/{chess,contract,machines,texts,ui}/src/**/*.test.ts",
            "apps/site/src/**/*.test.ts",
            "testdata/*.test.ts",
          ],
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          // Compiles the server the tests start as real processes (apps/server/dist-test-<pid>).
          globalSetup: ["apps/server/src/testing/compile-server.ts"],
          include: ["apps/server/src/**/*.test.ts"],
          // Each worker imports the server's modules once and runs file after file in them, instead of a fresh
          // process per file: importing the server's graph took about half of a small file's time. Every file
          // makes its own databases and servers and restores what it changes (one fakes Date, in a finally).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: ".storybook" }), tailwindcss()],
        // Bundled up front, so the first story that needs them does not trigger a re-bundle and a page reload.
        optimizeDeps: { include: ["chess.js", "react-chessboard", "dompurify"] },
        test: {
          name: "storybook",
          setupFiles: [".storybook/vitest.setup.ts"],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});
