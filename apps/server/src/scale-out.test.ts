import { parsePgn } from "@ct/chess";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "./contact/smtp-sink";
import { migrateToLatest } from "./db/database";
import { markSeedStored } from "./seed/seed";
import { siteFixture } from "./testing/app";
import { testDatabaseKinds } from "./testing/databases";
import { freshStore, type ServerProcess, type Store, startServerProcess } from "./testing/server-process";

/**
 * Scale-out: two real server processes on one database, as two machines behind a proxy would run on PostgreSQL, or
 * two processes of one machine on its SQLite file (the proxy's part, X-Forwarded-For, is played by the test:
 * TRUST_PROXY=true). The contact outbox and the analysis
 * queue run in both; the rate limits are counted in the database. Nothing may be mailed twice, no job run twice,
 * and a client may not get past a limit by reaching the other process.
 */
const API_KEY = "scale-out-test-secret-api-key-0123456789";
const PASSWORD = "scale out admin password";
const apiKey = { "x-api-key": API_KEY };

/** Short real games (the parser checks every move), each queued as a job of its own. */
const GAMES = [
  `[White "?"]\n[Black "?"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1`,
  `[White "?"]\n[Black "?"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0`,
  `[White "?"]\n[Black "?"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0`,
  `[White "?"]\n[Black "?"]\n[Result "0-1"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1`,
  `[White "Amedee Gibaud"]\n[Black "Frederic Lazard"]\n[Result "0-1"]\n\n1. d4 Nf6 2. Nd2 e5 3. dxe5 Ng4 4. h3 Ne3 0-1`,
  `[White "?"]\n[Black "?"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0`,
];
/** Contact messages from distinct networks, spread over both processes at once. */
const MESSAGES = 30;
/** Messages one network tries at once, over both processes: the limit (5 in 10 minutes) lets 5 through. */
const BURST = 8;

/** A contact message from the site: a human fill time, the honeypot empty. */
const contact = (subject: string) => ({
  name: "Scale Out",
  email: "scale@example.org",
  subject,
  message: `Message ${subject}`,
  website: "",
  elapsed_ms: 5000,
});

