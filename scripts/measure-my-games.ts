/**
 * "My games" measured on the real page (issue 22): the built site and the compiled server, Chromium driving
 * /training/my-games with the games of one player of london-1851.pgn pasted in, the analysis run to its end in the
 * browser's worker (Stockfish WASM and the shared generator). Prints the speed (positions per second, seconds per
 * game and per 40 moves), the puzzle yield, and the page's long tasks (main thread, over 50 ms) during the run.
 *   npm run build && node --import tsx scripts/measure-my-games.ts [--player "Anderssen, Adolf"] [--games 20]
 *     [--opponent Loewenthal] (only the games against a player whose name starts so)
 * SITE_DIR: a site built elsewhere (default apps/site/dist). PORT: default 4393.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { browserLaunchOptions } from "../e2e/chromium";
import { parsePgn, splitPgnGames } from "../packages/chess/src/pgn";
import { readTestData } from "../testdata/read.mjs";

const { values } = parseArgs({
  options: {
    player: { type: "string", default: "Anderssen, Adolf" },
    games: { type: "string", default: "20" },
    opponent: { type: "string", default: "" },
  },
});
const player = values.player ?? "";
const limit = Number(values.games);
const port = Number(process.env.PORT ?? 4393);
const base = `http://127.0.0.1:${port}`;

/** The player's games of the file, in its order, the first `limit`. */
const text = readTestData("games/london-1851.pgn");
const chosen = [...splitPgnGames(text)]
  .filter((pgn) => {
    const headers = parsePgn(pgn).games[0]?.headers;
    const opponent = values.opponent ?? "";
    const plays = headers?.White === player || headers?.Black === player;
    return (
      plays && (!opponent || headers?.White?.startsWith(opponent) || headers?.Black?.startsWith(opponent))
    );
  })
  .slice(0, limit);
const plies = chosen.reduce((sum, pgn) => sum + (parsePgn(pgn).games[0]?.moves.length ?? 0), 0);

async function startServer(): Promise<ChildProcess> {
  const server = spawn("node", ["apps/server/dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(join(tmpdir(), "ct-my-games-")),
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ANALYSIS_WORKER: "off",
      ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
    },
    stdio: "inherit",
  });
  for (let tries = 0; tries < 240; tries++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error("the server did not start");
}

interface RunFigures {
  positions: number;
  ms: number;
  games: { status: string; puzzles?: number; mistakes?: number; plies: number }[];
}

const server = await startServer();
const browser = await chromium.launch(browserLaunchOptions);
try {
  const page = await browser.newPage();
  await page.goto(`${base}/training/my-games`);
  await page.getByLabel("Your games (PGN)").fill(chosen.join("\n\n"));
  await page.getByRole("button", { name: "Read the games" }).click();
  await page.getByLabel("Which player are you?").selectOption(player);
  // Long tasks with their start, in ms after the click on Start.
  await page.evaluate(() => {
    const tasks: { ms: number; at: number }[] = [];
    const w = window as unknown as { longTasks: typeof tasks; startedAt: number };
    w.longTasks = tasks;
    w.startedAt = performance.now();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ ms: Math.round(entry.duration), at: Math.round(entry.startTime - w.startedAt) });
    }).observe({ type: "longtask" });
  });
  const started = Date.now();
  await page.getByRole("button", { name: "Find my mistakes" }).click();
  await page
    .locator("[data-slot=analysis-progress][data-state=done]")
    .waitFor({ timeout: Math.max(600_000, chosen.length * 120_000) });
  const wall = (Date.now() - started) / 1000;
  const run = await page.evaluate(
    () =>
      new Promise<RunFigures>((resolve, reject) => {
        const open = indexedDB.open("chess-trainer-my-games");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("run").objectStore("run").get("current");
          get.onsuccess = () => resolve(get.result as RunFigures);
          get.onerror = () => reject(get.error);
        };
      }),
  );
  const longTasks = await page.evaluate(
    () => (window as unknown as { longTasks: { ms: number; at: number }[] }).longTasks,
  );
  const puzzles = run.games.reduce((sum, game) => sum + (game.puzzles ?? 0), 0);
  const mistakes = run.games.reduce((sum, game) => sum + (game.mistakes ?? 0), 0);
  const failed = run.games.filter((game) => game.status === "failed").length;
  const seconds = run.ms / 1000;
  const figures = {
    player,
    games: chosen.length,
    failed,
    moves: Math.round(plies / 2),
    positions: run.positions,
    analysisSeconds: Number(seconds.toFixed(1)),
    wallSeconds: Number(wall.toFixed(1)),
    positionsPerSecond: Number((run.positions / seconds).toFixed(2)),
    secondsPerGame: Number((seconds / chosen.length).toFixed(2)),
    secondsPer40Moves: Number(((seconds / run.positions) * 81).toFixed(2)),
    mistakes,
    puzzles,
    puzzlesPerGame: Number((puzzles / chosen.length).toFixed(2)),
    longTasksOver50ms: longTasks.filter((task) => task.ms > 50),
  };
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  server.kill();
}
