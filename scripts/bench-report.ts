/**
 * The last step of `npm run bench`: gathers the tables the benchmarks wrote (bench-results/*.md) into one report,
 * bench-results/report.md, headed by the machine and the date, for the README's benchmark section.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../apps/server/src/config";

const parts: [file: string, title: string][] = [
  ["bundle.md", "Site: gzip JavaScript and CSS per route (`bench:bundle`)"],
  ["lighthouse.md", "Site: Lighthouse, mobile emulation (`bench:lighthouse`)"],
  ["positions.md", "API: throughput and latency, SQLite and PostgreSQL (`bench:api`)"],
  ["import.md", "Pipeline: lichess import (`bench:import`)"],
  ["analysis.md", "Pipeline: game analysis with Stockfish (`bench:analysis`)"],
];

const dir = join(REPO_ROOT, "bench-results");
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const sections = parts.map(([file, title]) => {
  const path = join(dir, file);
  const body = existsSync(path) ? readFileSync(path, "utf8").trim() : "_not measured in this run_";
  return `## ${title}\n\n${body}\n`;
});
const report = [
  `# Benchmark report\n`,
  `${new Date().toISOString().slice(0, 10)}, ${machine}.\n`,
  ...sections,
].join("\n");
writeFileSync(join(dir, "report.md"), report);
console.log(`wrote ${join(dir, "report.md")}`);
