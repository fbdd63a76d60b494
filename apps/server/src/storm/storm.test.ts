import { type PositionInput, positionInputSchema, type StormResult, type StormRun } from "@ct/contract";
import { Chess } from "chess.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTestData } from "../../../../testdata/read.mjs";
import { Browser, EVIL_ORIGIN, networks, playerTestApp, strongPassword } from "../players/test-client";
import { PositionsRepository } from "../positions/repository";
import { readLibraryPack } from "../seed/library-pack";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput } from "../testing/positions";
import { STORM_SUBMIT_LIMIT } from "./routes";
import { STORM_RUN_SIZE, StormLibrary } from "./run";

/** The lichess sample as library puzzles: the position after the opponent's move, the rest of the line its solution. */
function lichessSample(): PositionInput[] {
  const [, ...rows] = readTestData("lichess/puzzles-sample-1500.csv").trimEnd().split("\n");
  return rows.map((row) => {
    const [id = "", fen = "", moves = "", rating = "1500", , , , themes = ""] = row.split(",");
    const [first = "", ...solution] = moves.split(" ");
    const board = new Chess(fen);
    board.move({ from: first.slice(0, 2), to: first.slice(2, 4), promotion: first[4] ?? "q" });
    const list = themes.split(" ").filter(Boolean);
    const phase = list.includes("endgame") ? "endgame" : list.includes("opening") ? "opening" : "middlegame";
    return positionInput(phase, {
      fen: board.fen(),
      correct_moves: [solution[0] ?? ""],
      solution,
      rating: Number(rating),
      rating_deviation: 80,
      themes: list,
      source: `lichess:${id}`,
    });
  });
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("Puzzle Storm on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const address = networks(31);
  let serial = 0;

  beforeAll(async () => {
    database = await kind.create();
    app = await playerTestApp(database);
    await new PositionsRepository(database.db).batch(
      lichessSample().map((input) => positionInputSchema.parse(input)),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  async function newRun(browser = new Browser(app, address())): Promise<StormRun> {
    const response = await browser.send("GET", "/api/storm/run");
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StormRun;
  }

  /** The moves of a run that solves the first `solve` puzzles, then plays one wrong move in the next. */
  function played(run: StormRun, solve: number, wrong = true) {
    const moves: { puzzleId: number; uci: string; atMs: number }[] = [];
    let at = 100;
    for (const puzzle of run.puzzles.slice(0, solve)) {
      puzzle.solution.forEach((uci, ply) => {
        at += 10;
        if (ply % 2 === 0) moves.push({ puzzleId: puzzle.id, uci, atMs: at });
      });
    }
    const next = run.puzzles[solve];
    if (wrong && next) moves.push({ puzzleId: next.id, uci: "a1a2", atMs: at + 10 });
    return moves;
  }

  async function signedIn(): Promise<{ browser: Browser; name: string }> {
    const name = `stormer_${++serial}`;
    const browser = new Browser(app, address());
    const response = await browser.signUp(name, strongPassword(name));
    expect(response.statusCode, response.body).toBe(201);
    return { browser, name };
  }

  it("answers a run of 150 puzzles in one response, rising from about 1000 to 2500, both colours, none twice", async () => {
    const run = await newRun();
    expect(run.puzzles).toHaveLength(STORM_RUN_SIZE);
    expect(new Set(run.puzzles.map((puzzle) => puzzle.id)).size).toBe(STORM_RUN_SIZE);
    const ratings = run.puzzles.map((puzzle) => puzzle.rating);
    const mean = (list: number[]) => list.reduce((sum, each) => sum + each, 0) / list.length;
    expect(mean(ratings.slice(0, 8))).toBeLessThan(1200);
    expect(mean(ratings.slice(-40))).toBeGreaterThan(2100);
    const colours = run.puzzles.map((puzzle) => puzzle.fen.split(" ")[1]);
    expect(colours.filter((colour) => colour === "w").length).toBeGreaterThan(40);
    expect(colours.filter((colour) => colour === "b").length).toBeGreaterThan(40);
    for (const puzzle of run.puzzles) expect(puzzle.solution.length % 2).toBe(1);
    // Two runs are two different draws.
    const other = await newRun();
    expect(other.puzzles.map((puzzle) => puzzle.id)).not.toEqual(run.puzzles.map((puzzle) => puzzle.id));
  });

  it("names the opponent's move before a shipped library puzzle, from the library pack", async () => {
    const [, row = ""] = readLibraryPack().split("\n");
    const [id = "", fen = "", moves = ""] = row.split(",");
    const [first = "", ...solution] = moves.split(" ");
    const board = new Chess(fen);
    board.move({ from: first.slice(0, 2), to: first.slice(2, 4), promotion: first[4] ?? "q" });
    const input = positionInput("middlegame", {
      fen: board.fen(),
      correct_moves: [solution[0] ?? ""],
      solution,
      rating: 1500,
      themes: ["fork"],
      source: `library:${id}`,
    });
    await new PositionsRepository(database.db).batch([positionInputSchema.parse(input)]);
    const candidates = await new StormLibrary(database.db).candidates();
    const found = candidates.find((candidate) => candidate.fen === board.fen());
    expect(found?.lastMove).toBe(first);
    expect(candidates.filter((candidate) => candidate.lastMove !== null)).toHaveLength(1);
  });

  it("scores an anonymous run from its moves: two solved, one wrong", async () => {
    const browser = new Browser(app, address());
    const run = await newRun(browser);
    const response = await browser.send("POST", "/api/storm/runs", {
      runId: run.runId,
      moves: played(run, 2),
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as StormResult;
    expect(result).toMatchObject({ score: 2, errors: 1, stored: false, personalBest: null });
    expect(result.results).toEqual(["solved", "solved", "failed"]);
    expect(result.bestCombo).toBe(result.moves - 1);
    // 10 s for the wrong move; 3 s back if the two puzzles made a combo of 5.
    const bonus = result.bestCombo >= 5 ? 3_000 : 0;
    expect(result.timeLeftMs).toBe(180_000 - 10_000 + bonus - result.durationMs);
  });

  it("refuses a forged run id, moves that do not replay, or moves timed after the present, with a JSON 400", async () => {
    const browser = new Browser(app, address());
    const run = await newRun(browser);
    const moves = played(run, 1, false);
    const refused = async (body: object, message: RegExp) => {
      const response = await browser.send("POST", "/api/storm/runs", body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        error: "bad_request",
        message: expect.stringMatching(message),
      });
    };
    const [payload = "", signature = ""] = run.runId.split(".");
    const otherIds = Buffer.from(
      JSON.stringify({ i: [...run.puzzles].reverse().map((p) => p.id), t: Date.now() }),
    );
    await refused({ runId: `${otherIds.toString("base64url")}.${signature}`, moves }, /not one of ours/);
    await refused({ runId: `${payload}.${signature.slice(1)}x`, moves }, /not one of ours/);
    await refused(
      { runId: run.runId, moves: moves.map((move) => ({ ...move, puzzleId: run.puzzles[1]?.id })) },
      /Move 1/,
    );
    await refused({ runId: run.runId, moves: [{ ...moves[0], atMs: 170_000 }] }, /after the present/);
    const crossSite = await new Browser(app, address(), EVIL_ORIGIN).send("POST", "/api/storm/runs", {
      runId: run.runId,
      moves,
    });
    expect(crossSite.statusCode).toBe(403);
    const zod = await browser.send("POST", "/api/storm/runs", {
      runId: run.runId,
      moves: [{ uci: "Nf3" }],
      score: 99,
    });
    expect(zod.statusCode).toBe(400);
    expect(zod.json()).toMatchObject({ error: "bad_request", details: expect.any(Array) });
  });

  it("keeps a signed-in player's runs once each, with the personal best, the rank and the tables", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const send = async (browser: Browser, solve: number) => {
      const run = await newRun(browser);
      const body = { runId: run.runId, moves: played(run, solve) };
      const response = await browser.send("POST", "/api/storm/runs", body);
      expect(response.statusCode, response.body).toBe(200);
      return { body, result: response.json() as StormResult };
    };
    const best = await send(first.browser, 4);
    expect(best.result).toMatchObject({ score: 4, stored: true, personalBest: 4, rank: 1 });
    // The same run sent again is kept once.
    const again = await first.browser.send("POST", "/api/storm/runs", best.body);
    expect(again.json()).toMatchObject({ score: 4, personalBest: 4 });
    const lower = await send(first.browser, 1);
    expect(lower.result).toMatchObject({ score: 1, personalBest: 4, rank: 2 });
    const other = await send(second.browser, 2);
    expect(other.result).toMatchObject({ score: 2, personalBest: 2, rank: 2 });
    const rows = await database.db.selectFrom("storm_runs").select("score").execute();
    expect(rows.map((row) => row.score).sort()).toEqual([1, 2, 4]);

    for (const period of ["day", "all"]) {
      const response = await app.inject({ method: "GET", url: `/api/storm/leaderboard?period=${period}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        period,
        entries: [
          { rank: 1, username: first.name, score: 4 },
          { rank: 2, username: second.name, score: 2 },
        ],
      });
    }
    const mine = await first.browser.send("GET", "/api/storm/leaderboard?period=all");
    expect(mine.json()).toMatchObject({ personalBest: 4 });
    const anonymous = await app.inject({ method: "GET", url: "/api/storm/leaderboard?period=day" });
    expect(anonymous.json()).toMatchObject({ personalBest: null });
    const bad = await app.inject({ method: "GET", url: "/api/storm/leaderboard?period=week" });
    expect(bad.statusCode).toBe(400);
  });

  it(`limits a network to ${STORM_SUBMIT_LIMIT.max} runs in 10 minutes (429 with Retry-After)`, async () => {
    const browser = new Browser(app, address());
    const run = await newRun(browser);
    const body = { runId: run.runId, moves: [] };
    for (let n = 0; n < STORM_SUBMIT_LIMIT.max; n++) {
      expect((await browser.send("POST", "/api/storm/runs", body)).statusCode).toBe(200);
    }
    const refused = await browser.send("POST", "/api/storm/runs", body);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });
});
