import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createDatabase, migrateToLatest } from "./db/database";
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
  const app = await buildApp({ config, db: database.db, kind: database.kind, version: VERSION });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await app.close();
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
  app.log.info({ database: database.kind, dataDir: config.dataDir, version: VERSION }, "chess trainer ready");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
