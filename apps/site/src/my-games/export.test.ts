import { parsePgn } from "@ct/chess";
import { describe, expect, it } from "vitest";
import { EXPORT_FORMAT, exportJson, exportPgn, parseExport } from "./export";
import { type MyGamePuzzle, puzzleOf } from "./puzzle";
import { AFTER_NF6, shortGameTurningPoint } from "./testing";

const made = puzzleOf(shortGameTurningPoint(), "white", new Date("2026-11-26T12:00:00Z"));
if (!made) throw new Error("no puzzle");
const puzzle: MyGamePuzzle = made;

describe("exporting and importing the set", () => {
  it("gives back every puzzle of a JSON export, unchanged", () => {
    const other = { ...puzzle, key: "other:6", side: "black" as const };
    const text = exportJson([puzzle, other], new Date("2026-11-26T13:00:00Z"));
    expect(JSON.parse(text)).toMatchObject({
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: "2026-11-26T13:00:00.000Z",
    });
    expect(parseExport(text)).toEqual({ puzzles: [puzzle, other], skipped: 0 });
  });

  it("skips entries that are not puzzles and refuses files that are not exports", () => {
    const file = JSON.parse(exportJson([puzzle]));
    file.puzzles.push(
      { ...puzzle, fen: "not a fen" },
      { ...puzzle, solution: ["e2e5"] },
      { ...puzzle, correctMoves: [] },
      { ...puzzle, texts: { ...puzzle.texts, hints: {} } },
      "a string",
    );
    expect(parseExport(JSON.stringify(file))).toEqual({ puzzles: [puzzle], skipped: 5 });
    expect(parseExport("{")).toBeNull();
    expect(parseExport(JSON.stringify({ ...file, format: "something else" }))).toBeNull();
    expect(parseExport(JSON.stringify({ ...file, version: 2 }))).toBeNull();
    expect(parseExport(JSON.stringify([puzzle]))).toBeNull();
  });

  it("writes PGN any reader takes: the game to the puzzle, the solution, the game's move as a variation", () => {
    const pgn = exportPgn([puzzle, puzzle]);
    const { games, errors } = parsePgn(pgn);
    expect(errors).toEqual([]);
    expect(games).toHaveLength(2);
    const [game] = games;
    expect(game?.headers).toMatchObject({ White: "Test Player", Black: "Other", PuzzleFEN: AFTER_NF6 });
    // The main line: the game up to the puzzle, then its solution.
    expect(game?.moves.map((move) => move.san)).toEqual(["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    expect(game?.moves[6]?.fenBefore).toBe(AFTER_NF6);
    const flat = pgn.replace(/\s+/g, " ");
    expect(flat).toContain("4. Qxf7# (4. d3? { Played in the game. } 4... Nxh5 5. Nf3 Nf4 6. Nc3)");
    expect(flat).toContain(`{ Puzzle: ${puzzle.texts.description_en} }`);
    expect(pgn.split("\n").every((line) => line.length <= 80 || line.startsWith("["))).toBe(true);
  });

  it("starts a game set up from a FEN at that position", () => {
    const start = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 30";
    const pgn = exportPgn([{ ...puzzle, startFen: start, gameSans: [] }]);
    expect(pgn).toContain(`[SetUp "1"]`);
    expect(pgn).toContain(`[FEN "${start}"]`);
  });
});
