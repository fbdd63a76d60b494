import type { RacerEntry, RacerRace } from "@ct/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../testing/databases";
import { freshStore, type ServerProcess, type Store, startServerProcess } from "../testing/server-process";
import { RaceClient, wrongMove } from "./test-socket";

/**
 * Puzzle Racer on two real server processes sharing one PostgreSQL database, as two machines behind one address:
 * players reach different processes, and each sees the others' progress (LISTEN/NOTIFY carries the events); a
 * player whose connection drops comes back on the other process and resumes; the end reaches everyone with the same
 * results. (On SQLite one process serves the races: its channel is in-process.)
 */
const kinds = (await testDatabaseKinds()).filter((kind) => kind.name === "postgres");

describe.each(kinds)("Puzzle Racer across two server processes on $name", (kind) => {
  let store: Store;
  let one: ServerProcess;
  let two: ServerProcess;
  const sockets: RaceClient[] = [];

  beforeAll(async () => {
    store = await freshStore(kind);
    // The first start stores the curated puzzles; the second process finds them stored. Races last 8 s here.
    const env = { ...store.env, RACER_RACE_SECONDS: "8" };
    one = await startServerProcess(env);
    two = await startServerProcess(env);
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([one?.stop(), two?.stop()]);
    await store?.destroy();
  });

  const post = async (server: ServerProcess, path: string, body: object) => {
    const response = await fetch(`${server.base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  async function open(server: ServerProcess, raceId: string, token: string): Promise<RaceClient> {
    const client = await RaceClient.connect(
      `${server.base.replace("http", "ws")}/api/racer/races/${raceId}/socket`,
    );
    sockets.push(client);
    client.send({ type: "hello", token });
    await client.next("state");
    return client;
  }

  it("four players on two processes see each other's progress, a dropped player resumes on the other process, a late join is refused, and the results agree everywhere", async () => {
    const created = await post(one, "/api/racer/races", { name: "Alice" });
    expect(created.status).toBe(201);
    const alice = created.body as RacerEntry;
    const bob = (await post(two, `/api/racer/races/${alice.id}/join`, { name: "Bob" })).body as RacerEntry;
    const carol = (await post(two, `/api/racer/races/${alice.id}/join`, { name: "Carol" }))
      .body as RacerEntry;
    const dave = (await post(one, `/api/racer/races/${alice.id}/join`, { name: "Dave" })).body as RacerEntry;

    const aliceSocket = await open(one, alice.id, alice.player.token);
    const bobSocket = await open(two, alice.id, bob.player.token);
    const carolSocket = await open(one, alice.id, carol.player.token);
    const daveSocket = await open(two, alice.id, dave.player.token);

    // Joins made on the second process reach the first's sockets, and the start reaches the second's.
    aliceSocket.send({ type: "start" });
    const countdown = await bobSocket.next("state", (m) => m.race.state === "countdown");
    expect(countdown.race.players.map((p) => p.name)).toEqual(["Alice", "Bob", "Carol", "Dave"]);
    const puzzles = countdown.race.puzzles ?? [];
    const startsIn = Date.parse(countdown.race.starts_at as string) - Date.parse(countdown.race.now);
    await new Promise((resolve) => setTimeout(resolve, startsIn + 100));

    const late = await post(two, `/api/racer/races/${alice.id}/join`, { name: "Latecomer" });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: "race_started" });

    // Alice (first process) solves the first puzzle; Bob (second) sees it.
    const first = puzzles[0];
    if (!first) throw new Error("no puzzles");
    for (let ply = 0; ply < first.line.length; ply += 2) {
      aliceSocket.send({ type: "move", puzzle: 0, ply, uci: first.line[ply] as string });
      expect(await aliceSocket.next("verdict")).toMatchObject({ correct: true });
    }
    expect(
      await bobSocket.next("progress", (m) => m.player.name === "Alice" && m.player.solved === 1),
    ).toMatchObject({ player: { score: 1, puzzle: 1 } });

    // Bob (second process) misses; Alice and Carol (first) see it. A move for a puzzle not his is refused.
    bobSocket.send({ type: "move", puzzle: 3, ply: 0, uci: puzzles[3]?.line[0] as string });
    expect(await bobSocket.next("error")).toMatchObject({ error: "stale" });
    bobSocket.send({ type: "move", puzzle: 0, ply: 0, uci: wrongMove(first) });
    expect(await bobSocket.next("verdict")).toMatchObject({ correct: false });
    for (const socket of [aliceSocket, carolSocket]) {
      expect(await socket.next("progress", (m) => m.player.name === "Bob")).toMatchObject({
        player: { errors: 1, score: 0, puzzle: 1 },
      });
    }

    // Bob's connection drops; he comes back through the first process and goes on where he was.
    bobSocket.close();
    const back = await RaceClient.connect(
      `${one.base.replace("http", "ws")}/api/racer/races/${alice.id}/socket`,
    );
    sockets.push(back);
    back.send({ type: "hello", token: bob.player.token });
    const resumed = await back.next("state");
    expect(resumed.progress).toMatchObject({ puzzle: 1, ply: 0, errors: 1 });
    expect(resumed.race.players.find((p) => p.name === "Alice")).toMatchObject({ score: 1 });
    const second = puzzles[1];
    if (!second) throw new Error("no second puzzle");
    back.send({ type: "move", puzzle: 1, ply: 0, uci: second.line[0] as string });
    expect(await back.next("verdict")).toMatchObject({ correct: true });
    expect(
      await carolSocket.next("progress", (m) => m.player.name === "Bob" && m.player.combo === 1),
    ).toBeTruthy();

    // Both processes read the same race.
    const [fromOne, fromTwo] = await Promise.all(
      [one, two].map(async (server) => (await fetch(`${server.base}/api/racer/races/${alice.id}`)).json()),
    );
    const scores = (race: RacerRace) => race.players.map((p) => [p.name, p.score, p.errors]);
    expect(scores(fromOne as RacerRace)).toEqual(scores(fromTwo as RacerRace));
    expect(scores(fromOne as RacerRace)).toEqual([
      ["Alice", 1, 0],
      ["Bob", second.line.length === 1 ? 1 : 0, 1],
      ["Carol", 0, 0],
      ["Dave", 0, 0],
    ]);

    // The end reaches every player on both processes, with the same results.
    const ends = await Promise.all(
      [aliceSocket, back, carolSocket, daveSocket].map((socket) => socket.next("end", undefined, 15_000)),
    );
    const results = ends.map((end) => end.race.players.map((p) => [p.name, p.score, p.solved, p.errors]));
    for (const result of results) expect(result).toEqual(results[0]);
    expect(results[0]?.[0]).toEqual(["Alice", 1, 1, 0]);
    expect(ends.every((end) => end.race.state === "finished")).toBe(true);
  }, 60_000);
});
