import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readTestData, testDataFile } from "./read.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Every tracked text file that code, tests or scripts are written in. */
function trackedSources(): string[] {
  const files = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n");
  return files.filter(
    (file) => /\.(ts|tsx|mts|mjs|js|sh|json)$/.test(file) && !file.endsWith("package-lock.json"),
  );
}

describe("a clone of the repository alone runs its tests", () => {
  it("reads no data from outside the repository", () => {
    const outside = trackedSources().filter((file) =>
      /\.\.\/shared\b|shared\/data\//.test(readFileSync(join(ROOT, file), "utf8")),
    );
    expect(outside).toEqual([]);
  });

  it("ships the games and the lichess sample the tests read", () => {
    const games = (name: string) => readTestData(name).match(/^\[Event /gm)?.length;
    expect(games("games/london-1851.pgn")).toBe(251);
    expect(games("games/capablanca-1901-1941.pgn")).toBe(597);
    const rows = readTestData("lichess/puzzles-sample-1500.csv").trimEnd().split("\n");
    expect(rows[0]).toMatch(
      /^PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags/,
    );
    expect(rows).toHaveLength(1500); // the header and 1,499 puzzles
    expect(
      readFileSync(testDataFile("lichess/puzzles-sample-1500.csv"), "utf8").trimEnd().split("\n"),
    ).toEqual(rows);
  });
});
