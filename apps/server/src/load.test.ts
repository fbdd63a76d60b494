import { afterEach, describe, expect, it } from "vitest";
import { siteFixture } from "./testing/app";
import { testDatabaseKinds } from "./testing/databases";
import { positionInput } from "./testing/positions";
import { freshStore, startServerProcess } from "./testing/server-process";

/**
 * 50 concurrent clients against a real server process for LOAD_SECONDS (default 30 s on SQLite; PostgreSQL gets
 * LOAD_PG_SECONDS, default half of that; set them higher for a soak): visitors' reads (home statistics, phase counts, the next position, the
 * blog list, a post) mixed with an admin's writes (creating and updating positions and posts with the API key).
 * Every answer must be the expected success, and afterwards every position and post written must be there once,
 * with the content of its last acknowledged write. Requests per second and latencies go to the console.
 */
const API_KEY = "load-test-secret-api-key-0123456789";
const CLIENTS = 50;
/** Share of a client's requests that are writes. */
const WRITE_SHARE = 0.2;
const SQLITE_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const POSTGRES_SECONDS = Number(process.env.LOAD_PG_SECONDS ?? Math.max(1, Math.round(SQLITE_SECONDS / 2)));

const apiKey = { "x-api-key": API_KEY };
const writer = { ...apiKey, "content-type": "application/json" };
const PHASES = ["opening", "middlegame", "endgame"] as const;

/** A small seeded generator, so each client's mix is reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One position or post a client owns and writes: only it writes there, so its last acknowledged write is known. */
interface Owned {
  kind: "position" | "post";
  /** The position's source or the post's slug. */
  key: string;
  id?: number;
  version: number;
  /** The content of the last acknowledged write. */
  content: string;
}

