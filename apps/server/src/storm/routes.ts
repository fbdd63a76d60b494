import {
  type StormLeaderboard,
  type StormPeriod,
  stormLeaderboardQuerySchema,
  stormLeaderboardSchema,
  stormResultSchema,
  stormRunSchema,
  stormSubmissionSchema,
} from "@ct/contract";
import { replayStorm } from "@ct/machines/storm";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { ContactRateLimiter } from "../contact/rate-limit";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import { HttpError } from "../http/errors";
import { routesOn } from "../http/route";
import { playerOf, requireSameOrigin } from "../players/session";
import { chooseStormRun, runKey, StormLibrary, StormRunSigner } from "./run";

/** Runs a client network may send per window (a run lasts a few minutes; ending early still takes a while). */
export const STORM_SUBMIT_LIMIT = { max: 30, windowMs: 10 * 60_000 };
/** Rows of a table. */
const TABLE_SIZE = 20;
/** Slack between the run's own clock and the server's (the page's clock starts a little after the run arrived). */
const CLOCK_SLACK_MS = 5_000;

const badRun = (message: string) => new HttpError(400, "bad_request", message);

/**
 * Puzzle Storm (issue 41): GET /api/storm/run (a run's puzzles and its signed id), POST /api/storm/runs (the run's
 * moves, replayed here for the score; a signed-in player's run is kept) and GET /api/storm/leaderboard.
 */
export async function stormRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const library = new StormLibrary(context.db);
  const signer = new StormRunSigner(context.config.tokenSecret);
  const limiter = new ContactRateLimiter(context.db, STORM_SUBMIT_LIMIT, "storm");
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Storm";

  route({
    method: "GET",
    url: "/storm/run",
    tag,
    summary:
      "A new Puzzle Storm run: about 150 library puzzles rising from about 1000 to 2500 by a fixed list of rating " +
      "buckets (varied ideas, both colours, none twice), each with its solution line, and the run's signed id",
    response: stormRunSchema,
    handler: async () => {
      const puzzles = chooseStormRun(await library.candidates()).map(
        ({ color: _color, motif: _motif, ...puzzle }) => puzzle,
      );
      const runId = signer.sign({ ids: puzzles.map((puzzle) => puzzle.id), issuedAt: Date.now() });
      return { runId, puzzles };
    },
  });

  route({
    method: "POST",
    url: "/storm/runs",
    tag,
    summary:
      "Send a run's moves (puzzle, coordinate move, ms since the clock started; `endMs` when the player ended it): " +
      "the server replays them against the run's puzzles and answers the score, or 400 when they do not replay " +
      "(a forged id, a move in the wrong puzzle, after the clock ran out or timed after the present). A signed-in " +
      `player's run is kept (once per run id). At most ${STORM_SUBMIT_LIMIT.max} runs per client network in 10 minutes`,
    body: stormSubmissionSchema,
    response: stormResultSchema,
    handler: async ({ request, reply, body }) => {
      // A run from another site is refused (a same-origin check, as Racer's writes; not a credential guard).
      requireSameOrigin(request, context);
      const gate = await limiter.take(request.ip, Date.now());
      if (!gate.allowed) {
        const seconds = Math.max(1, Math.ceil(gate.retryAfterMs / 1000));
        reply.header("retry-after", String(seconds));
        throw new HttpError(429, "too_many_requests", `Too many runs: try again in ${seconds} second(s)`);
      }
      const now = Date.now();
      const claim = signer.verify(body.runId, now);
      if (!claim) throw badRun("This run id is not one of ours, or has expired");
      const puzzles = await library.puzzles(claim.ids);
      if (!puzzles) throw badRun("A puzzle of this run has left the library");
      const elapsed = now - claim.issuedAt + CLOCK_SLACK_MS;
      const last = body.moves.at(-1)?.atMs ?? 0;
      if (last > elapsed) throw badRun("The moves are timed after the present");
      const replay = replayStorm(puzzles, body.moves, Math.min(body.endMs ?? last, elapsed));
      if (!replay.ok) throw badRun(`Move ${replay.moveIndex + 1} does not replay: ${replay.error}`);
      const player = await playerOf(context, request);
      const { score } = replay;
      let personalBest: number | null = null;
      if (player) {
        await context.db
          .insertInto("storm_runs")
          .values({
            player_id: player.id,
            run_key: runKey(body.runId),
            score: score.score,
            moves: score.moves,
            errors: score.errors,
            best_combo: score.bestCombo,
            duration_ms: score.durationMs,
            created_at: new Date(now).toISOString(),
          })
          .onConflict((conflict) => conflict.columns(["player_id", "run_key"]).doNothing())
          .execute();
        const best = await context.db
          .selectFrom("storm_runs")
          .select((eb) => eb.fn.max("score").as("best"))
          .where("player_id", "=", player.id)
          .executeTakeFirst();
        personalBest = Number(best?.best ?? score.score);
      }
      return {
        ...score,
        stored: player !== null,
        personalBest,
        rank: await rankOf(context.db, score.score),
      };
    },
  });

  route({
    method: "GET",
    url: "/storm/leaderboard",
    tag,
    summary: `The best Storm runs of signed-in players, one per player, best first (${TABLE_SIZE} rows): today's (UTC) or of all time`,
    query: stormLeaderboardQuerySchema,
    response: stormLeaderboardSchema,
    handler: async ({ query, request }) => {
      const player = await playerOf(context, request);
      return leaderboard(context.db, query.period, Date.now(), player?.id ?? null);
    },
  });
}

