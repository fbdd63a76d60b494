import { existsSync } from "node:fs";
import { type Command, option, positional } from "../cli/command";
import { type ImportSummary, importLichessFile, NotLichessCsvError } from "./lichess";

const USAGE = "<file.csv> [--limit N] [--restart] [--workers N]";
const count = (value: number) => value.toLocaleString("en");

/** A whole number option ≥ `min`, undefined when absent; a string is the complaint. */
function wholeOption(args: string[], name: string, min: number): number | undefined | string {
  const text = option(args, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= min ? value : `--${name} needs a whole number ≥ ${min}`;
}

/** The last lines of an import: what it did and the first refusals with their line numbers. */
export function summaryLines(summary: ImportSummary): string[] {
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
      : "stopped before the end: run the same command again to continue",
  );
  return lines;
}

/**
 * `npm run cli -- import-lichess <file.csv> [--limit N]`: imports the lichess puzzle database (or a part of it),
 * resumable and idempotent; prints progress and a summary.
 */
export const importLichessCommand: Command = {
  summary:
    "Import the lichess puzzle CSV (resumes an interrupted import; --limit N stops after N rows; " +
    "--restart scans a finished file again; --workers N threads)",
  usage: USAGE,
  async run(context) {
    const [path] = positional(context.args);
    const limit = wholeOption(context.args, "limit", 1);
    const workers = wholeOption(context.args, "workers", 0);
    const problem = [limit, workers].find((value) => typeof value === "string");
    if (!path || typeof problem === "string") {
      context.log(problem ?? `usage: import-lichess ${USAGE}`);
      return 2;
    }
    if (!existsSync(path)) {
      context.log(`no such file: ${path}`);
      return 2;
    }
    const { db } = await context.database();
    let shown = 0;
    try {
      const summary = await importLichessFile(db, path, {
        restart: context.args.includes("--restart"),
        ...(typeof limit === "number" ? { limit } : {}),
        ...(typeof workers === "number" ? { workers } : {}),
        onBatch: (running) => {
          if (running.seconds - shown < 2) return;
          shown = running.seconds;
          context.log(
            `line ${count(running.last_line ?? 0)}: imported ${count(running.imported)}, ` +
              `skipped ${count(running.skipped_existing)}, refused ${count(running.refused)} ` +
              `(${count(Math.round(running.read / running.seconds))}/s)`,
          );
        },
      });
      if (summary.resumed && summary.read === 0 && summary.complete) {
        context.log("this file was imported completely before (use --restart to scan it again)");
        return 0;
      }
      if (summary.resumed) context.log(`resumed an earlier import at line ${summary.first_line ?? "end"}`);
      for (const line of summaryLines(summary)) context.log(line);
      return 0;
    } catch (error) {
      if (error instanceof NotLichessCsvError) {
        context.log(`${path}: ${error.message}`);
        return 2;
      }
      throw error;
    }
  },
};
