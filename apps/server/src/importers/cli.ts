import { existsSync, rmSync } from "node:fs";
import { ANALYSIS_NODES } from "@ct/contract";
import { type Command, option, positional } from "../cli/command";
import { EnginePool } from "../engine/pool";
import { type ImportSummary, importLichessFile, NotLichessCsvError } from "./lichess";
import { progressBar, shareOf, timeLeft } from "./progress-bar";
import { verifyLichessFile } from "./verify";

const USAGE = "<file.csv> [--limit N] [--restart] [--workers N] [--verify [--nodes N]]";
const count = (value: number) => value.toLocaleString("en");

/** A whole number option ≥ `min`, undefined when absent; a string is the complaint. */
function wholeOption(args: string[], name: string, min: number): number | undefined | string {
  const text = option(args, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= min ? value : `--${name} needs a whole number ≥ ${min}`;
}

/**
 * The last lines of an import: what it did and the first refusals with their line numbers; `interrupted` when
 * Ctrl-C stopped it.
 */
export function summaryLines(summary: ImportSummary, interrupted = false): string[] {
  const rate = summary.seconds > 0 ? Math.round(summary.read / summary.seconds) : 0;
  const lines = [
    `read ${count(summary.read)}, imported ${count(summary.imported)}, skipped existing ` +
      `${count(summary.skipped_existing)}, refused ${count(summary.refused)} ` +
      `in ${summary.seconds.toFixed(1)} s (${count(rate)} puzzles/s)`,
  ];
  if (summary.first_line !== null)
    lines.push(`lines ${count(summary.first_line)}-${count(summary.last_line ?? summary.first_line)}`);
  for (const refusal of summary.refusals.slice(0, 20))
    lines.push(`  line ${refusal.line}: ${refusal.reason}`);
  if (summary.refused > 20) lines.push(`  ... and ${count(summary.refused - 20)} more refused`);
  lines.push(
    summary.complete
      ? "complete: the whole file is imported"
      : interrupted
        ? `interrupted after line ${count(summary.last_line ?? 0)}: run the same command again to continue`
        : "stopped before the end: run the same command again to continue",
  );
  return lines;
}

/**
 * `npm run cli -- import-lichess <file.csv> [--limit N]`: imports the lichess puzzle database (or a part of it),
 * resumable and idempotent; prints progress (a bar on a terminal, a line every 2 s elsewhere) and a summary.
 * Ctrl-C stops it after the transaction being written, which keeps its progress: the same command continues from
 * there (exit code 130). A second Ctrl-C quits at once; the transaction it cuts is rolled back, and the next run
 * writes those lines again (a puzzle already stored is skipped, never stored twice).
 */
export const importLichessCommand: Command = {
  summary:
    "Import the lichess puzzle CSV (resumes an interrupted import; --limit N stops after N rows; " +
    "--restart scans a finished file again; --workers N threads; --verify keeps only puzzles whose first move the " +
    "engine finds best and the only good one, at --nodes N per search)",
  usage: USAGE,
  async run(context) {
    const [path] = positional(context.args);
    const limit = wholeOption(context.args, "limit", 1);
    const workers = wholeOption(context.args, "workers", 0);
    const nodes = wholeOption(context.args, "nodes", ANALYSIS_NODES.min);
    const problem = [limit, workers, nodes].find((value) => typeof value === "string");
    if (!path || typeof problem === "string") {
      context.log(problem ?? `usage: import-lichess ${USAGE}`);
      return 2;
    }
    if (!existsSync(path)) {
      context.log(`no such file: ${path}`);
      return 2;
    }
    const { db } = await context.database();
    let shown = Number.NEGATIVE_INFINITY;
    let drawn = false;
    const stop = new AbortController();
    const interrupt = () => {
      if (stop.signal.aborted) process.exit(130);
      stop.abort();
      if (drawn) context.log("");
      drawn = false;
      context.log("stopping after the lines being written (Ctrl-C again quits at once)...");
    };
    let file = path;
    if (context.args.includes("--verify")) {
      const budget = typeof nodes === "number" ? nodes : ANALYSIS_NODES.default;
      const engine = new EnginePool({ timeoutMs: 300_000 });
      try {
        context.log(`checking every puzzle with the engine at ${count(budget)} nodes per search...`);
        const verified = await verifyLichessFile(path, engine, {
          nodes: budget,
          parallel: engine.size * 2,
          onProgress: (checked) => {
            if (checked % 500 === 0) context.log(`checked ${count(checked)}`);
          },
        });
        const { ok, illegal, "not-best": notBest, "not-unique": notUnique } = verified.counts;
        context.log(
          `verified: ${count(ok)} kept; left out ${count(illegal)} illegal, ${count(notBest)} where the engine ` +
            `prefers another move, ${count(notUnique)} without a single best move`,
        );
        file = verified.file;
      } finally {
        await engine.close();
      }
    }
    process.on("SIGINT", interrupt);
    try {
      const summary = await importLichessFile(db, file, {
        restart: context.args.includes("--restart"),
        ...(typeof limit === "number" ? { limit } : {}),
        ...(typeof workers === "number" ? { workers } : {}),
        signal: stop.signal,
        onBatch: (running, place) => {
          if (context.status && place && !stop.signal.aborted) {
            context.status(progressBar(running, place));
            drawn = true;
            return;
          }
          // The first commit at once, then one line every 2 s.
          if (running.seconds - shown < 2) return;
          shown = running.seconds;
          const share = place && place.bytes > 0 ? ` (${Math.floor(shareOf(place) * 100)}%)` : "";
          const left = place ? timeLeft(place, running.seconds) : null;
          context.log(
            `line ${count(running.last_line ?? 0)}${share}: imported ${count(running.imported)}, ` +
              `skipped ${count(running.skipped_existing)}, refused ${count(running.refused)} ` +
              `(${count(Math.round(running.read / running.seconds))}/s${left ? `, ${left}` : ""})`,
          );
        },
      });
      if (drawn) context.log("");
      if (summary.resumed && summary.read === 0 && summary.complete) {
        context.log("this file was imported completely before (use --restart to scan it again)");
        return 0;
      }
      if (summary.resumed)
        context.log(
          `resumed an earlier import at line ${summary.first_line === null ? "end" : count(summary.first_line)}`,
        );
      const interrupted = stop.signal.aborted && !summary.complete;
      for (const line of summaryLines(summary, interrupted)) context.log(line);
      return interrupted ? 130 : 0;
    } catch (error) {
      if (error instanceof NotLichessCsvError) {
        context.log(`${path}: ${error.message}`);
        return 2;
      }
      throw error;
    } finally {
      process.off("SIGINT", interrupt);
      if (file !== path) rmSync(file, { force: true });
    }
  },
};
