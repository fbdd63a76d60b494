import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { START_FEN } from "./fen";
import { type PgnGame, parsePgn, splitPgnGames } from "./pgn";

/** The repository's test data (testdata/read.mjs): this package compiles without Node's types. */
const { readTestData } = (await import("../../../testdata/read.mjs" as string)) as {
  readTestData(name: string): string;
};

function only(text: string): PgnGame {
  const { games, errors } = parsePgn(text);
  expect(errors).toEqual([]);
  expect(games).toHaveLength(1);
  return games[0] as PgnGame;
}

const sans = (game: PgnGame) => game.moves.map((move) => move.san);
const ucis = (game: PgnGame) => game.moves.map((move) => move.uci);

describe("parsePgn", () => {
  it("reads tags, move numbers in every spelling and the result", () => {
    const game = only(
      '[Event "Casual"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2.Nf3 2...Nc6 3. Bc4 3... Bc5 1-0\n',
    );
    expect(game.headers).toEqual({ Event: "Casual", White: "A", Black: "B", Result: "1-0" });
    expect(sans(game)).toEqual(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
    expect(ucis(game)).toEqual(["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"]);
    expect(game.result).toBe("1-0");
    expect(game.startFen).toBe(START_FEN);
    expect(game.moves.map((move) => move.ply)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("gives the position before every move", () => {
    const game = only("1. e4 e5 2. Nf3 *");
    expect(game.moves.map((move) => move.fenBefore)).toEqual([
      START_FEN,
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    ]);
  });

  it("skips brace comments over several lines, line comments and escape lines", () => {
    const game = only(
      [
        '[Event "Comments"]',
        "% an escape line: 1. d4 is not a move here",
        "1. e4 {a comment with [brackets], (parens), ; and",
        "   a second line 2. d4 that holds no moves} e5 ; a line comment 2. d4",
        "% another escape line",
        "2. Nf3 {} Nc6 *",
      ].join("\n"),
    );
    expect(sans(game)).toEqual(["e4", "e5", "Nf3", "Nc6"]);
  });

  it("skips nested variations and keeps the main line", () => {
    const game = only("1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) 1... e5 (1... c5 2. Nf3) 2. Nf3 *");
    expect(sans(game)).toEqual(["e4", "e5", "Nf3"]);
  });

  it("ignores NAGs and annotation suffixes", () => {
    const game = only("1. e4! $1 e5?! 2. Nf3!! $14 Nc6?? 3. Bb5!? $6 a6? *");
    expect(sans(game)).toEqual(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
  });

  it("reads CRLF line ends and tabs", () => {
    const game = only('[Event "Windows"]\r\n[Result "0-1"]\r\n\r\n1.\te4\tf5\r\n2.\tQh5+\tg6\r\n0-1\r\n');
    expect(game.headers.Event).toBe("Windows");
    expect(sans(game)).toEqual(["e4", "f5", "Qh5+", "g6"]);
    expect(game.result).toBe("0-1");
  });

  it("reads games without tags and games with unusual extra tags", () => {
    const { games, errors } = parsePgn(
      '1. d4 d5 1/2-1/2\n\n1. c4 *\n\n[Annotator "Someone"]\n[PlyCount "1"]\n[X_Custom "a \\"quoted\\" value"]\n1. Nf3 0-1',
    );
    expect(errors).toEqual([]);
    expect(games.map((game) => game.result)).toEqual(["1/2-1/2", "*", "0-1"]);
    expect(games.map(sans)).toEqual([["d4", "d5"], ["c4"], ["Nf3"]]);
    expect(games[0]?.headers).toEqual({});
    expect(games[2]?.headers).toEqual({ Annotator: "Someone", PlyCount: "1", X_Custom: 'a "quoted" value' });
  });

  it("takes the result from the Result tag when the marker is missing, else *", () => {
    const { games } = parsePgn('[Result "1-0"]\n1. e4 e5\n\n[Event "next"]\n1. d4');
    expect(games.map((game) => game.result)).toEqual(["1-0", "*"]);
    expect(games.map(sans)).toEqual([["e4", "e5"], ["d4"]]);
  });

  it("reads names of Object.prototype as words, never as results", () => {
    const { games } = parsePgn('[Result "toString"]\n1. e4 e5 *\n\n[Event "x"]\n1. d4 d5 constructor');
    expect(games[0]?.result).toBe("*");
    expect(games.every((game) => typeof game.result === "string")).toBe(true);
  });

  it("starts from a [SetUp]/[FEN] position, black to move included", () => {
    const fen = "4k3/8/8/8/8/8/4p3/4K3 b - - 0 40";
    const game = only(`[SetUp "1"]\n[FEN "${fen}"]\n\n40... Kd7 41. Kxe2 *`);
    expect(game.startFen).toBe(fen);
    expect(game.moves[0]?.fenBefore).toBe(fen);
    expect(ucis(game)).toEqual(["e8d7", "e1e2"]);
    expect(game.moves.map((move) => move.ply)).toEqual([1, 2]);
  });

  it("reads castling written with letters or zeros, on both wings", () => {
    const moves = "1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. d3 Be6 5. Nc3 Qd7";
    const letters = only(`${moves} 6. O-O O-O-O *`);
    const zeros = only(`${moves} 6. 0-0 0-0-0 *`);
    expect(sans(letters).slice(-2)).toEqual(["O-O", "O-O-O"]);
    expect(ucis(letters).slice(-2)).toEqual(["e1g1", "e8c8"]);
    expect(zeros.moves).toEqual(letters.moves);
  });

  it("reads promotions with and without the equals sign, under-promotions and checks", () => {
    const fen = "1n2k3/P1P5/8/8/8/8/p6P/4K3 w - - 0 1";
    const game = only(`[FEN "${fen}"]\n1. a8=Q a1Q+ 2. Ke2 Kf7 3. cxb8=N *`);
    expect(sans(game)).toEqual(["a8=Q", "a1=Q+", "Ke2", "Kf7", "cxb8=N"]);
    expect(ucis(game)).toEqual(["a7a8q", "a2a1q", "e1e2", "e8f7", "c7b8n"]);
    const bare = only(`[FEN "${fen}"]\n1. a8Q a1=Q+ 2. Ke2 Kf7 3. cxb8N *`);
    expect(bare.moves).toEqual(game.moves);
  });

  it("skips a game with an illegal move, a bad FEN or a garbage token and reports it", () => {
    const text = [
      '[Event "good 0"]\n1. e4 e5 1-0',
      '[Event "illegal"]\n[White "X"]\n1. e4 e5 2. Ke3 1-0',
      '[Event "bad fen"]\n[SetUp "1"]\n[FEN "8/8/8/8 w - - 0 1"]\n1. e4 *',
      '[Event "no kings"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n*',
      '[Event "garbage"]\n1. e4 e5 2. Nf3 @@& *',
      '[Event "good 5"]\n1. d4 0-1',
    ].join("\n\n");
    const { games, errors } = parsePgn(text);
    expect(games.map((game) => game.headers.Event)).toEqual(["good 0", "good 5"]);
    expect(errors.map((error) => [error.index, error.headers.Event])).toEqual([
      [1, "illegal"],
      [2, "bad fen"],
      [3, "no kings"],
      [4, "garbage"],
    ]);
    expect(errors[0]?.message).toContain('illegal move "Ke3" at ply 3');
    expect(errors[0]?.headers.White).toBe("X");
    expect(errors[1]?.message).toContain("bad FEN");
    expect(errors[3]?.message).toContain('unreadable token "@@&"');
  });

  it("reports broken structure (unclosed variation or comment, malformed tag) without throwing", () => {
    const { games, errors } = parsePgn(
      '[Event "a"]\n1. e4 (1. d4 e5 *\n\n[Event "b]\n1. e4 *\n\n[Event "c"]\n1. e4 ) e5 *\n\n[Event "d"]\n1. e4 {open',
    );
    expect(games).toEqual([]);
    expect(errors.map((error) => error.message)).toEqual([
      "a variation is never closed",
      'malformed tag [Event "b]',
      "a variation closes that never opened",
      "a { comment is never closed",
    ]);
  });

  it("never throws on arbitrary text", () => {
    for (const text of ["", "   \n", "}}}]]]", '[[[ "" ]', "((((", "1.", "$$$ 1-0 1-0", "\u0000\uffff e4"]) {
      expect(() => parsePgn(text)).not.toThrow();
    }
    expect(parsePgn("")).toEqual({ games: [], errors: [] });
  });
});

describe("splitPgnGames", () => {
  it("yields each game's text lazily, and each text parses on its own", () => {
    const text = '[Event "1"]\n1. e4 e5 1-0\n\n{between games}\n\n[Event "2"]\n1. d4 {x} d5 *\n1. c4 0-1';
    const texts = splitPgnGames(text);
    const first = texts.next();
    expect(first.value).toBe('[Event "1"]\n1. e4 e5 1-0');
    const rest = [...texts];
    expect(rest).toEqual(['[Event "2"]\n1. d4 {x} d5 *', "1. c4 0-1"]);
    expect(rest.map((game) => sans(only(game)))).toEqual([["d4", "d5"], ["c4"]]);
  });
});

describe("a real file", () => {
  it("parses every game of the London 1851 tournament", () => {
    const text = readTestData("games/london-1851.pgn");
    const { games, errors } = parsePgn(text);
    expect(errors).toEqual([]);
    expect(games).toHaveLength(251);
    expect([...splitPgnGames(text)]).toHaveLength(251);
    expect(games.reduce((plies, game) => plies + game.moves.length, 0)).toBe(19866);
    const results: Record<string, number> = {};
    for (const game of games) results[game.result] = (results[game.result] ?? 0) + 1;
    expect(results).toEqual({ "1-0": 112, "0-1": 109, "1/2-1/2": 30 });
    const first = games[0] as PgnGame;
    expect(first.headers.White).toBe("Anderssen, Adolf");
    expect(first.moves).toHaveLength(55);
    expect(first.moves.at(-1)?.san).toBe("Rh7");
  });

  it("agrees with chess.js move by move on the first games", () => {
    const { games } = parsePgn(readTestData("games/london-1851.pgn"));
    for (const game of games.slice(0, 20)) {
      const board = new Chess(game.startFen);
      for (const move of game.moves) {
        expect(board.fen()).toBe(move.fenBefore);
        const played = board.move(move.san);
        expect(`${played.from}${played.to}${played.promotion ?? ""}`).toBe(move.uci);
      }
    }
  });
});
