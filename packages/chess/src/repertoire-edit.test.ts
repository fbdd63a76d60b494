import { describe, expect, it } from "vitest";
import { parseRepertoirePgn } from "./repertoire";
import {
  addMove,
  childrenAt,
  countMoves,
  importRepertoirePgn,
  linesFromMoves,
  type MoveNode,
  movesFromLines,
  nodeAt,
  OWN_REPERTOIRE_LIMITS,
  type OwnRepertoire,
  pickLines,
  RepertoireEditError,
  type RepertoireProblem,
  removeMove,
  repertoireToPgn,
  setComment,
} from "./repertoire-edit";

const SICILIAN = `[Event "My Sicilian"]

1. e4 c5 2. Nf3 {A developing move.} (2. Nc3 Nc6 3. g3 g6) 2... d6 3. d4 cxd4 4. Nxd4 (4. Qxd4 Nc6) 4... Nf6 *`;

function sans(moves: readonly MoveNode[]): string[] {
  return linesFromMoves(moves).map((line) => line.moves.map((move) => move.san).join(" "));
}

function problemOf(run: () => unknown): RepertoireProblem | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof RepertoireEditError) return error.problem;
    throw error;
  }
  return undefined;
}

describe("importRepertoirePgn", () => {
  it("reads the variations as branches, a plain comment as the player's own", () => {
    const own = importRepertoirePgn(SICILIAN, "black", "Mine");
    expect(sans(own.moves)).toEqual([
      "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6",
      "e4 c5 Nf3 d6 d4 cxd4 Qxd4 Nc6",
      "e4 c5 Nc3 Nc6 g3 g6",
    ]);
    expect(nodeAt(own.moves, ["e4", "c5", "Nf3"])?.comment).toEqual({
      en: "A developing move.",
      ar: "A developing move.",
    });
    expect(linesFromMoves(own.moves).map((line) => line.name.en)).toEqual(["1.e4", "4.Qxd4", "2.Nc3"]);
  });

  it("names the game and the move of an illegal move, and changes nothing", () => {
    expect(
      problemOf(() => importRepertoirePgn(`[Event "Game A"]\n\n1. e4 e5 2. Ke3 *`, "white", "x")),
    ).toEqual({
      code: "illegal",
      game: "Game A",
      move: "2.Ke3",
    });
    expect(problemOf(() => importRepertoirePgn("1. d4 d5 (1... Nf6 2. Bxf7) *", "white", "x"))).toEqual({
      code: "illegal",
      game: "#1",
      move: "2.Bxf7",
    });
  });

  it("refuses an unreadable text, a game from another position, and a file over 1 MB", () => {
    expect(problemOf(() => importRepertoirePgn("hello world", "white", "x"))).toEqual({ code: "empty" });
    expect(
      problemOf(() =>
        importRepertoirePgn('[Event "End"]\n[FEN "8/8/8/8/8/8/4K3/4k3 w - - 0 1"]\n\n1. Kd3 *', "white", "x"),
      ),
    ).toEqual({ code: "fromPosition", game: "End" });
    const big = `1. e4 {${"x".repeat(OWN_REPERTOIRE_LIMITS.pgnBytes)}} *`;
    expect(problemOf(() => importRepertoirePgn(big, "white", "x"))).toMatchObject({ code: "tooBig" });
  });

  it("refuses two answers of the player in one position, naming the position and both moves", () => {
    expect(problemOf(() => importRepertoirePgn("1. e4 e5 2. Nf3 (2. Bc4) *", "white", "x"))).toEqual({
      code: "conflict",
      position: "1.e4 e5",
      move: "2.Bc4",
      other: "2.Nf3",
    });
    // The same position reached by two move orders is one position.
    expect(
      problemOf(() =>
        importRepertoirePgn("1. e4 e5 (1... Nc6 2. Nf3 e5 3. Bb5) 2. Nf3 Nc6 3. Bc4 *", "white", "x"),
      ),
    ).toMatchObject({ code: "conflict", move: "3.Bb5", other: "3.Bc4" });
    // The opponent's side may branch.
    expect(countMoves(importRepertoirePgn("1. e4 e5 (1... c5) *", "white", "x").moves)).toBe(3);
  });

  it("merges several games into one tree", () => {
    const own = importRepertoirePgn("1. d4 d5 2. c4 *\n\n1. d4 Nf6 2. c4 *", "white", "x");
    expect(sans(own.moves)).toEqual(["d4 d5 c4", "d4 Nf6 c4"]);
  });

  it("refuses more moves than the limit", () => {
    /** A line of `plies` moves: the knights out and back. */
    const shuffle = (plies: number) =>
      Array.from({ length: plies }, (_, ply) => ["Nf3", "Nf6", "Ng1", "Ng8"][ply % 4]).join(" ");
    expect(countMoves(importRepertoirePgn(shuffle(OWN_REPERTOIRE_LIMITS.moves), "white", "x").moves)).toBe(
      2000,
    );
    expect(
      problemOf(() => importRepertoirePgn(shuffle(OWN_REPERTOIRE_LIMITS.moves + 1), "white", "x")),
    ).toEqual({
      code: "tooManyMoves",
      limit: 2000,
    });
  });
});

