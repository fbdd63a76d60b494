import { Chess, normalizeMove } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";
import { describe, expect, it } from "vitest";
import { THEMES, themeInfo } from "./theme-catalogue";
import { tagThemes } from "./themes";

const { readTestData } = (await import("../../../testdata/read.mjs" as string)) as {
  readTestData(name: string): string;
};

const ARABIC = /[\u0621-\u064A]/;

describe("the theme catalogue", () => {
  it("has one entry per key, with names and one-line descriptions in English and Arabic", () => {
    expect(new Set(THEMES.map((theme) => theme.key)).size).toBe(THEMES.length);
    for (const theme of THEMES) {
      expect(theme.name_en, theme.key).toMatch(/^[A-Z]/);
      expect(theme.description_en, theme.key).toMatch(/^[A-Z].*\.$/);
      expect(theme.name_ar, theme.key).toMatch(ARABIC);
      expect(theme.description_ar, theme.key).toMatch(ARABIC);
      expect(theme.description_en.length, theme.key).toBeLessThan(100);
    }
  });

  it("names every theme the tagger gives the lichess sample", () => {
    const emitted = new Set<string>();
    const rows = readTestData("lichess/puzzles-sample-1500.csv").trim().split("\n").slice(1);
    for (const row of rows) {
      const [, fen = "", moves = ""] = row.split(",");
      const [setup = "", ...solution] = moves.split(" ");
      const board = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
      const move = parseUci(setup);
      if (!move) continue;
      board.play(normalizeMove(board, move));
      for (const key of tagThemes({ fen: makeFen(board.toSetup()), solution, cp: 300 })) emitted.add(key);
    }
    expect(emitted.size).toBeGreaterThan(20);
    expect([...emitted].filter((key) => !themeInfo(key))).toEqual([]);
  });

  it("looks keys up as own keys only", () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"])
      expect(themeInfo(key)).toBeUndefined();
    expect(themeInfo("fork")?.name_en).toBe("Fork");
  });
});
