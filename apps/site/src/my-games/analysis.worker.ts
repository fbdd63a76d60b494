/// <reference lib="webworker" />
/**
 * The "My games" analysis, off the page's thread: PGN parsing (the project's parser), the turning-point finder of
 * the shared generator (@ct/chess), and the puzzles' themes and texts, with Stockfish (the site's WASM build, in a
 * worker of its own started from here) searching. The page sends one game at a time and keeps what comes back.
 */
import { findTurningPoints, parsePgn } from "@ct/chess";
import { createUciAnalyser, type UciAnalyser } from "../engine/uci-analyser";
import { parseGames } from "./games";
import type { FromWorker, ToWorker } from "./protocol";
import { puzzleOf } from "./puzzle";

declare const self: DedicatedWorkerGlobalScope;

/** Shortest time between two progress messages (ms). */
const PROGRESS_INTERVAL_MS = 200;

let engineUrl = "";
let engine: UciAnalyser | null = null;
let paused = false;
const running = new Map<number, AbortController>();

function post(message: FromWorker): void {
  self.postMessage(message);
}

function engineOf(): UciAnalyser {
  engine ??= createUciAnalyser({ createWorker: () => new Worker(engineUrl, { name: "stockfish" }) });
  if (paused) engine.pause();
  return engine;
}

async function analyse(message: Extract<ToWorker, { type: "analyse" }>): Promise<void> {
  const { id, pgn, side, limits } = message;
  const controller = new AbortController();
  running.set(id, controller);
  const started = performance.now();
  try {
    const game = parsePgn(pgn).games[0];
    if (!game) throw new Error(parsePgn(pgn).errors[0]?.message ?? "no game");
    const searcher = engineOf();
    let positions = 0;
    let postedAt = 0;
    const result = await findTurningPoints(game, side, searcher, limits, {
      signal: controller.signal,
      onProgress: (progress) => {
        positions++;
        // A few messages a second at most: each is a task on the page's thread.
        const now = performance.now();
        if (now - postedAt < PROGRESS_INTERVAL_MS && progress.done < progress.total) return;
        postedAt = now;
        post({ type: "progress", id, ...progress, positions, nodes: searcher.nodes });
      },
    });
    const puzzles = result.puzzles.flatMap((point) => puzzleOf(point, side) ?? []);
    post({
      type: "analysed",
      id,
      puzzles,
      mistakes: result.mistakes.length,
      positions: game.moves.length + 1,
      ms: performance.now() - started,
    });
  } catch (error) {
    post({
      type: "failed",
      id,
      message: error instanceof Error ? error.message : String(error),
      cancelled: controller.signal.aborted,
    });
  } finally {
    running.delete(id);
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case "init":
      engineUrl = message.engineUrl;
      break;
    case "parse":
      post({ type: "parsed", id: message.id, ...parseGames(message.text) });
      break;
    case "analyse":
      void analyse(message);
      break;
    case "pause":
      paused = true;
      engine?.pause();
      break;
    case "resume":
      paused = false;
      engine?.resume();
      break;
    case "cancel":
      running.get(message.id)?.abort(new Error("cancelled"));
      // The search in flight is abandoned: a fresh engine answers the next game.
      engine?.dispose();
      engine = null;
      break;
  }
};
