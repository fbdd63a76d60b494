/**
 * `npm run bench:storm`: how soon Puzzle Storm's next puzzle can be played (issue 41; goal ≤ 100 ms). The page marks
 * the move that solves (or fails) a puzzle and, in the first animation frame after the next puzzle is rendered, the
 * next puzzle ready (`performance.measure("storm-next-puzzle")`); the bench solves STORM_PUZZLES puzzles per run by
 * clicking their moves and reads the measures. Also the run's answer (GET /api/storm/run, asked with brotli as a
 * browser does): its time and its size once decoded.
 * The production build on the real server with a fresh seeded SQLite database, in Debian's chromium, alone on the
 * machine. Writes bench-results/storm.{json,md}. Run `npm run build` first (BENCH_SERVER and SITE_DIR: builds made
 * elsewhere).
 *   STORM_RUNS=5 STORM_PUZZLES=20 npm run bench:storm   (3 runs of 12 puzzles by default)
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { REPO_ROOT } from "../apps/server/src/config";
import { browserLaunchOptions } from "../e2e/chromium";
import { freePort, startBenchServer, stopBenchServer } from "./bench-server";

const RUNS = Number(process.env.STORM_RUNS ?? 3);
const PUZZLES = Number(process.env.STORM_PUZZLES ?? 12);

interface StormRunAnswer {
  puzzles: { id: number; solution: string[] }[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  const site = process.env.SITE_DIR ?? join(REPO_ROOT, "apps/site/dist");
  if (!existsSync(join(site, "index.html"))) throw new Error("Run `npm run build` first.");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "ct-storm-"));
  const server = await startBenchServer(port, dataDir, "storm");
  const browser = await chromium.launch(browserLaunchOptions);
  const times: number[] = [];
  const answers: { ms: number; bytes: number }[] = [];
  try {
    // The run's answer as a browser fetches it (compressed), after one warm-up.
    for (let round = 0; round <= 10; round++) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/storm/run`, {
        headers: { "accept-encoding": "br" },
      });
      const body = await response.arrayBuffer();
      if (round > 0) answers.push({ ms: performance.now() - started, bytes: body.byteLength });
    }
    for (let run = 1; run <= RUNS; run++) {
      const page = await browser.newPage({ baseURL: `http://127.0.0.1:${port}` });
      const loaded = page.waitForResponse((response) => response.url().endsWith("/api/storm/run"));
      await page.goto("/training/storm");
      const { puzzles } = (await (await loaded).json()) as StormRunAnswer;
      await page.locator("html[data-live]").waitFor({ state: "attached" });
      await page.getByRole("button", { name: "Start" }).click();
      const square = (name: string) => page.locator(`[data-slot=board] [data-square="${name}"]`);
      for (const [index, puzzle] of puzzles.slice(0, PUZZLES).entries()) {
        for (let ply = 0; ply < puzzle.solution.length; ply += 2) {
          const move = puzzle.solution[ply] ?? "";
          await page.locator("[data-slot=board][data-interactive=true]").waitFor();
          await square(move.slice(0, 2)).click();
          await square(move.slice(2, 4)).click();
          if (move.length === 5)
            await page.locator(`[data-slot=promotion-picker] [data-piece=${move[4]}]`).click();
        }
        await page.locator(`[data-slot=storm-run][data-index="${index + 1}"]`).waitFor();
      }
      await page.waitForFunction(
        (count) => performance.getEntriesByName("storm-next-puzzle").length >= count,
        PUZZLES,
      );
      const measured = await page.evaluate(() =>
        performance.getEntriesByName("storm-next-puzzle").map((entry) => entry.duration),
      );
      console.log({ run, nextPuzzleMs: measured.map((ms) => Math.round(ms * 10) / 10) });
      times.push(...measured);
      await page.close();
    }
  } finally {
    await browser.close();
    await stopBenchServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const round1 = (ms: number) => Math.round(ms * 10) / 10;
  const figures = {
    puzzles: times.length,
    medianMs: round1(percentile(times, 50)),
    p95Ms: round1(percentile(times, 95)),
    maxMs: round1(Math.max(...times)),
    runAnswerMedianMs: round1(
      percentile(
        answers.map((answer) => answer.ms),
        50,
      ),
    ),
    runAnswerBytes: answers[0]?.bytes ?? 0,
  };
  mkdirSync(join(REPO_ROOT, "bench-results"), { recursive: true });
  writeFileSync(
    join(REPO_ROOT, "bench-results/storm.json"),
    `${JSON.stringify({ figures, times }, null, 2)}\n`,
  );
  const table = [
    "| next puzzles measured | median ms | p95 ms | max ms | GET /api/storm/run median ms | its JSON bytes |",
    "| ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${figures.puzzles} | ${figures.medianMs} | ${figures.p95Ms} | ${figures.maxMs} | ${figures.runAnswerMedianMs} | ${figures.runAnswerBytes} |`,
  ].join("\n");
  writeFileSync(join(REPO_ROOT, "bench-results/storm.md"), `${table}\n`);
  console.log(table);
}

await main();
