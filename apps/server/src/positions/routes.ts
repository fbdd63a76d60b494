import { THEMES, themeInfo } from "@ct/chess";
import {
  ATTEMPT_RATE_LIMIT,
  batchResultSchema,
  type GamePhase,
  type NextPuzzle,
  nextPositionSchema,
  nextPuzzleQuerySchema,
  nextPuzzleSchema,
  pagingSchema,
  parsePhase,
  pathIdSchema,
  pathNumberSchema,
  phaseCountsSchema,
  phaseOpeningsSchema,
  positionBatchSchema,
  positionInputSchema,
  positionSchema,
  positionSearchSchema,
  puzzleAttemptResultSchema,
  puzzleAttemptSchema,
  puzzleCountSchema,
  puzzleSetQuerySchema,
  searchResultSchema,
  statsSchema,
  targetRating,
  themesSchema,
} from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireWriter } from "../auth/writer";
import { ContactRateLimiter } from "../contact/rate-limit";
import type { AppContext } from "../context";
import { facetChanges } from "../db/changes";
import { HttpError, notFound } from "../http/errors";
import { routesOn, serializedAnswer } from "../http/route";
import { NextPuzzles } from "./next-puzzles";
import { countPuzzleSet } from "./puzzle-set";
import { PositionsRepository } from "./repository";
import { puzzleRating } from "./selection";

/** Messages of the spec's catalogue (section 8) for bad identifiers; numbers in decimal digits only. */
const idParam = z.object({ id: pathIdSchema("Invalid puzzle id") });
const sequenceNumber = pathNumberSchema({ max: 2_000_000_000, message: "Invalid puzzle sequence number" });
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
  const attemptLimiter = new ContactRateLimiter(context.db, ATTEMPT_RATE_LIMIT, "attempts");
  const nextPuzzles = new NextPuzzles(context.db, { kept: context.config.nextAnswersKept });
  app.addHook("onReady", () => nextPuzzles.ready());
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
    memo: facetChanges(context.db),
    handler: () => positions.stats(),
  });

  route({
    method: "GET",
    url: `${base}/stats/phase-counts`,
    tag,
    summary: "Number of positions per game phase",
    response: phaseCountsSchema,
    cache: true,
    memo: facetChanges(context.db),
    handler: () => positions.phaseCounts(),
  });

  route({
    method: "GET",
    url: `${base}/difficulty/:difficulty`,
    tag,
    summary: "Positions of one difficulty, a page at a time",
    params: z.object({ difficulty: pathNumberSchema({ max: 4000 }) }),
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
    url: `${base}/phase/:phase/openings`,
    tag,
    summary: "The openings of a game phase's positions with their counts, the largest first",
    params: z.object({ phase: phaseParam }),
    response: phaseOpeningsSchema,
    cache: true,
    memo: facetChanges(context.db),
    handler: async ({ params }) => ({ openings: await positions.openingsOfPhase(params.phase) }),
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
    url: `${base}/next`,
    tag,
    summary:
      "The next puzzle for a player: near rating + difficulty, with the phase, all the themes and the opening asked " +
      "for, rated within min..max when a custom set gives them, not among `seen` (encodeSeen's text of the recently " +
      "seen ids); the rating window widens when needed",
    query: nextPuzzleQuerySchema,
    response: nextPuzzleSchema,
    handler: async ({ query }) => {
      let phase: GamePhase | undefined;
      if (query.phase !== undefined) {
        phase = parsePhase(query.phase) ?? undefined;
        if (!phase)
          throw new HttpError(400, "bad_request", "query.phase: use opening, middlegame or endgame", [
            { path: "query.phase", message: "use opening, middlegame or endgame" },
          ]);
      }
      // A custom set's range (issue 39) holds the target: a player rated below it starts at its easiest puzzles.
      const target = Math.min(
        Math.max(targetRating(query.rating, query.difficulty), query.min ?? Number.NEGATIVE_INFINITY),
        query.max ?? Number.POSITIVE_INFINITY,
      );
      const answer = await nextPuzzles.next({
        target,
        phase,
        themes: query.themes,
        opening: query.opening,
        min: query.min,
        max: query.max,
        seen: new Set(query.seen ?? []),
      });
      return serializedAnswer<NextPuzzle>(answer);
    },
  });

  route({
    method: "GET",
    url: `${base}/count`,
    tag,
    summary:
      "How many puzzles a custom set holds: rated within min..max (the library's bounds, min ≤ max), with every " +
      "one of the themes, of the phase and of the opening; every filter is optional",
    query: puzzleSetQuerySchema,
    response: puzzleCountSchema,
    cache: true,
    handler: async ({ query }) => ({ count: await countPuzzleSet(context.db, query) }),
  });

  route({
    method: "POST",
    url: `${base}/:id/attempts`,
    tag,
    summary:
      "Report a first-try result without an account: answered with the puzzle's rating, which it no longer moves " +
      "(counted: false; puzzle ratings learn from signed-in players' first results, POST /api/account/events); " +
      "at most 120 reports per network in 10 minutes",
    params: idParam,
    body: puzzleAttemptSchema,
    response: puzzleAttemptResultSchema,
    handler: async ({ params, request, reply }) => {
      const gate = await attemptLimiter.take(request.ip, Date.now());
      if (!gate.allowed) {
        reply.header("retry-after", String(Math.ceil(gate.retryAfterMs / 1000)));
        throw new HttpError(429, "too_many_requests", "Too many results from this network; try again later");
      }
      const rating = await puzzleRating(context.db, params.id);
      if (!rating) throw positionNotFound();
      return { counted: false, ...rating };
    },
  });

  route({
    method: "GET",
    url: "/themes",
    tag,
    summary:
      "Every theme of the stored puzzles with its count, English and Arabic names and a one-line description",
    response: themesSchema,
    cache: true,
    memo: facetChanges(context.db),
    handler: async () => {
      const counts = await positions.themeCounts();
      const known = THEMES.filter((theme) => counts.has(theme.key)).map((theme) => ({
        ...theme,
        count: counts.get(theme.key) ?? 0,
      }));
      const other = [...counts]
        .filter(([key]) => !themeInfo(key))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, count]) => {
          const name = key.replace(/([a-z])([A-Z0-9])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
          return {
            key,
            group: "other" as const,
            count,
            name_en: name,
            name_ar: name,
            description_en: "",
            description_ar: "",
          };
        });
      return { themes: [...known, ...other] };
    },
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
