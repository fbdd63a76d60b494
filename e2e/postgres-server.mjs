// The end-to-end suite's second server (playwright.config.ts, project "postgres"): the same compiled server as the
// SQLite one, on a fresh PostgreSQL database made for this run and dropped when the server stops.
//   node e2e/postgres-server.mjs   (PORT, DATA_DIR and the rest of the server's environment come from the caller)
// TEST_POSTGRES_URL names the PostgreSQL to use (default: postgres@127.0.0.1:5432, trust authentication).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// The name says when it was made (base 36 milliseconds), so another run's clean-up below leaves a new one alone.
const name = `ct_e2e_${Date.now().toString(36)}_${randomBytes(6).toString("hex")}`;
/** A database of another run younger than this is never taken for one a hard-stopped run left behind. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

async function query(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// A run stopped hard (kill -9, a closed terminal) leaves its database behind: those nobody is connected to go, once
// they are old enough. A live run always holds a connection to its own (the keeper below), so a parallel run (another
// work tree's, whose server's pool may have no connection open for a while) never loses its database; and one just
// made, before its keeper connects, is too young to go.
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
const { rows } = await client.query(
  `select datname from pg_database where datname like 'ct\\_e2e\\_%'
     and datname not in (select datname from pg_stat_activity where datname is not null)`,
);
const made = (database) => {
  const stamp = /^ct_e2e_([0-9a-z]+)_[0-9a-f]{12}$/.exec(database)?.[1];
  return stamp ? Number.parseInt(stamp, 36) : 0;
};
for (const row of rows)
  if (Date.now() - made(row.datname) > ABANDONED_AFTER_MS)
    await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
await client.end();
await query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
// Connected to this run's database for as long as the run lasts: it marks the database as in use.
const keeper = new pg.Client({ connectionString: url.toString() });
await keeper.connect();
const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  env: { ...process.env, DATABASE_URL: url.toString() },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", async (code, signal) => {
  await keeper.end().catch(() => {});
  await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error) =>
    console.error(`could not drop ${name}: ${error.message}`),
  );
  process.exit(code ?? (signal ? 1 : 0));
});