interface Figures {
  reads: number[];
  writes: number[];
  failures: string[];
  creates: { position: number; post: number };
  updates: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const postBody = (owned: Owned, client: number) => ({
  title: `Load post ${owned.key}`,
  content: `<p>${owned.content}: the rook belongs behind the passed pawn.</p>`,
  tags: ["load", `client-${client}`],
  published: true,
});

async function runClient(
  client: number,
  base: string,
  until: number,
  owned: Owned[],
  publicSlugs: string[],
  figures: Figures,
): Promise<void> {
  const next = random(client + 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const mine: Owned[] = [];
  let created = 0;

  async function call(
    kind: "reads" | "writes",
    label: string,
    url: string,
    expected: number,
    init: RequestInit = {},
  ): Promise<unknown> {
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(`${base}${url}`, init);
    } catch (error) {
      figures.failures.push(`${label}: ${String(error)}`);
      return undefined;
    }
    const body = await response.text();
    figures[kind].push(performance.now() - started);
    if (response.status !== expected) {
      figures.failures.push(`${label} ${url}: ${response.status} ${body.slice(0, 200)}`);
      return undefined;
    }
    return body ? JSON.parse(body) : undefined;
  }

  async function read(): Promise<void> {
    const choice = next();
    if (choice < 0.2) await call("reads", "stats", "/api/tactical-positions/stats", 200);
    else if (choice < 0.4)
      await call("reads", "phase counts", "/api/tactical-positions/stats/phase-counts", 200);
    else if (choice < 0.6) {
      const url = `/api/tactical-positions/phase/${pick(PHASES)}/sequence/${Math.floor(next() * 200)}/next`;
      await call("reads", "next position", url, 200);
    } else if (choice < 0.8)
      await call("reads", "blog list", `/api/blog/posts?page=${1 + Math.floor(next() * 3)}`, 200);
    else await call("reads", "blog post", `/api/blog/posts/${pick(publicSlugs)}`, 200);
  }

  async function write(): Promise<void> {
    const create = mine.length === 0 || next() < 0.3;
    if (create) {
      const n = created++;
      const kind = next() < 0.5 ? "position" : "post";
      const entity: Owned = {
        kind,
        key: kind === "position" ? `load:${client}:${n}` : `load-${client}-${n}`,
        version: 1,
        content: `${kind} ${client}/${n} version 1`,
      };
      if (kind === "position") {
        const body = positionInput(pick(PHASES), { source: entity.key, description_en: entity.content });
        const answer = (await call("writes", "create position", "/api/tactical-positions/", 201, {
          method: "POST",
          headers: writer,
          body: JSON.stringify(body),
        })) as { id: number } | undefined;
        if (!answer) return;
        entity.id = answer.id;
        figures.creates.position++;
      } else {
        const answer = await call("writes", "create post", "/api/blog/posts", 201, {
          method: "POST",
          headers: writer,
          body: JSON.stringify({ ...postBody(entity, client), slug: entity.key }),
        });
        if (!answer) return;
        figures.creates.post++;
      }
      mine.push(entity);
      owned.push(entity);
      return;
    }
    const entity = pick(mine);
    const content = `${entity.kind} ${entity.key} version ${entity.version + 1}`;
    const url =
      entity.kind === "position" ? `/api/tactical-positions/${entity.id}` : `/api/blog/posts/${entity.key}`;
    const body =
      entity.kind === "position"
        ? positionInput(pick(PHASES), { source: entity.key, description_en: content })
        : postBody({ ...entity, content }, client);
    const answer = await call("writes", `update ${entity.kind}`, url, 200, {
      method: "PUT",
      headers: writer,
      body: JSON.stringify(body),
    });
    if (!answer) return;
    entity.version++;
    entity.content = content;
    figures.updates++;
  }

  while (Date.now() < until) {
    if (next() < WRITE_SHARE) await write();
    else await read();
  }
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("the server under load on $name", (kind) => {
  const seconds = kind.name === "sqlite" ? SQLITE_SECONDS : POSTGRES_SECONDS;
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
  });

  it(
    `serves ${CLIENTS} clients reading and writing for ${seconds} s without an error or a lost write`,
    async () => {
      // The whole first-start content, the 10,000-puzzle library too: the load runs on a database as big as a
      // fresh install's.
      const store = await freshStore(kind, { library: true });
      cleanup.push(() => store.destroy());
      // Its first start stores the library: seconds on a quiet machine, over 30 s on two cores at a load of 15.
      // A bound on a hang, not a speed check.
      const server = await startServerProcess(
        {
          ...store.env,
          API_KEY,
          ADMIN_PASSWORD: "load test admin password",
          ANALYSIS_WORKER: "off",
          SITE_DIR: siteFixture(),
        },
        { timeoutMs: 90_000 },
      );
      cleanup.push(() => server.kill9());

      const seeded = (await (await fetch(`${server.base}/api/blog/posts?per_page=50`)).json()) as {
        posts: { slug: string }[];
      };
      const publicSlugs = seeded.posts.map((post) => post.slug);
      expect(publicSlugs.length).toBeGreaterThan(0);

      const figures: Figures = {
        reads: [],
        writes: [],
        failures: [],
        creates: { position: 0, post: 0 },
        updates: 0,
      };
      const owned: Owned[] = [];
      const started = performance.now();
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, (_, client) =>
          runClient(client, server.base, until, owned, publicSlugs, figures),
        ),
      );
      const elapsed = (performance.now() - started) / 1000;
      expect(figures.failures.slice(0, 20)).toEqual([]);

      // Every write is there, once, with the content of its last acknowledged write.
      let checked = 0;
      for (let start = 0; start < owned.length; start += 25) {
        await Promise.all(
          owned.slice(start, start + 25).map(async (entity) => {
            if (entity.kind === "position") {
              const response = await fetch(`${server.base}/api/tactical-positions/${entity.id}`);
              expect(response.status, entity.key).toBe(200);
              const position = (await response.json()) as { source: string; description_en: string };
              expect(position.source).toBe(entity.key);
              expect(position.description_en, entity.key).toBe(entity.content);
            } else {
              const response = await fetch(`${server.base}/api/blog/posts/${entity.key}`, {
                headers: apiKey,
              });
              expect(response.status, entity.key).toBe(200);
              const post = (await response.json()) as { content: string };
              expect(post.content, entity.key).toContain(`<p>${entity.content}:`);
            }
            checked++;
          }),
        );
      }
      const check = await store.open();
      cleanup.push(() => check.close());
      const positions = await check.db
        .selectFrom("positions")
        .select("source")
        .where("source", "like", "load:%")
        .execute();
      const posts = await check.db
        .selectFrom("blog_posts")
        .select("slug")
        .where("title", "like", "Load post %")
        .execute();
      expect(positions.length).toBe(figures.creates.position);
      expect(new Set(positions.map((row) => row.source)).size).toBe(positions.length);
      expect(posts.length).toBe(figures.creates.post);
      expect(posts.every((row) => /^load-\d+-\d+$/.test(row.slug))).toBe(true);
      expect(await server.stop()).toBe(0);
      expect(store.integrity()).toEqual(kind.name === "sqlite" ? ["ok"] : []);

      const reads = [...figures.reads].sort((a, b) => a - b);
      const writes = [...figures.writes].sort((a, b) => a - b);
      const all = [...reads, ...writes].sort((a, b) => a - b);
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(
        [
          `load on ${kind.name}: ${CLIENTS} clients for ${elapsed.toFixed(1)} s`,
          `  all:    ${all.length} requests, ${(all.length / elapsed).toFixed(1)} req/s, p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(all.at(-1) ?? 0)}`,
          `  reads:  ${reads.length}, ${(reads.length / elapsed).toFixed(1)} req/s, p50 ${ms(percentile(reads, 50))}, p99 ${ms(percentile(reads, 99))}`,
          `  writes: ${writes.length}, ${(writes.length / elapsed).toFixed(1)} req/s, p50 ${ms(percentile(writes, 50))}, p99 ${ms(percentile(writes, 99))}`,
          `  ${figures.creates.position} positions and ${figures.creates.post} posts created, ${figures.updates} updates; ` +
            `${checked} checked afterwards, each with its last acknowledged content; 0 errors`,
        ].join("\n"),
      );
    },
    seconds * 1000 + 150_000,
  );
});
