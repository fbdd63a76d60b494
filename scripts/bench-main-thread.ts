/**
 * `npm run bench:main-thread`: how free the page's main thread stays while the browser analyses a player's game on
 * /training/my-games (Stockfish and the puzzle generator run in Web Workers). A PerformanceObserver records every
 * long task (over 50 ms) from the click on "Find my mistakes" to the finished analysis; the longest task and their
 * count are reported per run. Goal: no task over 50 ms. The production build on the real server with a fresh seeded
 * SQLite database, in Debian's chromium, with no other browser running. Writes bench-results/main-thread.{json,md}.
 * Run `npm run build` first.
 *   MAIN_THREAD_RUNS=5 npm run bench:main-thread   (3 by default)
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { REPO_ROOT } from "../apps/server/src/config";
import { browserLaunchOptions } from "../e2e/chromium";
import { freePort, startBenchServer, stopBenchServer } from "./bench-server";

const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 3);
const GAME = `[White "Test Player"] [Black "Other"] 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. d3 Nxh5 0-1`;

interface Run {
  run: number;
  longTasks: number;
  longestMs: number;
  analysisMs: number;
}

async function main(): Promise<void> {
  if (!existsSync(join(REPO_ROOT, "apps/site/dist/index.html")))
    throw new Error("Run `npm run build` first.");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "ct-main-thread-"));
  const server = await startBenchServer(port, dataDir, "main-thread");
  const browser = await chromium.launch(browserLaunchOptions);
  const runs: Run[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const page = await browser.newPage({ baseURL: `http://127.0.0.1:${port}` });
      await page.goto("/training/my-games");
      await page.getByLabel("Your games (PGN)").fill(GAME);
      await page.getByRole("button", { name: "Read the games" }).click();
      await page.getByLabel("Which player are you?").selectOption("Test Player");
      await page.getByText("1 game to analyse").waitFor();
      await page.evaluate(() => {
        const tasks: number[] = [];
        (window as unknown as { longTasks: number[] }).longTasks = tasks;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        }).observe({ type: "longtask" });
      });
      const started = Date.now();
      await page.getByRole("button", { name: "Find my mistakes" }).click();
      await page
        .locator("[data-slot=analysis-progress]")
        .getByText("Analysis finished", { exact: false })
        .waitFor({ timeout: 120_000 });
      const analysisMs = Date.now() - started;
      const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
      const result = {
        run,
        longTasks: tasks.length,
        longestMs: Math.round(Math.max(0, ...tasks)),
        analysisMs,
      };
      console.log(result);
      runs.push(result);
      await page.close();
    }
  } finally {
    await browser.close();
    await stopBenchServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(join(REPO_ROOT, "bench-results"), { recursive: true });
  writeFileSync(join(REPO_ROOT, "bench-results/main-thread.json"), `${JSON.stringify(runs, null, 2)}\n`);
  const table = [
    "| run | long tasks (over 50 ms) | longest task ms | analysis of one game ms |",
    "| ---: | ---: | ---: | ---: |",
    ...runs.map((r) => `| ${r.run} | ${r.longTasks} | ${r.longestMs} | ${r.analysisMs} |`),
  ].join("\n");
  writeFileSync(join(REPO_ROOT, "bench-results/main-thread.md"), `${table}\n`);
  console.log(table);
}

await main();
