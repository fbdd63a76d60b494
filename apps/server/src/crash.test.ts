import { parsePgn } from "@ct/chess";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { siteFixture } from "./testing/app";
import { testDatabaseKinds } from "./testing/databases";
import { positionInput } from "./testing/positions";
import { freshStore, type Store, startServerProcess } from "./testing/server-process";

/**
 * Crash safety with the real server process: kill -9 in the middle of a stream of acknowledged writes, and in the
 * middle of an analysis job, then start again on the same data. Every write that got its 2xx must be there with
 * the content it was acknowledged with, nothing twice, and the SQLite file must pass its integrity check. The writes
 * are killed on both databases, the analysis job on SQLite.
 */
const API_KEY = "crash-test-secret-api-key-0123456789";
const TOKEN_SECRET = "crash-test-token-secret-0123456789abcdef";
const CLIENTS = 8;
/** Acknowledged writes to wait for before the kill (the kill then cuts off whatever is in flight). */
const ACKS_BEFORE_KILL = 120;

const serverEnv = (store: Store, extra: Record<string, string> = {}) => ({
  ...store.env,
  API_KEY,
  TOKEN_SECRET,
  ADMIN_PASSWORD: "crash test admin password",
  SITE_DIR: siteFixture(),
  ...extra,
});

const apiKey = { "x-api-key": API_KEY };
const writer = { ...apiKey, "content-type": "application/json" };

/** One entity a client writes: the content of its last acknowledged write, and of a write still unanswered. */
interface Tracked {
  kind: "position" | "post";
  /** The position's source or the post's slug: how it is found again. */
  key: string;
  id?: number;
  acknowledged?: string;
  inFlight?: string;
}

/** The writes of one client, one at a time: create a position, update it, create a post, update it, repeat. */
async function writeStream(
  base: string,
  client: number,
  tracked: Tracked[],
  counter: { acks: number },
  stop: { now: boolean },
): Promise<void> {
  for (let n = 0; !stop.now; n++) {
    const position: Tracked = { kind: "position", key: `crash:${client}:${n}` };
    const post: Tracked = { kind: "post", key: `crash-${client}-${n}` };
    tracked.push(position, post);
    const steps: [Tracked, string, () => Promise<Response>][] = [
      [
        position,
        `position ${client}/${n} version 1`,
        () =>
          fetch(`${base}/api/tactical-positions/`, {
            method: "POST",
            headers: writer,
            body: JSON.stringify(
              positionInput("middlegame", { source: position.key, description_en: position.inFlight }),
            ),
          }),
      ],
      [
        position,
        `position ${client}/${n} version 2`,
        () =>
          fetch(`${base}/api/tactical-positions/${position.id}`, {
            method: "PUT",
            headers: writer,
            body: JSON.stringify(
              positionInput("middlegame", { source: position.key, description_en: position.inFlight }),
            ),
          }),
      ],
      [
        post,
        `post ${client}/${n} version 1`,
        () =>
          fetch(`${base}/api/blog/posts`, {
            method: "POST",
            headers: writer,
            body: JSON.stringify({
              title: `Crash post ${client} ${n}`,
              slug: post.key,
              content: `<p>${post.inFlight}: the king walks to the centre in the endgame.</p>`,
              tags: ["crash"],
              published: true,
            }),
          }),
      ],
      [
        post,
        `post ${client}/${n} version 2`,
        () =>
          fetch(`${base}/api/blog/posts/${post.key}`, {
            method: "PUT",
            headers: writer,
            body: JSON.stringify({
              title: `Crash post ${client} ${n}`,
              content: `<p>${post.inFlight}: the king walks to the centre in the endgame.</p>`,
              tags: ["crash", "updated"],
              published: true,
            }),
          }),
      ],
    ];
    for (const [entity, content, send] of steps) {
      entity.inFlight = content;
      let response: Response;
      try {
        response = await send();
      } catch {
        // The server died with this write unanswered: it may or may not have been stored.
        return;
      }
      const body = (await response.json().catch(() => null)) as { id?: number } | null;
      if (!response.ok) {
        if (stop.now) return;
        throw new Error(`${content}: ${response.status} ${JSON.stringify(body)}`);
      }
      if (entity.kind === "position" && body?.id) entity.id = body.id;
      entity.acknowledged = content;
      entity.inFlight = undefined;
      counter.acks++;
    }
  }
}

