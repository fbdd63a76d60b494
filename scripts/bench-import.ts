/**
 * `node --import tsx scripts/bench-import.ts [--postgres] [--lines N]`: the lichess importer on a 1,000,000-line
 * file (the 1,500-puzzle sample repeated under new ids), through the compiled CLI, into a fresh SQLite database
 * and, with --postgres when it answers, a fresh PostgreSQL database. Each import runs in its own process, which
 * reports its peak RSS (worker threads included). Writes bench-results/import.{json,md}.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { option } from "../apps/server/src/cli/command";
import { REPO_ROOT } from "../apps/server/src/config";
import { testDatabaseKinds } from "../apps/server/src/testing/databases";
import { readTestData } from "../testdata/read.mjs";

const SAMPLE = "lichess/puzzles-sample-1500.csv";

interface Figure {
  database: string;
  lines: number;
  imported: number;
  seconds: number;
  puzzlesPerSecond: number;
  peakRssMb: number;
  /** CPU time of every thread of the import process, per puzzle: independent of other load on the machine. */
  cpuMicrosPerPuzzle: number;
  /** The machine's 1-minute load average when the import ended (the wall-clock figures depend on it). */
  loadAverage: number;
  workers: string;
}

/** Writes `lines` puzzle rows: the sample's rows in turn, the n-th repetition's ids prefixed with `r<n>x`. */
async function buildFile(path: string, lines: number): Promise<void> {
  const [header, ...rows] = readTestData(SAMPLE).trimEnd().split("\n");
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  let chunk: string[] = [];
  for (let i = 0; i < lines; i++) {
    const row = rows[i % rows.length] as string;
    chunk.push(`r${Math.floor(i / rows.length)}x${row}`);
    if (chunk.length === 10_000 || i === lines - 1) {
      if (!out.write(`${chunk.join("\n")}\n`)) await once(out, "drain");
      chunk = [];
    }
  }
  out.end();
  await once(out, "finish");
}

/**
 * One import through the compiled CLI (`apps/server/dist/cli.js import-lichess`, as in production) in its own
 * process; a preloaded module reports the process's peak RSS and CPU time at exit.
 */
async function measure(file: string, env: Record<string, string>, workers: string | undefined) {
  const args = [
    // The heap bound of `npm run cli` (package.json): the old generation is collected before it grows past it.
    "--max-old-space-size=160",
    "--import",
    join(REPO_ROOT, "scripts/report-usage.mjs"),
    join(REPO_ROOT, "apps/server/dist/cli.js"),
    "import-lichess",
    file,
  ];
  if (workers !== undefined) args.push("--workers", workers);
  const started = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  proc.stdout.on("data", (data: Buffer) => {
    const text = data.toString();
    out += text;
    for (const line of text.split("\n"))
      if (line.startsWith("line ") || line.startsWith("read ")) console.log(`  ${line}`);
  });
  const [code] = await once(proc, "exit");
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`import-lichess exited with ${code}`);
  const usage = JSON.parse(/^USAGE (.*)$/m.exec(out)?.[1] ?? "{}") as {
    maxRssKb: number;
    cpuSeconds: number;
  };
  const imported = Number(
    /imported ([\d,]+), skipped existing/.exec(out.split("\nread ").pop() ?? "")?.[1]?.replace(/,/g, "") ?? 0,
  );
  return { seconds, imported, ...usage };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const lines = Number(option(args, "lines") ?? 1_000_000);
  const workers = option(args, "workers");
  const dir = mkdtempSync(join(tmpdir(), "ct-bench-import-"));
  const file = join(dir, "puzzles.csv");
  const built = performance.now();
  await buildFile(file, lines);
  console.log(
    `built ${lines.toLocaleString("en")} lines (${Math.round(statSync(file).size / 1024 / 1024)} MB) in ` +
      `${((performance.now() - built) / 1000).toFixed(1)} s`,
  );

  const figures: Figure[] = [];
  const kinds = (await testDatabaseKinds()).filter(
    (kind) => kind.name === "sqlite" || args.includes("--postgres"),
  );
  for (const kind of kinds) {
    const database = await kind.create();
    try {
      console.log(`${kind.name}: importing`);
      const result = await measure(file, database.env, workers);
      const figure: Figure = {
        database: kind.name,
        lines,
        imported: result.imported,
        seconds: Number(result.seconds.toFixed(1)),
        puzzlesPerSecond: Math.round(lines / result.seconds),
        peakRssMb: Math.round(result.maxRssKb / 1024),
        cpuMicrosPerPuzzle: Math.round((result.cpuSeconds / lines) * 1e6),
        loadAverage: Number(loadavg()[0]?.toFixed(1)),
        workers: workers ?? "default",
      };
      figures.push(figure);
      console.log(
        `${kind.name}: ${figure.imported.toLocaleString("en")} imported in ${figure.seconds} s: ` +
          `${figure.puzzlesPerSecond.toLocaleString("en")} puzzles/s, peak RSS ${figure.peakRssMb} MB, ` +
          `${figure.cpuMicrosPerPuzzle} CPU µs/puzzle (load average ${figure.loadAverage})`,
      );
    } finally {
      await database.destroy();
    }
  }
  rmSync(dir, { recursive: true, force: true });

  const out = join(REPO_ROOT, "bench-results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "import.json"), `${JSON.stringify({ figures }, null, 2)}\n`);
  const table = [
    `lichess puzzle import through the CLI (${new Date().toISOString().slice(0, 10)})`,
    "",
    `${cpus().length} cores; the wall-clock figures depend on other load (1-minute load average at the end).`,
    "",
    "| database | lines | imported | seconds | puzzles/s | peak RSS MB | CPU µs/puzzle | load avg | workers |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...figures.map(
      (f) =>
        `| ${f.database} | ${f.lines.toLocaleString("en")} | ${f.imported.toLocaleString("en")} | ${f.seconds} | ` +
        `${f.puzzlesPerSecond.toLocaleString("en")} | ${f.peakRssMb} | ${f.cpuMicrosPerPuzzle} | ` +
        `${f.loadAverage} | ${f.workers} |`,
    ),
  ];
  writeFileSync(join(out, "import.md"), `${table.join("\n")}\n`);
  console.log(`\n${table.join("\n")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
