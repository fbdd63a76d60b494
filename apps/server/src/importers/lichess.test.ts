import { createReadStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkPuzzle, phaseOf } from "@ct/chess";
import { Chess } from "chess.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTestData, testDataFile } from "../../../../testdata/read.mjs";
import type { CliContext } from "../cli/command";
import { loadConfig } from "../config";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { storedSources } from "../testing/positions";
import { startCliProcess } from "../testing/server-process";
import { importLichessCommand } from "./cli";
import { importLichessFile } from "./lichess";

const SAMPLE = testDataFile("lichess/puzzles-sample-1500.csv");
const sampleText = readTestData("lichess/puzzles-sample-1500.csv");
const sampleLines = sampleText.trimEnd().split("\n");
const HEADER = sampleLines[0] as string;

/**
 * The sample's valid rows, found independently of the importer: chess.js (through checkPuzzle) plays every move,
 * and the id is a lichess id (all-digit ids lost their leading zeros in a spreadsheet; "6E+087" cannot be mended).
 */
const validRows = sampleLines.slice(1).filter((line) => {
  const [id = "", fen = "", moves = ""] = line.split(",");
  const uci = moves.split(" ");
  return /^[A-Za-z0-9]{1,5}$/.test(id) && checkPuzzle(fen, [uci[0] as string], uci).ok;
});

const API_KEY = "test-secret-api-key-0123456789";
const URL_PATH = "/api/tactical-positions/import/lichess";
const kinds = await testDatabaseKinds();

function tempCsv(lines: string[], ending = "\n"): string {
  const file = join(mkdtempSync(join(tmpdir(), "ct-lichess-")), "puzzles.csv");
  writeFileSync(file, lines.join(ending) + ending);
  return file;
}

/** A sample line under a new id, so it is new to the database. */
function renamed(index: number, id: string): string {
  return (sampleLines[index] as string).replace(/^[^,]+/, id);
}

