import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireWriter } from "../auth/writer";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { routesOn } from "../http/route";
import { defaultWorkers, type ImportSummary, importLichessStream, NotLichessCsvError } from "./lichess";

/** Largest CSV body: about a million puzzles. The whole database (4M+ rows) goes through the CLI instead. */
export const IMPORT_BODY_LIMIT = 256 * 1024 * 1024;
const MB = 1024 * 1024;

/** The answer of the import route: `ImportSummary`. */
export const importSummarySchema = z.object({
  read: z.number().int(),
  imported: z.number().int(),
  skipped_existing: z.number().int(),
  refused: z.number().int(),
  refusals: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  first_line: z.number().int().nullable(),
  last_line: z.number().int().nullable(),
  complete: z.boolean(),
  resumed: z.boolean(),
  seconds: z.number(),
});

/**
 * Counts the body's bytes as they stream by and stops past the limit: the CSV parser receives the raw stream, so
 * Fastify's own body limit does not apply to it.
 */
async function* limited(body: Readable, limit: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).length;
    if (total > limit) {
      body.destroy();
      throw new HttpError(
        413,
        "payload_too_large",
        `The CSV is larger than ${limit / MB} MB; the batches read before the limit are imported. ` +
          "Import big files with `npm run cli -- import-lichess <file.csv>`.",
      );
    }
    yield chunk as Buffer;
  }
}

function refusalDetails(summary: ImportSummary) {
  return summary.refusals.map((refusal) => ({ path: `line.${refusal.line}`, message: refusal.reason }));
}

/** POST /api/tactical-positions/import/lichess: the lichess puzzle CSV streamed into the importer. */
export async function importRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  // The body reaches the handler as the raw request stream, never buffered whole.
  app.addContentTypeParser(["text/csv", "application/csv"], (_request, payload, done) => done(null, payload));

  route({
    method: "POST",
    url: "/tactical-positions/import/lichess",
    tag: "Positions",
    summary:
      "Import puzzles from a lichess puzzle database CSV (text/csv body, streamed; up to 256 MB). Idempotent: " +
      "puzzles stored already are skipped; bad rows are refused with their line numbers",
    guard: requireWriter(context.writer),
    response: importSummarySchema,
    handler: async ({ request }) => {
      const body = request.body as Readable | undefined;
      const length = Number(request.headers["content-length"] ?? Number.NaN);
      if (!body) throw new HttpError(400, "bad_request", "The CSV has no puzzle rows");
      if (typeof (body as Partial<Readable>).on !== "function")
        throw new HttpError(415, "unsupported_media_type", "Send the CSV with Content-Type: text/csv");
      if (length > IMPORT_BODY_LIMIT)
        throw new HttpError(
          413,
          "payload_too_large",
          `The CSV is larger than ${IMPORT_BODY_LIMIT / MB} MB; use the import-lichess CLI command`,
        );
      let summary: ImportSummary;
      try {
        // Every body is prepared on worker threads, whatever its size: preparing (parsing, checking the moves,
        // composing the texts) is most of an import's work, and done on this thread it held every other request
        // for the whole run (a 3,000-row CSV of 0.6 MB, under the old 1 MB threshold: answers waited up to 2 s).
        // One core fewer than the CLI uses, so the requests' thread keeps a core while the workers are busy.
        summary = await importLichessStream(context.db, limited(body, IMPORT_BODY_LIMIT), {
          workers: Math.max(1, defaultWorkers() - 1),
          // One transaction per prepared batch, never one waiting for the workers' next: what waits for a
          // transaction (SQLite: the app's queries, the app's connection being held, see store.ts; PostgreSQL:
          // writes of positions, under its lock) waits for one batch's writes at most.
          besideRequests: true,
        });
      } catch (error) {
        if (error instanceof NotLichessCsvError) throw new HttpError(400, "bad_request", error.message);
        if (error instanceof HttpError) throw error;
        if (body.destroyed || (error as { code?: string }).code === "ECONNRESET")
          throw new HttpError(400, "bad_request", "The upload was interrupted");
        throw error;
      }
      if (summary.read === 0) throw new HttpError(400, "bad_request", "The CSV has no puzzle rows");
      if (summary.refused === summary.read)
        throw new HttpError(
          400,
          "bad_request",
          `No row of the CSV is a valid puzzle (first: line ${summary.refusals[0]?.line}: ` +
            `${summary.refusals[0]?.reason})`,
          refusalDetails(summary),
        );
      return summary;
    },
  });
}
