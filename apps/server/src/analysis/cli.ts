import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { splitPgnGames } from "@ct/chess";
import { ANALYSIS_NODES, analysisJobIdSchema, analysisUploadQuerySchema } from "@ct/contract";
import { type CliContext, type Command, option, positional } from "../cli/command";
import { EnginePool } from "../engine/pool";
import { AnalysisJobs } from "./jobs";
import { AnalysisWorker, type HeldJob, stoppedMessage } from "./worker";

/**
 * Calls `stop` on the first SIGINT or SIGTERM. Later ones are ignored rather than fatal: a terminal, npm and
 * systemd may each pass the same stop on, and the worker needs its moment to hand its job back.
 */
function onStopSignal(stop: () => void): () => void {
  let stopped = false;
  const handler = () => {
    if (stopped) return;
    stopped = true;
    stop();
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
  };
}

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
    // Ctrl-C hands the job back at its next game: `npm run cli -- worker` (or the server) can finish it.
    const removeHandler = onStopSignal(() => void worker.stop());
    let held: HeldJob | null;
    try {
      await worker.drain();
      held = await worker.stop();
    } finally {
      removeHandler();
    }
    const done = await jobs.get(job.id);
    if (held?.state === "handed back") context.log(stoppedMessage(held));
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
    // Listening before the worker starts: a stop signal must reach it before its engines' deaths are misread.
    const stopped = new Promise<HeldJob | null>((resolve) => {
      onStopSignal(() => resolve(worker.stop()));
    });
    worker.start();
    context.log(`analysis worker ${worker.id} started`);
    context.log(stoppedMessage(await stopped));
    return 0;
  },
};

/** `analysis stop|resume|status|retry <id>`: the admin page's controls, from the shell. */
export const analysisControlCommand: Command = {
  summary:
    "Stop or resume every analysis worker, retry a failed job at its next game, or print the status and the latest jobs",
  usage: "stop|resume|status|retry <job id>",
  async run(context) {
    const [action, id] = positional(context.args);
    if (action !== "stop" && action !== "resume" && action !== "status" && action !== "retry") {
      context.log("analysis: use stop, resume, status or retry <job id>");
      return 2;
    }
    if (action === "retry") {
      const jobId = analysisJobIdSchema.safeParse(id ?? "");
      if (!jobId.success) {
        context.log("analysis retry: give the id of a failed job (a whole number from 1)");
        return 2;
      }
      const { db } = await context.database();
      const result = await new AnalysisJobs(db).retry(jobId.data);
      if (!result) {
        context.log(`analysis retry: there is no job ${jobId.data}`);
        return 1;
      }
      const { job, retried } = result;
      if (!retried) {
        context.log(`analysis retry: only a failed job can be retried; job ${job.id} is ${job.status}`);
        return 1;
      }
      context.log(
        `job ${job.id} queued again: a worker resumes it at game ${job.games_analyzed + 1} of ${job.total_games}`,
      );
      return 0;
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
