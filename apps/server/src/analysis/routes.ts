import { splitPgnGames } from "@ct/chess";
import {
  analysisJobIdSchema,
  analysisJobSchema,
  analysisStatusSchema,
  analysisUploadQuerySchema,
} from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireWriter } from "../auth/writer";
import type { AppContext } from "../context";
import { HttpError, notFound } from "../http/errors";
import { routesOn } from "../http/route";
import { AnalysisJobs } from "./jobs";

/** Largest PGN file accepted by one upload (the Capablanca collection of 597 games is 0.4 MB). */
export const MAX_PGN_BYTES = 20 * 1024 * 1024;

/** A tag pair or a first move number: what any PGN game has. */
const PGN_GAME = /^\s*\[[A-Za-z0-9_]+\s+"|(^|\s)1\.\s*[a-hKQRBNO]/m;

const jobIdParams = z.object({ id: analysisJobIdSchema });

/** Media types a PGN upload may carry; the body is the file's text. */
const PGN_TYPES = ["application/x-chess-pgn", "application/vnd.chess-pgn", "text/plain"];

export interface AnalysisRoutesOptions extends AppContext {
  /** Tells an in-process worker that a job is waiting (it otherwise looks every few seconds). */
  onEnqueued?: () => void;
}

/**
 * /api/analysis: the worker's status (public), PGN uploads, the job list, cancel and retry of a job, stop and
 * resume (admin or API key).
 */
export async function analysisRoutes(app: FastifyInstance, context: AnalysisRoutesOptions): Promise<void> {
  const jobs = new AnalysisJobs(context.db);
  const guard = requireWriter(context.writer);
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Analysis";
  for (const type of PGN_TYPES.filter((type) => type !== "text/plain")) {
    app.addContentTypeParser(type, { parseAs: "string", bodyLimit: MAX_PGN_BYTES }, (_request, body, done) =>
      done(null, body),
    );
  }

  route({
    method: "GET",
    url: "/analysis/status",
    tag,
    summary: "Progress of the game-analysis workers (polled by the home page every 5 s)",
    response: analysisStatusSchema,
    handler: () => jobs.status(),
  });

  route({
    method: "POST",
    url: "/analysis/jobs",
    tag,
    summary: "Queue a PGN file for analysis (body: the PGN text; admin token or API key)",
    guard,
    query: analysisUploadQuerySchema,
    body: z.string({ message: "send the PGN text as the body (Content-Type application/x-chess-pgn)" }),
    bodyLimit: MAX_PGN_BYTES,
    response: analysisJobSchema,
    status: 201,
    handler: async ({ query, body }) => {
      let games = 0;
      let looksLikePgn = false;
      for (const game of splitPgnGames(body)) {
        games++;
        looksLikePgn ||= PGN_GAME.test(game);
      }
      // Each game is parsed (and a malformed one reported) by the worker; here only a file with no game at all
      // is refused.
      if (!looksLikePgn) throw new HttpError(400, "bad_request", "The file holds no PGN game");
      const job = await jobs.enqueue({ name: query.name, pgn: body, totalGames: games, nodes: query.nodes });
      context.onEnqueued?.();
      return job;
    },
  });

  route({
    method: "GET",
    url: "/analysis/jobs",
    tag,
    summary: "The latest analysis jobs, newest first (admin token or API key)",
    guard,
    response: z.array(analysisJobSchema),
    handler: () => jobs.list(),
  });

  route({
    method: "POST",
    url: "/analysis/jobs/:id/cancel",
    tag,
    summary: "Cancel a queued or running job (admin token or API key)",
    guard,
    params: jobIdParams,
    response: analysisJobSchema,
    handler: async ({ params }) =>
      (await jobs.cancel(params.id)) ?? Promise.reject(notFound("Job not found")),
  });

  route({
    method: "POST",
    url: "/analysis/jobs/:id/retry",
    tag,
    summary:
      "Queue a failed job again: it resumes at its next game, games already analysed are not run again " +
      "(admin token or API key; 409 when the job is not failed)",
    guard,
    params: jobIdParams,
    response: analysisJobSchema,
    handler: async ({ params }) => {
      const result = await jobs.retry(params.id);
      if (!result) throw notFound("Job not found");
      if (!result.retried)
        throw new HttpError(
          409,
          "conflict",
          `Only a failed job can be retried: job ${params.id} is ${result.job.status}`,
        );
      context.onEnqueued?.();
      return result.job;
    },
  });

  for (const [action, paused] of [
    ["stop", true],
    ["resume", false],
  ] as const) {
    route({
      method: "POST",
      url: `/analysis/${action}`,
      tag,
      summary:
        action === "stop"
          ? "Stop analysis: workers hand their job back after the current game (admin token or API key)"
          : "Resume analysis where it stopped (admin token or API key)",
      guard,
      response: analysisStatusSchema,
      handler: async () => {
        await jobs.setPaused(paused);
        if (!paused) context.onEnqueued?.();
        return jobs.status();
      },
    });
  }
}