/**
 * Short decisive games for the analysis, each with a blunder the generator turns into a puzzle (facts of chess
 * history: Gibaud-Lazard, Paris 1924; Morphy's Opera game, 1858; Legal's mate and the Blackburne Shilling trap,
 * both played in many real games). The short one first, so the kill falls in the middle of a longer one.
 */
const GAMES = [
  `[Event "Paris"]
[Date "1924.??.??"]
[White "Amedee Gibaud"]
[Black "Frederic Lazard"]
[Result "0-1"]

1. d4 Nf6 2. Nd2 e5 3. dxe5 Ng4 4. h3 Ne3 0-1`,
  `[Event "Paris"]
[Date "1858.11.02"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5
10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8
17. Rd8# 1-0`,
  `[Event "Legal's mate"]
[White "?"]
[Black "?"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0`,
  `[Event "Blackburne Shilling trap"]
[White "?"]
[Black "?"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1`,
];

interface JobView {
  id: number;
  status: string;
  total_games: number;
  games_analyzed: number;
  puzzles: number;
  problems: unknown[];
}

async function jobOf(base: string, id: number): Promise<JobView | undefined> {
  const response = await fetch(`${base}/api/analysis/jobs`, { headers: apiKey });
  const jobs = (await response.json()) as JobView[];
  return jobs.find((job) => job.id === id);
}

