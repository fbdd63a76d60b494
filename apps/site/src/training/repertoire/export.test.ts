import {
  importRepertoirePgn,
  ownRepertoireFile,
  parseRepertoirePgn,
  type RepertoireFile,
  repertoireToPgn,
} from "@ct/chess";
import { buildTree, type RepertoireTree } from "@ct/machines";
import { describe, expect, it } from "vitest";
import { pgnFileName, starterExportPgn } from "./export";
import { readMyRepertoiresValue } from "./my-repertoires-store";
import { loadStarter, STARTER_IDS } from "./starters";

/**
 * Export as PGN (issue 40): every starter's export, read back by the starters' reader and by the player's import, is
 * the same tree (every position with the same moves, comments and side to find them), and every line comes back; an
 * own repertoire's export is its canonical form, stable through import and export.
 */

/** The tree's positions and their moves, without the line ids (which follow the lines' order). */
function shape(tree: RepertoireTree) {
  return Object.fromEntries(
    [...tree.nodes.entries()]
      .map(([fen, node]) => [
        fen,
        node.moves.map((entry) => entry.move).sort((a, b) => a.san.localeCompare(b.san)),
      ])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

function lines(file: RepertoireFile): string[] {
  return file.lines.map((line) => line.moves.map((move) => move.san).join(" ")).sort();
}

const starters = await Promise.all(
  STARTER_IDS.map(async (id) => ({ id, file: (await loadStarter(id)) as RepertoireFile })),
);

describe("PGN export", () => {
  it("covers the 29 starters", () => {
    expect(starters).toHaveLength(29);
  });

  it.each(starters)(
    "$id exports to one game with variations that reads back to the same tree",
    ({ id, file }) => {
      const pgn = starterExportPgn(file);
      expect(pgn.match(/\[Event /g)).toHaveLength(1);
      if (file.lines.length > 1) expect(pgn).toContain("(");
      const back = parseRepertoirePgn(pgn);
      expect(back).toMatchObject({ opening: file.opening, side: file.side });
      expect(lines(back)).toEqual(lines(file));
      expect(shape(buildTree(id, back))).toEqual(shape(buildTree(id, file)));
      // The player's import reads it too, to the same tree.
      const own = importRepertoirePgn(pgn, file.side, file.opening);
      expect(shape(buildTree(id, ownRepertoireFile(own)))).toEqual(shape(buildTree(id, file)));
    },
  );

  it("an own repertoire with a plain comment and branches keeps its PGN through import and export", () => {
    const pgn = repertoireToPgn(
      importRepertoirePgn(
        "1. d4 d5 2. c4 {My favourite.} e6 (2... c6 3. Nf3 Nf6 4. Nc3) (2... dxc4 3. e3) 3. Nc3 *",
        "white",
        "Queen's pawn",
      ),
    );
    expect(repertoireToPgn(importRepertoirePgn(pgn, "white", "Queen's pawn"))).toBe(pgn);
    expect(pgn).toContain("{ My favourite. }");
  });

  it("names the file after the repertoire, in any script", () => {
    expect(pgnFileName("Scotch Game")).toBe("scotch-game.pgn");
    expect(pgnFileName("الدفاع الصقلي")).toBe("الدفاع-الصقلي.pgn");
    expect(pgnFileName("!!")).toBe("repertoire.pgn");
  });
});

describe("the stored value", () => {
  it("keeps well-formed entries only and never throws", () => {
    const entry = {
      id: "a1",
      name: "Mine",
      side: "black",
      pgn: "1. e4 c5 *",
      updatedAt: "2026-11-29T00:00:00Z",
    };
    expect(readMyRepertoiresValue({ version: 1, repertoires: [entry, { ...entry }, { id: 3 }] })).toEqual({
      version: 1,
      repertoires: [entry],
    });
    expect(readMyRepertoiresValue("nonsense")).toEqual({ version: 1, repertoires: [] });
  });
});