describe.each(kinds)("lichess import on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const positionCount = async () =>
    Number(
      (
        await database.db
          .selectFrom("positions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const bySource = (source: string) =>
    database.db.selectFrom("positions").selectAll().where("source", "=", source).executeTakeFirstOrThrow();

  /** Runs the CLI command on the test database; answers its exit code and printed lines. */
  async function cli(args: string[]): Promise<{ code: number; output: string }> {
    const logs: string[] = [];
    const context: CliContext = {
      args,
      config: loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: "silent" }),
      database: async () => database,
      log: (message) => logs.push(message),
    };
    const code = await importLichessCommand.run(context);
    return { code, output: logs.join("\n") };
  }

  it("imports the sample through the CLI: --limit stops after N rows, the next run resumes there", async () => {
    const { code, output } = await cli([SAMPLE, "--limit", "600", "--workers", "1"]);
    expect(code).toBe(0);
    expect(output).toContain("read 600, imported 600, skipped existing 0, refused 0");
    expect(output).toContain("run the same command again to continue");
    expect(await positionCount()).toBe(600);

    // The stored offset is exactly the end of line 601 (header + 600 rows).
    const progress = await database.db.selectFrom("imports").selectAll().executeTakeFirstOrThrow();
    const bytes = readFileSync(SAMPLE);
    let end = -1;
    for (let i = 0; i < 601; i++) end = bytes.indexOf(10, end + 1);
    expect({
      offset: Number(progress.byte_offset),
      line: progress.line,
      complete: progress.complete,
    }).toEqual({
      offset: end + 1,
      line: 601,
      complete: 0,
    });

    const rest = await importLichessFile(database.db, SAMPLE);
    expect(rest).toMatchObject({
      resumed: true,
      first_line: 602,
      last_line: sampleLines.length,
      read: sampleLines.length - 601,
      imported: validRows.length - 600,
      skipped_existing: 0,
      refused: 1,
      complete: true,
    });
    expect(rest.refusals).toEqual([{ line: 946, reason: 'PuzzleId "6E+087" is not a lichess id' }]);
    expect(await positionCount()).toBe(validRows.length);
  });

  it("stores every puzzle playable (checked with chess.js), in sequence, with counters in step", async () => {
    const rows = await database.db.selectFrom("positions").selectAll().orderBy("sequence_number").execute();
    expect(rows.map((row) => Number(row.sequence_number))).toEqual(rows.map((_, i) => i + 1));
    let mateInOne = 0;
    let severalMates = 0;
    for (const row of rows) {
      const correct = JSON.parse(row.correct_moves) as string[];
      const solution = JSON.parse(row.solution) as string[];
      expect(checkPuzzle(row.fen, correct, solution), row.source ?? "").toEqual({ ok: true, fen: row.fen });
      expect(correct[0]).toBe(solution[0]);
      // A mate in one lists every mating move (found here by chess.js); any other puzzle its first move only.
      if (solution.length === 1 && JSON.parse(row.themes).includes("mateIn1")) {
        const mates = new Chess(row.fen)
          .moves({ verbose: true })
          .filter((move) => move.san.endsWith("#"))
          .map((move) => `${move.from}${move.to}${move.promotion ?? ""}`);
        expect([...correct].sort(), row.source ?? "").toEqual([...new Set(mates)].sort());
        mateInOne++;
        if (correct.length > 1) severalMates++;
      } else expect(correct).toEqual([solution[0]]);
      expect(JSON.parse(row.game_metadata).side_to_move).toBe(
        row.fen.split(" ")[1] === "w" ? "white" : "black",
      );
      expect(Object.values(JSON.parse(row.hints)).every((hint) => typeof hint === "string" && hint)).toBe(
        true,
      );
    }
    expect(mateInOne).toBeGreaterThan(100);
    expect(severalMates).toBeGreaterThan(0);
    const phases = await app.inject({ method: "GET", url: "/api/tactical-positions/stats/phase-counts" });
    const expected = { opening: 0, middlegame: 0, endgame: 0 };
    for (const row of rows) expected[row.game_phase as keyof typeof expected]++;
    expect(phases.json()).toEqual({ counts: expected });
    const stats = (await app.inject({ method: "GET", url: "/api/tactical-positions/stats" })).json();
    expect(stats.total_puzzles).toBe(validRows.length);
    expect(stats.unique_openings).toBe(new Set(rows.map((row) => row.opening).filter(Boolean)).size);
    const mate = await database.db
      .selectFrom("position_facets")
      .select("count")
      .where("kind", "=", "theme")
      .where("value", "=", "mate")
      .executeTakeFirstOrThrow();
    expect(Number(mate.count)).toBe(rows.filter((row) => JSON.parse(row.themes).includes("mate")).length);
  });

  it("maps known rows: position after the opponent's move, phase, opening, rating, mended ids", async () => {
    const scandinavian = await bySource("lichess:000rZ");
    expect(scandinavian).toMatchObject({
      fen: "2kr1b1r/p1p2pp1/2pqN3/7p/6n1/2NPB3/PPP2PPP/R2Q1RK1 b - - 0 13",
      correct_moves: '["d6h2"]',
      solution: '["d6h2"]',
      difficulty: 633,
      rating: 633,
      game_phase: "opening",
      opening: "Scandinavian Defense",
      eco: "B01",
    });
    expect(JSON.parse(scandinavian.themes)).toEqual([
      "kingsideAttack",
      "mate",
      "mateIn1",
      "oneMove",
      "opening",
    ]);
    expect(JSON.parse(scandinavian.game_metadata)).toEqual({
      white: null,
      black: null,
      white_elo: null,
      black_elo: null,
      move_number: 13,
      side_to_move: "black",
      opening: "Scandinavian Defense",
      eco: "B01",
      game_url: "https://lichess.org/seIMDWkD#25",
    });
    expect(await bySource("lichess:001KR")).toMatchObject({
      game_phase: "middlegame",
      opening: null,
      eco: null,
    });
    expect(await bySource("lichess:002X3")).toMatchObject({
      game_phase: "endgame",
      solution: '["g2a8","c7b8","a8b8"]',
    });
    // Grunfeld_Defense maps to the list's "Grünfeld Defense" (a range of codes: no single ECO).
    expect(await bySource("lichess:00QkV")).toMatchObject({ opening: "Grünfeld Defense", eco: null });
    // Polish_Opening is not in the trainer's list.
    expect(await bySource("lichess:00dEJ")).toMatchObject({ opening: null });
    expect(await bySource("lichess:00570")).toMatchObject({ difficulty: 737, game_phase: "endgame" });
  });

  it("adds nothing when the same file is imported again", async () => {
    const before = await positionCount();
    expect(await cli([SAMPLE])).toEqual({
      code: 0,
      output: "this file was imported completely before (use --restart to scan it again)",
    });
    const rescan = await importLichessFile(database.db, SAMPLE, { restart: true });
    expect(rescan).toMatchObject({
      read: sampleLines.length - 1,
      imported: 0,
      skipped_existing: validRows.length,
      refused: 1,
    });
    expect(await positionCount()).toBe(before);
  });

  it("refuses bad rows with their line numbers and imports the good ones (CRLF file, no phase theme)", async () => {
    const [, fen, moves] = (sampleLines[1] as string).split(",");
    const file = tempCsv(
      [
        HEADER,
        renamed(1, "bad01"),
        `bad02,not a fen,${moves},1500,75,95,100,mate,https://lichess.org/x,,`,
        `bad03,${fen},${moves?.replace(/ \S+$/, " a1a8")},1500,75,95,100,mate,https://lichess.org/x,,`,
        renamed(3, "bad04").replace(/,911,/, ",high,"),
        "bad05,only,three",
        "",
        '"bad06,unclosed',
        renamed(4, "bad07").replace("endgame mate mateIn2 short", "mate mateIn2 short"),
        renamed(1, "bad01"),
      ],
      "\r\n",
    );
    const summary = await importLichessFile(database.db, file);
    expect(summary).toMatchObject({ read: 8, imported: 2, skipped_existing: 1, refused: 5, complete: true });
    expect(summary.refusals.map((refusal) => refusal.line)).toEqual([3, 4, 5, 6, 8]);
    expect(summary.refusals[0]?.reason).toMatch(/FEN is not valid/);
    expect(summary.refusals[1]?.reason).toBe("move 2 (a1a8) is not legal");
    expect(summary.refusals[2]?.reason).toMatch(/Rating "high"/);
    expect(summary.refusals[3]?.reason).toMatch(/expected at least 4 columns/);
    expect(summary.refusals[4]?.reason).toBe("a quoted field is not closed");
    const noPhaseTheme = await bySource("lichess:bad07");
    expect(noPhaseTheme.game_phase).toBe(phaseOf(noPhaseTheme.fen));
  });

  describe("POST /api/tactical-positions/import/lichess", () => {
    const post = (payload: string | NodeJS.ReadableStream, headers: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url: URL_PATH,
        headers: { "content-type": "text/csv", "x-api-key": API_KEY, ...headers },
        payload: payload as string,
      });

    it("refuses callers without the API key or an admin token", async () => {
      const csv = `${HEADER}\n${renamed(2, "api00")}\n`;
      for (const key of ["", "chess-trainer-web", "wrong-key-0123456789"]) {
        const response = await post(csv, { "x-api-key": key });
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBe("unauthorized");
      }
      expect(await bySource("lichess:api00").catch(() => null)).toBeNull();
    });

    it("imports a streamed CSV, idempotently, listing refused rows by line", async () => {
      const csv = [HEADER, renamed(2, "api01"), renamed(5, "api02"), "api03,x,y,1", renamed(6, "api04")].join(
        "\n",
      );
      const first = await post(csv);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        read: 4,
        imported: 3,
        skipped_existing: 0,
        refused: 1,
        refusals: [{ line: 4 }],
        complete: true,
      });
      const again = await post(csv);
      expect(again.json()).toMatchObject({ read: 4, imported: 0, skipped_existing: 3, refused: 1 });
      // Without a header the published column order applies.
      const headerless = await post(`${renamed(7, "api05")}\n`);
      expect(headerless.json()).toMatchObject({ imported: 1, first_line: 1 });
    });

    it("streams a whole file body (the sample: everything is there already)", async () => {
      const response = await post(createReadStream(SAMPLE));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        read: sampleLines.length - 1,
        imported: 0,
        skipped_existing: validRows.length,
        refused: 1,
        refusals: [{ line: 946 }],
      });
    });

    it("answers 400 JSON for input that is not a lichess puzzle CSV, never 500", async () => {
      const cases: [string | undefined, string][] = [
        ["hello,world\n1,2,3\n", "neither the lichess puzzle header"],
        ["", "no puzzle rows"],
        [`${HEADER}\n`, "no puzzle rows"],
        [`${HEADER}\nzz001,8/8/8/8/8/8/8/8 w - - 0 1,e2e4 e7e5,900\n`, "No row of the CSV is a valid puzzle"],
        ["\u0000\u0001\u0002binary", "neither the lichess puzzle header"],
      ];
      for (const [body, message] of cases) {
        const response = await post(body ?? "");
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ error: "bad_request" });
        expect(response.json().message).toContain(message);
      }
      const allBad = await post(`${HEADER}\nzz001,8/8/8/8/8/8/8/8 w - - 0 1,e2e4 e7e5,900\n`);
      expect(allBad.json().details).toEqual([
        { path: "line.2", message: expect.stringContaining("FEN is not a legal position") },
      ]);
      const json = await post('{"positions": []}', { "content-type": "application/json" });
      expect(json.statusCode).toBeGreaterThanOrEqual(400);
      expect(json.statusCode).toBeLessThan(500);
      const tooBig = await post(`${HEADER}\n`, { "content-length": String(300 * 1024 * 1024) });
      expect(tooBig.statusCode).toBe(413);
    });
  });
});