/** Calls `read` every `everyMs` until `ready` holds for its answer; fails with `explain()` after `withinMs`. */
async function pollUntil<T>(
  read: () => Promise<T | undefined>,
  ready: (value: T) => boolean,
  options: { withinMs: number; everyMs: number; explain: () => string },
): Promise<T> {
  const deadline = Date.now() + options.withinMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && ready(value)) return value;
    if (Date.now() > deadline) throw new Error(options.explain());
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
  }
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("crash safety of the server process on $name", (kind) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
  });

  it("keeps every acknowledged write through kill -9, with its content, nothing twice", async () => {
    const store = await freshStore(kind);
    cleanup.push(() => store.destroy());
    const first = await startServerProcess(serverEnv(store, { ANALYSIS_WORKER: "off" }));
    cleanup.push(() => first.kill9());

    const tracked: Tracked[] = [];
    const counter = { acks: 0 };
    const stop = { now: false };
    const streams = Array.from({ length: CLIENTS }, (_, client) =>
      writeStream(first.base, client, tracked, counter, stop),
    );
    const started = Date.now();
    while (counter.acks < ACKS_BEFORE_KILL && Date.now() - started < 20_000)
      await new Promise((resolve) => setTimeout(resolve, 5));
    stop.now = true;
    // Killed while every client has a write on the wire.
    await first.kill9();
    await Promise.all(streams);
    const acknowledged = counter.acks;
    const unanswered = tracked.filter((entity) => entity.inFlight !== undefined).length;
    expect(acknowledged).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    // The file as the crash left it.
    expect(store.integrity()).toEqual(kind.name === "sqlite" ? ["ok"] : []);

    const second = await startServerProcess(serverEnv(store, { ANALYSIS_WORKER: "off" }));
    cleanup.push(() => second.kill9());
    /** Entities with an acknowledged write, and those of them that show a later write cut off by the kill. */
    let present = 0;
    let newer = 0;
    for (const entity of tracked) {
      const allowed = [entity.acknowledged, entity.inFlight].filter(Boolean);
      if (entity.kind === "position") {
        if (entity.id === undefined) continue; // never acknowledged: checked for duplicates below
        const response = await fetch(`${second.base}/api/tactical-positions/${entity.id}`);
        expect(response.status, entity.key).toBe(200);
        const position = (await response.json()) as { description_en: string; source: string };
        expect(position.source).toBe(entity.key);
        expect(allowed, entity.key).toContain(position.description_en);
        present++;
        if (position.description_en !== entity.acknowledged) newer++;
      } else {
        const response = await fetch(`${second.base}/api/blog/posts/${entity.key}`);
        if (!entity.acknowledged) {
          // Created or not, the unanswered first write may be there, but only with its own content.
          if (response.status === 200) expect((await response.json()).content).toContain(entity.inFlight);
          else expect(response.status).toBe(404);
          continue;
        }
        expect(response.status, entity.key).toBe(200);
        const post = (await response.json()) as { content: string; tags: string[] };
        const version = allowed.find((content) => post.content.includes(`${content}:`));
        expect(version, `${entity.key}: ${post.content}`).toBeDefined();
        present++;
        if (version !== entity.acknowledged) newer++;
      }
    }

    const check = await store.open();
    cleanup.push(() => check.close());
    const duplicatePositions = await check.db
      .selectFrom("positions")
      .select(["source", (eb) => eb.fn.countAll<number | string>().as("copies")])
      .where("source", "like", "crash:%")
      .groupBy("source")
      .having((eb) => eb.fn.countAll(), ">", 1)
      .execute();
    expect(duplicatePositions).toEqual([]);
    const posts = await check.db
      .selectFrom("blog_posts")
      .select(["slug", "title"])
      .where("title", "like", "Crash post %")
      .execute();
    // A post written twice would have taken a suffixed slug (crash-1-2-2): every title appears once.
    expect(new Set(posts.map((post) => post.title)).size).toBe(posts.length);
    expect(posts.every((post) => /^crash-\d+-\d+$/.test(post.slug))).toBe(true);
    // Nothing beyond what the clients sent: every stored crash entity is a tracked one.
    const keys = new Set(tracked.map((entity) => entity.key));
    const positions = await check.db
      .selectFrom("positions")
      .select("source")
      .where("source", "like", "crash:%")
      .execute();
    for (const row of [...positions.map((p) => p.source ?? ""), ...posts.map((p) => p.slug)])
      expect(keys.has(row), row).toBe(true);
    // The restarted server takes writes again.
    const after = await fetch(`${second.base}/api/tactical-positions/`, {
      method: "POST",
      headers: writer,
      body: JSON.stringify(positionInput("endgame", { source: "crash:after" })),
    });
    expect(after.status).toBe(201);
    expect(await second.stop()).toBe(0);
    expect(store.integrity()).toEqual(kind.name === "sqlite" ? ["ok"] : []);
    console.log(
      `crash (${kind.name}): ${acknowledged} writes acknowledged before kill -9, ${unanswered} unanswered; ` +
        `after restart all ${present} acknowledged positions/posts present (${newer} hold the unanswered write ` +
        "that followed, the rest exactly their last acknowledged content); " +
        `${positions.length} positions and ${posts.length} posts stored, no duplicates`,
    );
  }, 120_000);

  // The job's resumption after a kill, once, on SQLite (the file a crash can tear): taking over a dead worker's
  // lease is proven on both databases by analysis.test.ts, and scale-out.test.ts runs jobs across two processes on
  // both.
  if (kind.name !== "sqlite") return;
  it("resumes an analysis job killed mid-game, and adds no puzzle twice", async () => {
    const pgn = GAMES.join("\n\n");
    expect(parsePgn(pgn).errors).toEqual([]);
    const store = await freshStore(kind);
    cleanup.push(() => store.destroy());
    const analysisEnv = { ANALYSIS_WORKER: "in-process", ENGINE_POOL_SIZE: "1", LOG_LEVEL: "info" };
    const first = await startServerProcess(serverEnv(store, analysisEnv));
    cleanup.push(() => first.kill9());

    // The seeded training set holds these famous positions already (the worker skips known positions): the admin
    // clears it first, so the games' puzzles are new.
    const seeded = (await (await fetch(`${first.base}/api/tactical-positions/?per_page=200`)).json()) as {
      id: number;
    }[];
    for (const { id } of seeded) {
      const deleted = await fetch(`${first.base}/api/tactical-positions/${id}`, {
        method: "DELETE",
        headers: apiKey,
      });
      expect(deleted.status).toBe(200);
    }
    const queued = await fetch(`${first.base}/api/analysis/jobs?name=miniatures.pgn&nodes=30000`, {
      method: "POST",
      headers: { ...apiKey, "content-type": "application/x-chess-pgn" },
      body: pgn,
    });
    expect(queued.status).toBe(201);
    const jobId = ((await queued.json()) as JobView).id;

    // Killed as soon as a game is recorded: the worker is then in the middle of the next one.
    const before = await pollUntil(
      () => jobOf(first.base, jobId),
      (job) => job.games_analyzed > 0,
      { withinMs: 30_000, everyMs: 50, explain: () => `no game analysed in 30 s:\n${first.output()}` },
    );
    await first.kill9();
    expect(before.status, "the job should still be running at the kill").toBe("running");
    expect(before.games_analyzed).toBeLessThan(GAMES.length);

    expect(store.integrity()).toEqual(kind.name === "sqlite" ? ["ok"] : []);
    const check = await store.open();
    const row = await check.db
      .selectFrom("analysis_jobs")
      .select(["status", "next_game", "lease_until"])
      .where("id", "=", jobId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("running");
    const resumeAt = Number(row.next_game);
    expect(resumeAt).toBeGreaterThanOrEqual(before.games_analyzed);
    // The dead worker's lease (60 s) is what a restarted server waits out before taking the job over. The test
    // lets that time pass at once instead of sleeping through it.
    await check.db
      .updateTable("analysis_jobs")
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", jobId)
      .execute();
    await check.close();

    const second = await startServerProcess(serverEnv(store, analysisEnv));
    cleanup.push(() => second.kill9());
    const done = await pollUntil(
      () => jobOf(second.base, jobId),
      (job) => job.status !== "running" && job.status !== "queued",
      {
        withinMs: 40_000,
        everyMs: 200,
        explain: () => `the job did not finish after the restart:\n${second.output()}`,
      },
    );
    expect(done).toMatchObject({ status: "done", total_games: GAMES.length, games_analyzed: GAMES.length });
    expect(done.problems).toEqual([]);
    // The restarted worker took the job over where it stood, not from its first game.
    const resumed = second
      .output()
      .split("\n")
      .filter((line) => line.includes("analysis job started"))
      .map((line) => JSON.parse(line) as { job: number; from: number });
    expect(resumed).toContainEqual(expect.objectContaining({ job: jobId, from: resumeAt }));
    // Each game counted once in the all-time totals, however the crash fell.
    const status = (await (await fetch(`${second.base}/api/analysis/status`)).json()) as {
      totalGamesAnalyzed: number;
      puzzlesGenerated: number;
    };
    expect(status.totalGamesAnalyzed).toBe(GAMES.length);
    expect(status.puzzlesGenerated).toBe(done.puzzles);
    expect(await second.stop()).toBe(0);

    const final = await store.open();
    cleanup.push(() => final.close());
    const puzzles = await final.db
      .selectFrom("positions")
      .select(["source", "fen"])
      .where("source", "like", "game:%")
      .execute();
    expect(puzzles.length, "the games should yield puzzles").toBeGreaterThan(0);
    expect(new Set(puzzles.map((p) => p.source)).size).toBe(puzzles.length);
    expect(new Set(puzzles.map((p) => p.fen)).size).toBe(puzzles.length);
    // Puzzles stored by the killed game before its record are kept, not made again: at least the counted ones.
    expect(puzzles.length).toBeGreaterThanOrEqual(done.puzzles);
    const [fenCopies] = await sql<{ copies: number | string }>`
      select count(*) as copies from (
        select fen from positions group by fen
        having count(*) > 1 and sum(case when source like 'game:%' then 1 else 0 end) > 0
      ) repeated`
      .execute(final.db)
      .then((result) => result.rows);
    expect(Number(fenCopies?.copies ?? 0)).toBe(0);
    expect(store.integrity()).toEqual(kind.name === "sqlite" ? ["ok"] : []);
    console.log(
      `analysis crash (${kind.name}): killed after ${before.games_analyzed} of ${GAMES.length} games, ` +
        `resumed at game ${resumeAt + 1}; ${done.puzzles} puzzles counted, ${puzzles.length} stored, none twice`,
    );
  }, 120_000);
});
