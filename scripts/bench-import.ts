/**
 * `node --import tsx scripts/bench-import.ts [--postgres] [--lines N] [--straight]`: the lichess importer on a file
 * the size of the whole lichess puzzle database (5,800,000 lines by default: the 1,500-puzzle sample repeated under
 * new ids), through the compiled CLI, into a fresh SQLite database and, with --postgres when it answers, a fresh
 * PostgreSQL database, against the goals (the whole file in under 15 minutes on two cores, under 300 MB, resumable
 * after Ctrl-C without duplicates). Each import is stopped by a SIGINT (Ctrl-C) once it reports 40 % of the file,
 * then the same command continues it (`--straight`: one run, no stop); the time is both runs', the memory the
 * larger peak RSS of the two processes (worker threads included), and the stored rows are counted against their
 * distinct sources. Writes bench-results/import.{json,md}.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { option } from "../apps/server/src/cli/command";
import { REPO_ROOT } from "../apps/server/src/config";
import { testDatabaseKinds } from "../apps/server/src/testing/databases";
import { storedSources } from "../apps/server/src/testing/positions";
import { readTestData } from "../testdata/read.mjs";

const SAMPLE = "lichess/puzzles-sample-1500.csv";
/** The goals of issue 36 for the whole lichess file. */
const GOAL_MINUTES = 15;
const GOAL_RSS_MB = 300;
/** Where the first run is stopped, in percent of the file's bytes (as the CLI reports it). */
const STOP_AT_PERCENT = 40;

interface Figure {
  database: string;
  lines: number;
  imported: number;
  /** The percentage of the file the Ctrl-C'd run had committed when it exited (null: one straight run). */
  stoppedAt: number | null;
  /** Stored rows and their distinct sources after the last run: equal when no puzzle is stored twice. */
  rows: number;
  sources: number;
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
async function measure(
  file: string,
  env: Record<string, string>,
  workers: string | undefined,
  interruptAt: number | null = null,
) {
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
  let interrupted = false;
  let reached = 0;
  proc.stdout.on("data", (data: Buffer) => {
    const text = data.toString();
    out += text;
    for (const line of text.split("\n")) {
      if (line.startsWith("line ") || line.startsWith("read ") || line.startsWith("interrupted"))
        console.log(`  ${line}`);
      const percent = /^line [\d,]+ \((\d+)%\)/.exec(line)?.[1];
      if (percent !== undefined) reached = Number(percent);
      if (interruptAt !== null && !interrupted && reached >= interruptAt) {
        interrupted = true;
        proc.kill("SIGINT");
      }
    }
  });
  const [code] = await once(proc, "exit");
  const seconds = (performance.now() - started) / 1000;
  if (code !== (interruptAt === null ? 0 : 130)) throw new Error(`import-lichess exited with ${code}`);
  const usage = JSON.parse(/^USAGE (.*)$/m.exec(out)?.[1] ?? "{}") as {
    maxRssKb: number;
    cpuSeconds: number;
  };
  const imported = Number(
    /imported ([\d,]+), skipped existing/.exec(out.split("\nread ").pop() ?? "")?.[1]?.replace(/,/g, "") ?? 0,
  );
  return { seconds, imported, reached, ...usage };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const lines = Number(option(args, "lines") ?? 5_800_000);
  const straight = args.includes("--straight");
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
      console.log(
        `${kind.name}: importing${straight ? "" : `, Ctrl-C at ${STOP_AT_PERCENT} %, then resumed`}`,
      );
      const runs = straight
        ? [await measure(file, database.env, workers)]
        : [
            await measure(file, database.env, workers, STOP_AT_PERCENT),
            await measure(file, database.env, workers),
          ];
      const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
      const stored = await storedSources(database.db);
      const figure: Figure = {
        database: kind.name,
        lines,
        imported: runs.reduce((sum, run) => sum + run.imported, 0),
        stoppedAt: straight ? null : (runs[0]?.reached ?? null),
        ...stored,
        seconds: Number(seconds.toFixed(1)),
        puzzlesPerSecond: Math.round(lines / seconds),
        peakRssMb: Math.round(Math.max(...runs.map((run) => run.maxRssKb)) / 1024),
        cpuMicrosPerPuzzle: Math.round((runs.reduce((sum, run) => sum + run.cpuSeconds, 0) / lines) * 1e6),
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
  const minutes = (f: Figure) => f.seconds / 60;
  const met = (f: Figure) =>
    minutes(f) < GOAL_MINUTES && f.peakRssMb < GOAL_RSS_MB && f.rows === f.sources && f.rows === f.imported
      ? "yes"
      : "no";
  const table = [
    `${cpus().length} cores; the wall-clock figures depend on other load (the 1-minute load average at the end).` +
      ` Goal: ${GOAL_MINUTES} min, ${GOAL_RSS_MB} MB, every puzzle once after a Ctrl-C and a resume.`,
    "",
    "| database | lines | first run stopped at | imported | rows (distinct sources) | minutes | puzzles/s | peak RSS MB | CPU µs/puzzle | load avg | goal met |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...figures.map(
      (f) =>
        `| ${f.database} | ${f.lines.toLocaleString("en")} | ${f.stoppedAt === null ? "none" : `${f.stoppedAt} %`} | ` +
        `${f.imported.toLocaleString("en")} | ${f.rows.toLocaleString("en")} (${f.sources.toLocaleString("en")}) | ` +
        `${minutes(f).toFixed(1)} | ${f.puzzlesPerSecond.toLocaleString("en")} | ${f.peakRssMb} | ` +
        `${f.cpuMicrosPerPuzzle} | ${f.loadAverage} | ${met(f)} |`,
    ),
  ];
  writeFileSync(join(out, "import.md"), `${table.join("\n")}\n`);
  console.log(`\n${table.join("\n")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