/**
 * Ctrl-C during an import of a big file, with the compiled CLI in its own process group as a terminal runs it: the
 * import stops after the lines being written, says how to continue, and the same command finishes the file with
 * every puzzle once. The store and its progress are the same code on both databases (the `--limit` test above runs
 * on each); the signal's path is the CLI's, shown once on SQLite.
 */
describe("Ctrl-C in the middle of a CLI import (SQLite)", () => {
  it("stops after the lines being written, exits 130, and the same command then imports the rest, nothing twice", async () => {
    const sqlite = kinds.find((kind) => kind.name === "sqlite");
    if (!sqlite) throw new Error("no SQLite database kind");
    const database = await sqlite.create();
    try {
      // 40 copies of the sample under new ids: about 60,000 lines (9 MB), so the CLI prepares on its workers and
      // commits many times (every 20,000 lines or second) before the end.
      const copies = 40;
      const rows = sampleLines.slice(1);
      const file = tempCsv([
        HEADER,
        ...Array.from({ length: copies }, (_, n) => rows.map((row) => `c${n}x${row}`)).flat(),
      ]);
      const expected = copies * validRows.length;
      const stored = () => storedSources(database.db);

      const first = startCliProcess(["import-lichess", file], database.env, { detached: true });
      // The first commit is reported at once; Ctrl-C then comes while later lines are being prepared and written.
      await first.waitForLine(/^line [\d,]+ \(\d+%\): imported [\d,]+/, 60_000);
      const code = await first.signal("SIGINT", { group: true });
      expect(code, first.output()).toBe(130);
      expect(first.output()).toContain("stopping after the lines being written");
      expect(first.output()).toMatch(/interrupted after line [\d,]+: run the same command again to continue/);
      const partly = await stored();
      expect(partly.rows).toBeGreaterThan(0);
      expect(partly.rows).toBeLessThan(expected);
      expect(partly.sources).toBe(partly.rows);

      const second = startCliProcess(["import-lichess", file], database.env);
      expect(await second.exited, second.output()).toBe(0);
      expect(second.output()).toMatch(/resumed an earlier import at line [\d,]+/);
      expect(second.output()).toContain("complete: the whole file is imported");
      const after = await stored();
      expect(after).toEqual({ rows: expected, sources: expected });
    } finally {
      await database.destroy();
    }
  }, 120_000);
});
