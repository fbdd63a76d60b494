// The end-to-end suite's second server (playwright.config.ts, project "postgres"): the same compiled server as the
// SQLite one, on a fresh PostgreSQL database made for this run and dropped when the server stops.
//   node e2e/postgres-server.mjs   (PORT, DATA_DIR and the rest of the server's environment come from the caller)
// TEST_POSTGRES_URL names the PostgreSQL to use (default: postgres@127.0.0.1:5432, trust authentication).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `ct_e2e_${randomBytes(6).toString("hex")}`;

async function query(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// A run stopped hard (kill -9, a closed terminal) leaves its database behind: those nobody is connected to go.
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
const { rows } = await client.query(
  `select datname from pg_database where datname like 'ct\\_e2e\\_%'
     and datname not in (select datname from pg_stat_activity where datname is not null)`,
);
for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
await client.end();
await query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  env: { ...process.env, DATABASE_URL: url.toString() },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", async (code, signal) => {
  await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error) =>
    console.error(`could not drop ${name}: ${error.message}`),
  );
  process.exit(code ?? (signal ? 1 : 0));
});