describe("repertoireToPgn", () => {
  it("nests the variations, writes both languages or the plain comment, and reads back to the same tree", () => {
    const own = importRepertoirePgn(SICILIAN, "black", "My Sicilian");
    const pgn = repertoireToPgn(own);
    expect(pgn).toContain('[Repertoire "Black"]');
    expect(pgn).toContain("( 2. Nc3 Nc6 3. g3 g6 )");
    expect(pgn).toContain("{ A developing move. }");
    expect(importRepertoirePgn(pgn, "black", "again").moves).toEqual(own.moves);
    expect(repertoireToPgn({ ...own, moves: importRepertoirePgn(pgn, "black", "x").moves })).toBe(pgn);
  });

  it("writes a starter's comments as {en: … | ar: …}, which the starters' reader takes back", () => {
    const file = parseRepertoirePgn(
      '[Event "T"]\n[Opening "Ruy Lopez"]\n[Repertoire "White"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {en: Pin. | ar: تثبيت.} a6 4. O-O *\n\n[Event "T2"]\n[Opening "Ruy Lopez"]\n[Repertoire "White"]\n\n1. e4 c5 2. c3 *',
    );
    const pgn = repertoireToPgn({ name: "Ruy Lopez", side: "white", moves: movesFromLines(file.lines) });
    expect(pgn).toContain("{ en: Pin. | ar: تثبيت. }");
    const back = parseRepertoirePgn(pgn);
    expect(back.lines.map((line) => line.moves)).toEqual(file.lines.map((line) => line.moves));
    // Castling is the king's two-square move, as the board reports it.
    expect(back.lines[0]?.moves.at(-1)?.uci).toBe("e1g1");
  });
});