/** The structured log lines a process wrote with this message (pino JSON, LOG_LEVEL=info). */
function logLines(server: ServerProcess, message: string): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(`"msg":"${message}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function until<T>(read: () => Promise<T>, ready: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("two server processes on one $name database", (kind) => {
  let store: Store;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let servers: ServerProcess[] = [];
  let started = 0;

  beforeAll(async () => {
    store = await freshStore(kind);
    // As after a first start: the seed and the shipped library count as stored, so neither process imports them.
    const setup = await store.open();
    await migrateToLatest(setup.db);
    await markSeedStored(setup.db, ["positions", "library"]);
    await setup.close();
    sink = await startSmtpSink();
    const env = {
      ...store.env,
      API_KEY,
      TOKEN_SECRET: "scale-out-test-token-secret-0123456789abcdef",
      ADMIN_PASSWORD: PASSWORD,
      SITE_DIR: siteFixture(),
      SMTP_URL: sink.url,
      TRUST_PROXY: "true",
      ANALYSIS_WORKER: "in-process",
      ENGINE_POOL_SIZE: "1",
      LOG_LEVEL: "info",
    };
    started = Date.now();
    // Both at once, as a deployment starts them.
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) await server.kill9().catch(() => {});
    await sink?.close();
    await store?.destroy();
  });

  /** The two processes in turn: request n goes to process n mod 2. */
  const base = (n: number) => (servers[n % 2] as ServerProcess).base;

  it("sends every contact message once, whichever process took it and whichever delivers it", async () => {
    const sent = Date.now();
    const answers = await Promise.all(
      Array.from({ length: MESSAGES }, (_, n) =>
        fetch(`${base(n)}/api/email/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.0.${n}.1` },
          body: JSON.stringify(contact(`scale-out ${n}`)),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(MESSAGES).fill(202));
    await sink.waitForMails(MESSAGES, 30_000);
    const deliveredIn = Date.now() - sent;
    // Both delivery loops keep looking (every 5 s, and at once when poked): give them time to send one twice.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const subjects = sink.mails.map((mail) => mail.headers.subject ?? "");
    expect(subjects).toHaveLength(MESSAGES);
    expect(new Set(subjects).size).toBe(MESSAGES);
    for (let n = 0; n < MESSAGES; n++) expect(subjects).toContain(`Contact form: scale-out ${n}`);

    const check = await store.open();
    const rows = await check.db.selectFrom("contact_messages").select(["status", "attempts"]).execute();
    await check.close();
    expect(rows).toHaveLength(MESSAGES);
    expect(rows.every((row) => row.status === "delivered" && Number(row.attempts) === 1)).toBe(true);
    const byProcess = servers.map((server) => logLines(server, "contact message delivered").length);
    expect(byProcess.reduce((sum, count) => sum + count, 0)).toBe(MESSAGES);
    console.log(
      `scale-out outbox: ${MESSAGES} messages posted to 2 processes, ${sink.mails.length} mails received ` +
        `(${new Set(subjects).size} distinct), delivered by process A ${byProcess[0]} and B ${byProcess[1]}, ` +
        `all within ${deliveredIn} ms; none more after a further 6 s`,
    );
  }, 60_000);

  it("holds one network to the contact limit across both processes", async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, n) =>
        fetch(`${base(n)}/api/email/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
          body: JSON.stringify(contact(`burst ${n}`)),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(202), ...Array(BURST - 5).fill(429)]);
    const refused = answers.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another network is not held back by it.
    const other = await fetch(`${base(1)}/api/email/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.9.10.9" },
      body: JSON.stringify(contact("another network")),
    });
    expect(other.status).toBe(202);
    console.log(`scale-out contact limit: ${BURST} messages from one network over 2 processes → ${statuses}`);
  }, 30_000);

  it("locks a network out of logins after 5 failures spread over both processes", async () => {
    const login = (n: number, password: string, network: string) =>
      fetch(`${base(n)}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": network },
        body: JSON.stringify({ username: "admin", password }),
      });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await login(n, `wrong password ${n}`, "10.8.8.8")).status);
    // Failures 1-5 alternate between the processes; the 6th is refused, though its process saw only 2 of them.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password from that network waits too; from another network it gets in, on either process.
    expect((await login(0, PASSWORD, "10.8.8.8")).status).toBe(429);
    expect((await login(1, PASSWORD, "10.7.7.7")).status).toBe(200);
    console.log(`scale-out login limit: 6 wrong passwords from one network over 2 processes → ${statuses}`);
  }, 30_000);

  it("runs each analysis job once, in either process, and counts each game once", async () => {
    for (const game of GAMES) expect(parsePgn(game).errors).toEqual([]);
    const queuedAt = Date.now();
    const ids: number[] = [];
    for (const [n, game] of GAMES.entries()) {
      const queued = await fetch(`${base(n)}/api/analysis/jobs?name=game-${n}.pgn&nodes=20000`, {
        method: "POST",
        headers: { ...apiKey, "content-type": "application/x-chess-pgn" },
        body: game,
      });
      expect(queued.status).toBe(201);
      ids.push(((await queued.json()) as { id: number }).id);
    }
    type Job = { id: number; status: string; games_analyzed: number; total_games: number; puzzles: number };
    const jobs = await until(
      async () => (await (await fetch(`${base(0)}/api/analysis/jobs`, { headers: apiKey })).json()) as Job[],
      (list) => ids.every((id) => list.find((job) => job.id === id)?.status === "done"),
      120_000,
    );
    const tookMs = Date.now() - queuedAt;
    // A job that did not finish says why in its process's log: shown with the failure.
    const failures = servers.flatMap((server) => logLines(server, "analysis job failed"));
    expect(failures).toEqual([]);
    for (const id of ids)
      expect(jobs.find((job) => job.id === id)).toMatchObject({
        status: "done",
        games_analyzed: 1,
        total_games: 1,
      });
    // Each job started once, in one process or the other, and both processes worked.
    const startedJobs = servers.map((server) =>
      logLines(server, "analysis job started").map((line) => line.job),
    );
    const all = startedJobs.flat();
    expect([...all].sort()).toEqual([...ids].sort());
    expect(startedJobs.every((list) => list.length > 0)).toBe(true);
    const status = (await (await fetch(`${base(1)}/api/analysis/status`)).json()) as {
      totalGamesAnalyzed: number;
      puzzlesGenerated: number;
    };
    expect(status.totalGamesAnalyzed).toBe(GAMES.length);
    const check = await store.open();
    const puzzles = await check.db.selectFrom("positions").select(["source", "fen"]).execute();
    await check.close();
    expect(new Set(puzzles.map((puzzle) => puzzle.source)).size).toBe(puzzles.length);
    expect(new Set(puzzles.map((puzzle) => puzzle.fen)).size).toBe(puzzles.length);
    const counted = ids.reduce((sum, id) => sum + (jobs.find((job) => job.id === id)?.puzzles ?? 0), 0);
    expect(status.puzzlesGenerated).toBe(counted);
    expect(puzzles).toHaveLength(counted);
    console.log(
      `scale-out analysis: ${ids.length} jobs (one game each) queued over 2 processes; process A ran ` +
        `${startedJobs[0]?.length}, B ${startedJobs[1]?.length}, none twice; ${status.totalGamesAnalyzed} games ` +
        `counted, ${puzzles.length} puzzles stored, none twice; ${tookMs} ms ` +
        `(${Date.now() - started} ms since both processes started)`,
    );
  }, 150_000);
});
