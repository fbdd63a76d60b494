import {
  batchResultSchema,
  type GamePhase,
  nextPositionSchema,
  pagingSchema,
  parsePhase,
  phaseCountsSchema,
  positionBatchSchema,
  positionInputSchema,
  positionSchema,
  positionSearchSchema,
  searchResultSchema,
  statsSchema,
} from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireWriter } from "../auth/writer";
import type { AppContext } from "../context";
import { notFound } from "../http/errors";
import { routesOn } from "../http/route";
import { PositionsRepository } from "./repository";

/** Messages of the spec's catalogue (section 8) for bad identifiers. */
const idParam = z.object({
  id: z.coerce
    .number({ message: "Invalid puzzle id" })
    .int("Invalid puzzle id")
    .positive("Invalid puzzle id"),
});
const sequenceNumber = z.coerce
  .number({ message: "Invalid puzzle sequence number" })
  .int("Invalid puzzle sequence number")
  .min(0, "Invalid puzzle sequence number")
  .max(2_000_000_000, "Invalid puzzle sequence number");
const phaseParam = z.string().transform((value, ctx): GamePhase => {
  const phase = parsePhase(value);
  if (!phase)
    ctx.addIssue({ code: "custom", message: "Invalid game phase: use opening, middlegame or endgame" });
  return phase ?? "opening";
});

const positionNotFound = () => notFound("Position not found");

/** /api/tactical-positions (spec section 7). */
export async function positionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const positions = new PositionsRepository(context.db);
  const guard = requireWriter(context.writer);
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Positions";
  const base = "/tactical-positions";

  route({
    method: "GET",
    url: `${base}/`,
    tag,
    summary: "List positions in sequence order, a page at a time (X-Total-Count has the total)",
    query: pagingSchema,
    response: z.array(positionSchema),
    cache: true,
    handler: async ({ query, reply }) => {
      const { positions: page, total } = await positions.list(query.page, query.per_page);
      reply.header("x-total-count", String(total));
      return page;
    },
  });

  route({
    method: "GET",
    url: `${base}/stats`,
    tag,
    summary: "Totals: puzzles, distinct openings, distinct themes",
    response: statsSchema,
    cache: true,
    handler: () => positions.stats(),
  });

  route({
    method: "GET",
    url: `${base}/stats/phase-counts`,
    tag,
    summary: "Number of positions per game phase",
    response: phaseCountsSchema,
    cache: true,
    handler: () => positions.phaseCounts(),
  });

  route({
    method: "GET",
    url: `${base}/difficulty/:difficulty`,
    tag,
    summary: "Positions of one difficulty, a page at a time",
    params: z.object({ difficulty: z.coerce.number().int().min(0).max(4000) }),
    query: pagingSchema,
    response: z.array(positionSchema),
    cache: true,
    handler: ({ params, query }) => positions.byDifficulty(params.difficulty, query.page, query.per_page),
  });

  route({
    method: "GET",
    url: `${base}/phase/:phase`,
    tag,
    summary: "Positions of a game phase in sequence order, optionally of one opening, a page at a time",
    params: z.object({ phase: phaseParam }),
    query: pagingSchema.extend({ opening: z.string().trim().min(1).max(120).optional() }),
    response: z.array(positionSchema),
    cache: true,
    handler: ({ params, query }) =>
      positions.byPhase(params.phase, query.page, query.per_page, query.opening),
  });

  route({
    method: "GET",
    url: `${base}/phase/:phase/first`,
    tag,
    summary: "The first position of a game phase",
    params: z.object({ phase: phaseParam }),
    response: positionSchema,
    cache: true,
    handler: async ({ params }) =>
      (await positions.firstByPhase(params.phase)) ?? Promise.reject(positionNotFound()),
  });

  route({
    method: "GET",
    url: `${base}/phase/:phase/sequence/:sequence/next`,
    tag,
    summary: "The next position of a phase after a sequence number; no_more_puzzles when nothing follows it",
    params: z.object({ phase: phaseParam, sequence: sequenceNumber }),
    response: nextPositionSchema,
    cache: true,
    handler: ({ params }) => positions.nextByPhase(params.phase, params.sequence),
  });

  route({
    method: "GET",
    url: `${base}/sequence/:sequence/previous`,
    tag,
    summary: "The position before a sequence number",
    params: z.object({ sequence: sequenceNumber }),
    response: positionSchema,
    cache: true,
    handler: async ({ params }) =>
      (await positions.previousBySequence(params.sequence)) ?? Promise.reject(positionNotFound()),
  });

  route({
    method: "GET",
    url: `${base}/:id`,
    tag,
    summary: "One position",
    params: idParam,
    response: positionSchema,
    cache: true,
    handler: async ({ params }) => (await positions.get(params.id)) ?? Promise.reject(positionNotFound()),
  });

  route({
    method: "GET",
    url: `${base}/:id/next`,
    tag,
    summary: "The position after this one in sequence order (puzzle-by-ID mode)",
    params: idParam,
    response: nextPositionSchema,
    cache: true,
    handler: async ({ params }) =>
      (await positions.nextById(params.id)) ?? Promise.reject(positionNotFound()),
  });

  route({
    method: "POST",
    url: `${base}/search`,
    tag,
    summary: "Search by phase, themes, opening, ECO range, difficulty range and text, a page at a time",
    body: positionSearchSchema,
    response: searchResultSchema,
    handler: async ({ body }) => ({
      ...(await positions.search(body)),
      page: body.page,
      per_page: body.per_page,
    }),
  });

  route({
    method: "POST",
    url: `${base}/`,
    tag,
    summary: "Create a position (admin token or API key)",
    guard,
    body: positionInputSchema,
    response: positionSchema,
    status: 201,
    handler: ({ body }) => positions.create(body),
  });

  route({
    method: "POST",
    url: `${base}/batch`,
    tag,
    summary: "Add up to 20,000 positions atomically; a refused item refuses the batch, naming every problem",
    guard,
    body: positionBatchSchema,
    bodyLimit: 64 * 1024 * 1024,
    response: batchResultSchema,
    status: 201,
    handler: ({ body }) => positions.batch(body.positions),
  });

  route({
    method: "PUT",
    url: `${base}/:id`,
    tag,
    summary: "Replace a position (admin token or API key)",
    guard,
    params: idParam,
    body: positionInputSchema,
    response: positionSchema,
    handler: async ({ params, body }) =>
      (await positions.update(params.id, body)) ?? Promise.reject(positionNotFound()),
  });

  route({
    method: "DELETE",
    url: `${base}/:id`,
    tag,
    summary: "Delete a position (admin token or API key)",
    guard,
    params: idParam,
    response: z.object({ deleted: z.literal(true) }),
    handler: async ({ params }) => {
      if (!(await positions.remove(params.id))) throw positionNotFound();
      return { deleted: true as const };
    },
  });
}
