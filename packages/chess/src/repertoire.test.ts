import { describe, expect, it } from "vitest";
import { parseBilingualComment, parseRepertoirePgn, RepertoireError } from "./repertoire";

const HEAD = '[Event "Test"]\n[Opening "Ruy Lopez"]\n[Repertoire "White"]\n[ECO "C60"]\n\n';

describe("parseRepertoirePgn", () => {
  it("reads each path through the variations as a line, with the moves' positions and bilingual comments", () => {
    const file = parseRepertoirePgn(
      `${HEAD}1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bb5 {en: Attack the knight. | ar: مهاجمة الحصان.} *`,
    );
    expect(file).toMatchObject({ opening: "Ruy Lopez", side: "white" });
    expect(file.lines.map((line) => line.moves.map((move) => move.san).join(" "))).toEqual([
      "e4 e5 Nf3 Nc6 Bb5",
      "e4 e5 Nf3 d6 d4",
    ]);
    const bb5 = file.lines[0]?.moves[4];
    expect(bb5).toEqual({
      san: "Bb5",
      uci: "f1b5",
      fenBefore: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -",
      comment: { en: "Attack the knight.", ar: "مهاجمة الحصان." },
    });
  });

  it("names the game and the move when a move is illegal", () => {
    expect(() => parseRepertoirePgn(`${HEAD}1. e4 e5 2. Ke3 *`)).toThrow("Test: illegal move 2.Ke3");
  });

  it("refuses a comment without both languages, and a game without its side", () => {
    expect(() => parseRepertoirePgn(`${HEAD}1. e4 {en: The centre.} *`)).toThrow(RepertoireError);
    expect(() => parseRepertoirePgn('[Opening "Ruy Lopez"]\n\n1. e4 *')).toThrow(
      "[Repertoire] must be White or Black",
    );
  });

  it("splits a comment into its English and Arabic parts", () => {
    expect(parseBilingualComment(" en: Pin it. | ar: ثبّته. ")).toEqual({ en: "Pin it.", ar: "ثبّته." });
    expect(parseBilingualComment("en: Pin it. | ar: ")).toBeNull();
  });
});
