import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { migrationState } from "../db/database";

/** GET /api/health: version, database kind and migration state (for load balancers and operators). */
export async function healthRoutes(app: FastifyInstance, { db, kind, version }: AppContext): Promise<void> {
  app.get("/health", async () => ({
    status: "ok",
    version,
    database: kind,
    migrations: await migrationState(db),
  }));
}
