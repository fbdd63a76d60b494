import { join } from "node:path";
import { AnalysisWorker, stoppedMessage } from "./analysis/worker";
import { buildApp } from "./app";
import { ensureAdminAccount } from "./auth/accounts";
import { startPostScheduler } from "./blog/schedule";
import { ConfigError, loadConfig } from "./config";
import { ContactMailer } from "./contact/mailer";
import { ContactOutbox } from "./contact/outbox";
import { createDatabase, migrateToLatest } from "./db/database";
import { EnginePool } from "./engine/pool";
import { playerMailOutbox } from "./players/mail";
import { seedPositions } from "./seed/seed";
import { sweepUploads, UPLOAD_SWEEP_EVERY_MS } from "./uploads/sweep";
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
  // The contact outbox's delivery loop; without SMTP_URL messages are stored and wait for it.
  const smtpUrl = config.smtpUrl;
  const outbox = smtpUrl
    ? new ContactOutbox({
        db: database.db,
        sender: new ContactMailer({ ...config, smtpUrl }),
        log: (level, message, details) => app.log[level](details ?? {}, message),
      })
    : undefined;
  // Mails to players (password-reset links) go out through the same loop, from their own table.
  const playerMail = smtpUrl
    ? playerMailOutbox(
        database.db,
        { ...config, smtpUrl },
        { log: (level, message, details) => app.log[level](details ?? {}, message) },
      )
    : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    kind: database.kind,
    version: VERSION,
    ...(worker ? { onAnalysisEnqueued: () => worker.poke() } : {}),
    ...(outbox ? { onContactStored: () => outbox.poke() } : {}),
    ...(playerMail ? { onPlayerMailQueued: () => playerMail.poke() } : {}),
  });
  if (seeded > 0) app.log.info({ positions: seeded }, "seeded the training positions");
  if (admin.action === "created" || admin.action === "updated")
    app.log.info({ admin: admin.username }, `admin account ${admin.action} from ADMIN_PASSWORD`);

  // Uploads no post uses any more go after their grace period: an hour after the start, then every six hours.
  const sweep = () =>
    sweepUploads({ db: database.db, directory: join(config.dataDir, "uploads") }).then(
      ({ removed }) => {
        if (removed.length > 0) app.log.info({ removed: removed.length }, "removed uploads no post uses");
      },
      (error: unknown) => app.log.warn({ err: error }, "the uploads sweep failed; it runs again later"),
    );
  const sweeps = [setTimeout(sweep, 60 * 60 * 1000), setInterval(sweep, UPLOAD_SWEEP_EVERY_MS)];
  for (const timer of sweeps) timer.unref();

  // Scheduled posts go out once their time has come: now, then every BLOG_SCHEDULE_INTERVAL_MS (each exactly once,
  // however many processes share the database).
  const scheduler = startPostScheduler({
    db: database.db,
    everyMs: config.blogScheduleIntervalMs,
    onPublished: (slugs) => app.log.info({ posts: slugs }, "published scheduled posts"),
    onError: (error) =>
      app.log.warn({ err: error }, "publishing scheduled posts failed; it runs again later"),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const timer of sweeps) clearTimeout(timer);
    const schedulerStopped = scheduler.stop();
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // The worker stops first and at once: its engines may be dying of the same signal (sent to the whole process
    // group), and that must read as a shutdown, not as a failure of its job.
    const workerStopped = worker?.stop().then((held) => {
      app.log.info({ job: held }, stoppedMessage(held));
    });
    try {
      await app.close();
      await workerStopped;
      await outbox?.stop();
      await playerMail?.stop();
      await schedulerStopped;
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
  if (outbox) {
    outbox.start();
    playerMail?.start();
    app.log.info({ to: config.contactTo }, "contact messages are mailed through SMTP_URL");
  } else {
    app.log.warn(
      "SMTP_URL is not set: contact messages are stored and stay pending until it is set, and password-reset " +
        "links are not mailed (each expires after an hour)",
    );
  }
  if (!process.env.PUBLIC_URL)
    app.log.warn({ links: config.publicUrl }, "PUBLIC_URL is not set: feeds and pages link to this address");
  app.log.info({ database: database.kind, dataDir: config.dataDir, version: VERSION }, "chess trainer ready");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