/** Where a score stands among the players' best runs of all time: 1 + the players whose best is higher. */
async function rankOf(db: Kysely<Database>, score: number): Promise<number> {
  const above = await db
    .selectFrom("storm_runs")
    .select("player_id")
    .groupBy("player_id")
    .having((eb) => eb.fn.max("score"), ">", score)
    .execute();
  return above.length + 1;
}

/** Each player's best run of the period (the earliest of equal scores), best first; and `playerId`'s best. */
export async function leaderboard(
  db: Kysely<Database>,
  period: StormPeriod,
  now: number,
  playerId: number | null,
): Promise<StormLeaderboard> {
  const dayStart = `${new Date(now).toISOString().slice(0, 10)}T00:00:00.000Z`;
  const best =
    playerId === null
      ? null
      : await db
          .selectFrom("storm_runs")
          .select((eb) => eb.fn.max("score").as("best"))
          .where("player_id", "=", playerId)
          .$if(period === "day", (query) => query.where("created_at", ">=", dayStart))
          .executeTakeFirst();
  const rows = await db
    .selectFrom("storm_runs")
    .innerJoin("players", "players.id", "storm_runs.player_id")
    .select([
      "storm_runs.player_id",
      "players.username",
      "storm_runs.score",
      "storm_runs.best_combo",
      "storm_runs.created_at",
    ])
    .$if(period === "day", (query) => query.where("storm_runs.created_at", ">=", dayStart))
    .orderBy("storm_runs.score", "desc")
    .orderBy("storm_runs.created_at", "asc")
    .limit(TABLE_SIZE * 25)
    .execute();
  const seen = new Set<number>();
  const entries: StormLeaderboard["entries"] = [];
  for (const row of rows) {
    if (seen.has(row.player_id) || entries.length >= TABLE_SIZE) continue;
    seen.add(row.player_id);
    const previous = entries.at(-1);
    entries.push({
      rank: previous && previous.score === row.score ? previous.rank : entries.length + 1,
      username: row.username,
      score: row.score,
      bestCombo: row.best_combo,
      at: row.created_at,
    });
  }
  const personalBest = best?.best === null || best?.best === undefined ? null : Number(best.best);
  return { period, entries, personalBest };
}
