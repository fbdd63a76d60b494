import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { splitPgnGames } from "@ct/chess";
import { ANALYSIS_NODES, analysisUploadQuerySchema } from "@ct/contract";
import { type CliContext, type Command, option, positional } from "../cli/command";
import { EnginePool } from "../engine/pool";
import { AnalysisJobs } from "./jobs";
import { AnalysisWorker } from "./worker";

function workerFor(
  context: CliContext,
  db: Awaited<ReturnType<CliContext["database"]>>["db"],
): AnalysisWorker {
  const size = Number(option(context.args, "engines") ?? context.config.enginePoolSize ?? 0) || undefined;
  return new AnalysisWorker({
    db,
    engine: () => new EnginePool(size ? { size } : {}),
    log: (message, details) => context.log(`${message} ${details ? JSON.stringify(details) : ""}`),
  });
}

/** `analyse <file.pgn> [--nodes N] [--engines N]`: queue a PGN file and analyse the queue in this process. */
export const analyseCommand: Command = {
  summary: `Queue a PGN file and analyse it here (budget in nodes per search, default ${ANALYSIS_NODES.default})`,
  usage: "<file.pgn> [--nodes N] [--engines N]",
  async run(context) {
    const [file] = positional(context.args);
    if (!file) {
      context.log("analyse: give a PGN file");
      return 2;
    }
    const query = analysisUploadQuerySchema.safeParse({
      name: basename(file),
      nodes: option(context.args, "nodes"),
    });
    if (!query.success) {
      context.log(`analyse: ${query.error.issues.map((issue) => issue.message).join(", ")}`);
      return 2;
    }
    const pgn = readFileSync(file, "utf8");
    const totalGames = [...splitPgnGames(pgn)].length;
    const { db } = await context.database();
    const jobs = new AnalysisJobs(db);
    const job = await jobs.enqueue({ name: query.data.name, pgn, totalGames, nodes: query.data.nodes });
    context.log(`queued job ${job.id}: ${totalGames} game(s) of ${file}`);
    const worker = workerFor(context, db);
    const started = Date.now();
    await worker.drain();
    await worker.stop();
    const done = await jobs.get(job.id);
    context.log(
      `job ${job.id} ${done?.status}: ${done?.games_analyzed} game(s) analysed, ${done?.puzzles} puzzle(s), ` +
        `${done?.problems.length} game(s) skipped, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const problem of done?.problems ?? []) context.log(`  game ${problem.game}: ${problem.message}`);
    return done?.status === "done" ? 0 : 1;
  },
};

/** `worker [--engines N]`: a separate analysis worker process that shares the database queue. */
export const workerCommand: Command = {
  summary: "Run an analysis worker until interrupted (any number can share one database)",
  usage: "[--engines N]",
  async run(context) {
    const { db } = await context.database();
    const worker = workerFor(context, db);
    worker.start();
    context.log(`analysis worker ${worker.id} started`);
    await new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    await worker.stop();
    context.log("analysis worker stopped: its job is back in the queue");
    return 0;
  },
};

/** `analysis stop|resume|status`: the admin page's controls, from the shell. */
export const analysisControlCommand: Command = {
  summary: "Stop or resume every analysis worker, or print the status and the latest jobs",
  usage: "stop|resume|status",
  async run(context) {
    const [action] = positional(context.args);
    if (action !== "stop" && action !== "resume" && action !== "status") {
      context.log("analysis: use stop, resume or status");
      return 2;
    }
    const { db } = await context.database();
    const jobs = new AnalysisJobs(db);
    if (action !== "status") await jobs.setPaused(action === "stop");
    context.log(JSON.stringify(await jobs.status()));
    for (const job of await jobs.list(10))
      context.log(
        `  job ${job.id} ${job.status} ${job.games_analyzed}/${job.total_games} games, ${job.puzzles} puzzles`,
      );
    return 0;
  },
};