describe("editing a repertoire", () => {
  const own: OwnRepertoire = importRepertoirePgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 *", "white", "Mine");

  it("walks into a move already there, and adds a new move of the opponent as a branch", () => {
    const same = addMove(own, ["e4", "e5"], "g1f3");
    expect(same).toMatchObject({ ok: true, san: "Nf3" });
    const branch = addMove(own, ["e4"], "c7c5");
    expect(branch.ok && sans(branch.moves)).toEqual(["e4 e5 Nf3 Nc6 Bb5", "e4 c5"]);
    const answer = branch.ok ? addMove({ ...own, moves: branch.moves }, ["e4", "c5"], "c2c3") : branch;
    expect(answer.ok && sans(answer.moves)).toEqual(["e4 e5 Nf3 Nc6 Bb5", "e4 c5 c3"]);
    // Castling as the board reports it.
    const castle = addMove(own, ["e4", "e5", "Nf3", "Nc6", "Bb5"], "a7a6");
    const after = castle.ok
      ? addMove({ ...own, moves: castle.moves }, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], "e1g1")
      : castle;
    expect(after).toMatchObject({ ok: true, san: "O-O" });
    expect(after.ok && nodeAt(after.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"])?.uci).toBe("e1g1");
  });

  it("asks before replacing the player's answer, then drops the old answer and what followed it", () => {
    expect(addMove(own, ["e4", "e5", "Nf3", "Nc6"], "f1c4")).toEqual({ ok: false, replaces: "3.Bb5" });
    const replaced = addMove(own, ["e4", "e5", "Nf3", "Nc6"], "f1c4", { replace: true });
    expect(replaced.ok && sans(replaced.moves)).toEqual(["e4 e5 Nf3 Nc6 Bc4"]);
  });

  it("refuses an illegal move and an answer that clashes with a transposition", () => {
    expect(addMove(own, ["e4"], "e7e4")).toMatchObject({ ok: false, problem: { code: "illegal" } });
    const other = importRepertoirePgn("1. e4 e5 (1... Nc6 2. Nf3) 2. Nf3 Nc6 3. Bb5 *", "white", "x");
    expect(addMove(other, ["e4", "Nc6", "Nf3"], "e7e5")).toMatchObject({ ok: true });
    const moved = addMove(other, ["e4", "Nc6", "Nf3"], "e7e5");
    const clash = moved.ok
      ? addMove({ ...other, moves: moved.moves }, ["e4", "Nc6", "Nf3", "e5"], "f1c4")
      : moved;
    expect(clash).toMatchObject({ ok: false, problem: { code: "conflict", move: "3.Bc4", other: "3.Bb5" } });
  });

  it("removes a move with what follows it, and comments a move", () => {
    const branched = importRepertoirePgn("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", "white", "x");
    expect(sans(removeMove(branched, ["e4", "c5"]))).toEqual(["e4 e5 Nf3"]);
    expect(removeMove(branched, ["e4"])).toEqual([]);
    const commented = setComment(own, ["e4", "e5", "Nf3"], "  Attack e5.  ");
    expect(nodeAt(commented, ["e4", "e5", "Nf3"])?.comment).toEqual({ en: "Attack e5.", ar: "Attack e5." });
    expect(
      nodeAt(setComment({ ...own, moves: commented }, ["e4", "e5", "Nf3"], ""), ["e4", "e5", "Nf3"]),
    ).not.toHaveProperty("comment");
    expect(childrenAt(own.moves, []).map((move) => move.san)).toEqual(["e4"]);
  });
});

describe("pickLines", () => {
  const ruy = parseRepertoirePgn(
    '[Opening "Ruy Lopez"]\n[Repertoire "White"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *',
  );
  const italian = parseRepertoirePgn(
    '[Opening "Italian Game"]\n[Repertoire "White"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n\n[Opening "Italian Game"]\n[Repertoire "White"]\n\n1. e4 e5 2. Nf3 Nf6 3. Nc3 *',
  );

  it("merges the lines picked into one tree", () => {
    const picked = pickLines("white", [...ruy.lines, ...(italian.lines.slice(1) ?? [])]);
    expect(picked.ok && sans(picked.moves)).toEqual(["e4 e5 Nf3 Nc6 Bb5", "e4 e5 Nf3 Nf6 Nc3"]);
  });

  it("refuses two openings that answer one position differently, and nothing picked", () => {
    expect(pickLines("white", [...ruy.lines, ...italian.lines])).toMatchObject({
      ok: false,
      problem: { code: "conflict", position: "1.e4 e5 2.Nf3 Nc6", move: "3.Bc4", other: "3.Bb5" },
    });
    expect(pickLines("white", [])).toEqual({ ok: false, problem: { code: "empty" } });
  });
});
