import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliContext } from "../cli/command";
import { loadConfig } from "../config";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { importLichessCommand } from "./cli";

const [sqlite] = await testDatabaseKinds();

describe("import-lichess --verify (the real engine)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await (sqlite as NonNullable<typeof sqlite>).create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("imports only the puzzles whose first move the engine finds best and the only good one", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "ct-verify-")), "puzzles.csv");
    const before = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
    writeFileSync(
      file,
      [
        "PuzzleId,FEN,Moves,Rating",
        // After 3... Nf6?? White mates with Qxf7#: kept.
        `good1,${before},g8f6 h5f7,600`,
        // The same position, but the "solution" lets the queen go: the engine prefers Qxf7#.
        `bad01,${before},g8f6 h5h7,600`,
        // An illegal move.
        `bad02,${before},g8f6 h5h8,600`,
      ].join("\n"),
    );
    const logs: string[] = [];
    const context: CliContext = {
      args: [file, "--verify", "--nodes", "20000"],
      config: loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: "silent" }),
      database: async () => database,
      log: (message) => logs.push(message),
    };
    expect(await importLichessCommand.run(context)).toBe(0);
    const output = logs.join("\n");
    expect(output).toContain("verified: 1 kept; left out 1 illegal, 1 where the engine prefers another move");
    const sources = await database.db.selectFrom("positions").select("source").execute();
    expect(sources.map((row) => row.source)).toEqual(["lichess:good1"]);
  });
});
