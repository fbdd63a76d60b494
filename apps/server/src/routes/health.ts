import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { migrationState } from "../db/database";

/**
 * GET /api/health: version, database kind and migration state (for load balancers and operators). Migrations only
 * run at start, so their state is read once; the route stays as cheap as a route can be and serves as the
 * reference in the benchmarks.
 */
export async function healthRoutes(app: FastifyInstance, { db, kind, version }: AppContext): Promise<void> {
  const migrations = await migrationState(db);
  const body = { status: "ok", version, database: kind, migrations };
  app.get("/health", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return body;
  });
}
