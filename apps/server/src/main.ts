import { AnalysisWorker } from "./analysis/worker";
import { buildApp } from "./app";
import { ensureAdminAccount } from "./auth/accounts";
import { ConfigError, loadConfig } from "./config";
import { createDatabase, migrateToLatest } from "./db/database";
import { EnginePool } from "./engine/pool";
import { seedPositions } from "./seed/seed";
import { VERSION } from "./version";

/** Starts the site and its API on one port: config, database + migrations, HTTP, graceful shutdown. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = createDatabase({
    ...config,
    onIdleError: (error) => console.warn(`database connection dropped: ${error.message}`),
  });
  await migrateToLatest(database.db);
  // A generated first password is printed straight to stdout, whatever LOG_LEVEL says, and only this once.
  const admin = await ensureAdminAccount(database.db, config, {
    print: (message) => process.stdout.write(`${message}\n`),
  });
  const seeded = await seedPositions(database.db);
  const worker =
    config.analysisWorker === "in-process"
      ? new AnalysisWorker({
          db: database.db,
          engine: () => new EnginePool(config.enginePoolSize ? { size: config.enginePoolSize } : {}),
          log: (message, details) => app.log.info(details ?? {}, message),
        })
      : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    kind: database.kind,
    version: VERSION,
    ...(worker ? { onAnalysisEnqueued: () => worker.poke() } : {}),
  });
  if (seeded > 0) app.log.info({ positions: seeded }, "seeded the training positions");
  if (admin.action === "created" || admin.action === "updated")
    app.log.info({ admin: admin.username }, `admin account ${admin.action} from ADMIN_PASSWORD`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await app.close();
      await worker?.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  worker?.start();
  app.log.info({ database: database.kind, dataDir: config.dataDir, version: VERSION }, "chess trainer ready");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
