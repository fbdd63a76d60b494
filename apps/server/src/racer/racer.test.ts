import {
  RACER_JOINS_PER_MINUTE,
  RACER_MOVES_PER_SECOND,
  type RacerEntry,
  type RacerRace,
} from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { Browser, networks, strongPassword, TEST_COST } from "../players/test-client";
import { readSeedPositions, seedPositions } from "../seed/seed";
import { siteFixture } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { RaceClient, wrongMove } from "./test-socket";

const kinds = await testDatabaseKinds();

/** Races in these tests count down 300 ms and last 2.5 s; the queue waits 400 ms after its second player. */
const TIMING = { countdownMs: 300, raceMs: 2500, queueWaitMs: 400 };

describe.each(kinds)("Puzzle Racer on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  const address = networks(41);
  const sockets: RaceClient[] = [];

  beforeAll(async () => {
    database = await kind.create();
    await seedPositions(database.db, readSeedPositions, () => null);
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SITE_DIR: siteFixture(),
      PUBLIC_URL: "http://localhost:3000",
      ...database.env,
    });
    app = await buildApp({
      config,
      db: database.db,
      kind: database.kind,
      version: "test",
      logger: false,
      playerHashCost: TEST_COST,
      racerTiming: TIMING,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const where = app.server.address();
    if (!where || typeof where === "string") throw new Error("no port");
    base = `ws://127.0.0.1:${where.port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app.close();
    await database.destroy();
  });

  async function open(raceId: string, token: string): Promise<RaceClient> {
    const client = await RaceClient.connect(`${base}/api/racer/races/${raceId}/socket`);
    sockets.push(client);
    client.send({ type: "hello", token });
    await client.next("state");
    return client;
  }

  async function create(browser: Browser, name?: string): Promise<RacerEntry> {
    const response = await browser.send("POST", "/api/racer/races", name ? { name } : {});
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as RacerEntry;
  }

  async function join(browser: Browser, id: string, name?: string): Promise<RacerEntry> {
    const response = await browser.send("POST", `/api/racer/races/${id}/join`, name ? { name } : {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RacerEntry;
  }

  it("opens a race with a link, lets guests join its lobby, and refuses bad names, taken names and a full race", async () => {
    const browser = new Browser(app, address());
    const owner = await create(browser, "Owner_1");
    expect(owner.link).toBe(`http://localhost:3000/training/racer/${owner.id}`);
    expect(owner.race).toMatchObject({
      state: "lobby",
      owner: owner.player.id,
      puzzles: null,
      public: false,
    });
    expect(owner.player.token.length).toBeGreaterThan(20);

    const bad = await browser.send("POST", `/api/racer/races/${owner.id}/join`, { name: "no spaces!" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "bad_request" });
    const nameless = await browser.send("POST", `/api/racer/races/${owner.id}/join`, {});
    expect(nameless.statusCode).toBe(400);
    const same = await browser.send("POST", `/api/racer/races/${owner.id}/join`, { name: "OWNER_1" });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ error: "name_taken" });

    for (let n = 2; n <= 10; n++) await join(new Browser(app, address()), owner.id, `Guest_${n}`);
    const full = await new Browser(app, address()).send("POST", `/api/racer/races/${owner.id}/join`, {
      name: "Eleventh",
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: "race_full", message: expect.stringContaining("full") });

    const missing = await browser.send("POST", "/api/racer/races/AAAAAAAA/join", { name: "Someone" });
    expect(missing.statusCode).toBe(404);
    const read = await browser.send("GET", `/api/racer/races/${owner.id}`);
    expect((read.json() as RacerRace).players.map((p) => p.name)).toHaveLength(10);
  });

  it("a signed-in player races under their username, and a guest may not take an account's name", async () => {
    const player = new Browser(app, address());
    const name = `racer_${kind.name}`;
    expect((await player.signUp(name, strongPassword(name))).statusCode).toBe(201);
    const entry = await create(player);
    expect(entry.player.name).toBe(name);
    expect(entry.race.players[0]).toMatchObject({ name, signed_in: true });
    const impostor = await new Browser(app, address()).send("POST", `/api/racer/races/${entry.id}/join`, {
      name: name.toUpperCase(),
    });
    expect(impostor.statusCode).toBe(409);
  });

  it("races two players live: the countdown, moves judged on the server, each other's progress, a reconnect, the end and a rematch", async () => {
    const owner = await create(new Browser(app, address()), "Alice");
    const guest = await join(new Browser(app, address()), owner.id, "Bob");
    const alice = await open(owner.id, owner.player.token);
    const bob = await open(owner.id, guest.player.token);

    // Only the owner starts.
    bob.send({ type: "start" });
    expect(await bob.next("error")).toMatchObject({ error: "not_owner" });
    // A move before the start is refused.
    alice.send({ type: "move", puzzle: 0, ply: 0, uci: "e2e4" });
    expect(await alice.next("error")).toMatchObject({ error: "not_started" });

    alice.send({ type: "start" });
    const started = await bob.next("state", (m) => m.race.state === "countdown");
    const puzzles = started.race.puzzles ?? [];
    expect(puzzles.length).toBeGreaterThan(10);
    // Nobody joins once it has started (after the countdown).
    await new Promise((resolve) => setTimeout(resolve, TIMING.countdownMs + 50));
    const late = await new Browser(app, address()).send("POST", `/api/racer/races/${owner.id}/join`, {
      name: "Latecomer",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: "race_started" });

    // Alice solves the first puzzle move by move; Bob sees her progress.
    const first = puzzles[0];
    if (!first) throw new Error("no puzzle");
    for (let ply = 0; ply < first.line.length; ply += 2) {
      alice.send({ type: "move", puzzle: 0, ply, uci: first.line[ply] as string });
      const verdict = await alice.next("verdict");
      expect(verdict.correct).toBe(true);
      expect(verdict.reply).toBe(first.line[ply + 1] ?? null);
    }
    const seen = await bob.next("progress", (m) => m.player.name === "Alice" && m.player.solved === 1);
    expect(seen.player).toMatchObject({ score: 1, puzzle: 1, combo: (first.line.length + 1) / 2 });

    // A forged move: a move for another puzzle than hers changes nothing; a wrong move counts as wrong.
    alice.send({ type: "move", puzzle: 5, ply: 0, uci: puzzles[5]?.line[0] as string });
    expect(await alice.next("error")).toMatchObject({ error: "stale" });
    bob.send({ type: "move", puzzle: 0, ply: 0, uci: wrongMove(first) });
    expect(await bob.next("verdict")).toMatchObject({ correct: false, progress: { puzzle: 1, errors: 1 } });
    expect(await alice.next("progress", (m) => m.player.name === "Bob")).toMatchObject({
      player: { score: 0, errors: 1, puzzle: 1 },
    });

    // Bad messages are answered, never fatal.
    bob.sendRaw("not json");
    expect(await bob.next("error")).toMatchObject({ error: "bad_request" });
    bob.send({ type: "move", puzzle: 1, ply: 0, uci: "castle!" });
    expect(await bob.next("error")).toMatchObject({ error: "bad_request" });
    bob.send({ type: "fly" });
    expect(await bob.next("error")).toMatchObject({ error: "bad_request" });

    // Alice's connection drops; a new one with her token resumes where she was.
    alice.close();
    const again = await RaceClient.connect(`${base}/api/racer/races/${owner.id}/socket`);
    sockets.push(again);
    again.send({ type: "hello", token: "not-a-token-of-this-race" });
    expect(await again.next("error")).toMatchObject({ error: "unauthorized" });
    again.send({ type: "hello", token: owner.player.token });
    const resumed = await again.next("state");
    expect(resumed.progress).toMatchObject({ puzzle: 1, solved: 1, ply: 0 });
    expect(resumed.race.players.find((p) => p.name === "Bob")).toMatchObject({ errors: 1 });

    // The end reaches both, best first; then one rematch for everyone.
    const ends = await Promise.all([again.next("end", undefined, 5000), bob.next("end", undefined, 5000)]);
    for (const end of ends) {
      expect(end.race.state).toBe("finished");
      expect(end.race.players.map((p) => [p.name, p.score])).toEqual([
        ["Alice", 1],
        ["Bob", 0],
      ]);
    }
    again.send({ type: "move", puzzle: 1, ply: 0, uci: puzzles[1]?.line[0] as string });
    expect(await again.next("error")).toMatchObject({ error: "race_over" });
    bob.send({ type: "rematch" });
    const [forAlice, forBob] = await Promise.all([again.next("rematch"), bob.next("rematch")]);
    expect(forAlice.id).toBe(forBob.id);
    expect(forAlice.id).not.toBe(owner.id);
    again.send({ type: "rematch" });
    expect((await again.next("rematch")).id).toBe(forAlice.id);
    const rematch = await join(new Browser(app, address()), forAlice.id, "Alice");
    expect(rematch.race).toMatchObject({ state: "lobby", owner: rematch.player.id });
  });

  it("limits a player's moves per second (counted in the database, so over every process)", async () => {
    const owner = await create(new Browser(app, address()), "Fast");
    const guest = await join(new Browser(app, address()), owner.id, "Faster");
    const fast = await open(owner.id, owner.player.token);
    const faster = await open(owner.id, guest.player.token);
    fast.send({ type: "start" });
    const state = await faster.next("state", (m) => m.race.state === "countdown");
    await new Promise((resolve) => setTimeout(resolve, TIMING.countdownMs + 50));
    const puzzles = state.race.puzzles ?? [];
    // Wrong moves, as fast as they go, from the start of a second (the limit counts each second's moves): the
    // limit stops the eleventh.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    for (let index = 0; index < RACER_MOVES_PER_SECOND + 2; index++) {
      fast.send({ type: "move", puzzle: index, ply: 0, uci: wrongMove(puzzles[index] as never) });
    }
    const answers = await fast.take(RACER_MOVES_PER_SECOND + 2, ["verdict", "error"]);
    const refused = answers.filter((m) => m.type === "error");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ error: "too_fast" });
    expect(answers.filter((m) => m.type === "verdict").length).toBeLessThanOrEqual(RACER_MOVES_PER_SECOND);
  });

  it("the public queue puts waiting players in one race that starts soon after the second came", async () => {
    const first = await new Browser(app, address()).send("POST", "/api/racer/queue", { name: "Queuer_1" });
    expect(first.statusCode, first.body).toBe(200);
    const one = first.json() as RacerEntry;
    expect(one.race).toMatchObject({ public: true, state: "lobby", owner: null });
    const client = await open(one.id, one.player.token);
    const second = (
      await new Browser(app, address()).send("POST", "/api/racer/queue", { name: "Queuer_2" })
    ).json() as RacerEntry;
    expect(second.id).toBe(one.id);
    expect(second.race.state).toBe("countdown");
    const countdown = await client.next("state", (m) => m.race.state === "countdown");
    expect(
      Date.parse(countdown.race.starts_at as string) - Date.parse(countdown.race.now),
    ).toBeLessThanOrEqual(TIMING.queueWaitMs);
  });

  it("limits joins per network and minute", async () => {
    const browser = new Browser(app, address());
    const race = await create(browser, "Limiter");
    let status = 0;
    for (let n = 0; n < RACER_JOINS_PER_MINUTE + 1 && status !== 429; n++) {
      const response = await browser.send("POST", "/api/racer/races", { name: `Limit_${n}` });
      status = response.statusCode;
    }
    expect(status).toBe(429);
    expect(race.id).toHaveLength(8);
  });
});
