import {
  fullMoves,
  OPENINGS,
  openingForEco,
  openingForMoves,
  type RepertoireFile,
  type RepertoireSide,
} from "@ct/chess";
import { describe, expect, it } from "vitest";
import { loadStarter, repertoireId, STARTER_IDS, WHITE_OPENINGS } from "./starters";

/**
 * The starter repertoires (content/repertoires/, issue 40), checked as a whole, as the site loads them: every file parses with chessops'
 * PGN parser and every move replays legally from the start (parseRepertoirePgn throws otherwise), every commented
 * move has English and Arabic, and each of the spec's 29 openings has its file, for the side that plays it, with lines
 * 8-14 full moves deep that the opening list classifies as that opening, by ECO code and by the moves.
 */

const files = await Promise.all(
  STARTER_IDS.map(async (id) => ({
    name: `${id}.pgn`,
    repertoire: (await loadStarter(id)) as RepertoireFile,
  })),
);

describe("the starter repertoires", () => {
  it("cover the 29 openings of the list, one file each, named after the opening", () => {
    expect(files.map((file) => file.repertoire.opening).sort()).toEqual(
      OPENINGS.map((opening) => opening.name).sort(),
    );
    for (const { name, repertoire } of files) expect(name).toBe(`${repertoireId(repertoire.opening)}.pgn`);
  });

  it.each(files)("$name is for the side that plays the opening", ({ repertoire }) => {
    const side: RepertoireSide = WHITE_OPENINGS.has(repertoire.opening) ? "white" : "black";
    expect(repertoire.side).toBe(side);
  });

  it.each(files)(
    "$name has a main line and one or two deviations, each 8-14 moves, ending on the player's move",
    ({ repertoire }) => {
      expect(repertoire.lines.length).toBeGreaterThanOrEqual(2);
      expect(repertoire.lines.length).toBeLessThanOrEqual(3);
      for (const line of repertoire.lines) {
        expect(fullMoves(line), line.name.en).toBeGreaterThanOrEqual(8);
        expect(fullMoves(line), line.name.en).toBeLessThanOrEqual(14);
        const lastByWhite = line.moves.length % 2 === 1;
        expect(lastByWhite ? "white" : "black", line.name.en).toBe(repertoire.side);
        expect(line.name.en).not.toBe("");
        expect(line.name.ar).toMatch(/[\u0600-\u06ff0-9]/);
      }
      expect(new Set(repertoire.lines.map((line) => line.name.en)).size).toBe(repertoire.lines.length);
    },
  );

  it.each(files)("$name: each line's ECO code and moves belong to the opening", ({ repertoire }) => {
    for (const line of repertoire.lines) {
      expect(openingForEco(line.eco)?.name, `${line.name.en} ${line.eco}`).toBe(repertoire.opening);
      const sans = line.moves.map((move) => move.san);
      expect(openingForMoves(sans)?.name, line.name.en).toBe(repertoire.opening);
    }
  });

  it.each(files)(
    "$name gives one answer per position and comments its key moves in both languages",
    ({ repertoire }) => {
      expect(playerAnswers(repertoire)).toEqual([]);
      for (const line of repertoire.lines) {
        const comments = line.moves.flatMap((move) => (move.comment ? [move.comment] : []));
        expect(comments.length, line.name.en).toBeGreaterThanOrEqual(1);
        for (const comment of comments) {
          expect(comment.en).toMatch(/^[A-Z0-9.]/);
          expect(comment.ar).toMatch(/[\u0600-\u06ff]/);
          expect(comment.en).not.toMatch(/[\u0600-\u06ff]/);
        }
      }
    },
  );
});

/** Positions where the repertoire gives the player two different moves (a repertoire has one answer each). */
function playerAnswers(repertoire: RepertoireFile): string[] {
  const answers = new Map<string, string>();
  const clashes: string[] = [];
  const parity = repertoire.side === "white" ? 0 : 1;
  for (const line of repertoire.lines) {
    line.moves.forEach((move, index) => {
      if (index % 2 !== parity) return;
      const known = answers.get(move.fenBefore);
      if (known && known !== move.san) clashes.push(`${move.fenBefore}: ${known} / ${move.san}`);
      answers.set(move.fenBefore, move.san);
    });
  }
  return clashes;
}
