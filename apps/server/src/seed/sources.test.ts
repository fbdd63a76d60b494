import { type PgnGame, phaseOf } from "@ct/chess";
import { Chess as ChessJs, validateFen } from "chess.js";
import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";
import { describe, expect, it } from "vitest";
import { ENDGAMES, type FenSource, MIDDLEGAMES, MOMENTS, readPgnSource } from "./sources";
import { locateMoment } from "./sources/moments";

const SEVEN_TAGS = ["Event", "Site", "Date", "Round", "White", "Black", "Result"] as const;
const ECO = /^[A-E]\d\d$/;

/** The position after the game's last move (where a trap line hands the move to the side that punishes). */
function finalFen(game: PgnGame): string {
  const last = game.moves.at(-1);
  if (!last) return game.startFen;
  const position = Chess.fromSetup(parseFen(last.fenBefore).unwrap()).unwrap();
  const move = parseUci(last.uci);
  if (!move) throw new Error(`bad move ${last.uci}`);
  position.play(move);
  return makeFen(position.toSetup());
}

describe("games.pgn", () => {
  const { games, errors } = readPgnSource("games");

  it("replays every game legally", () => {
    expect(errors).toEqual([]);
    expect(games.length).toBeGreaterThanOrEqual(60);
  });

  it("gives every game the seven standard tags, an ECO code and an opening name", () => {
    for (const game of games) {
      const label = `${game.headers.White} - ${game.headers.Black}`;
      for (const tag of SEVEN_TAGS) expect(game.headers[tag], `${label}: ${tag}`).toBeTruthy();
      expect(game.headers.ECO, label).toMatch(ECO);
      expect(game.headers.Opening, label).toBeTruthy();
      expect(game.headers.Date, label).toMatch(/^\d{4}\.(\d\d|\?\?)\.(\d\d|\?\?)$/);
      expect(game.result, label).toBe(game.headers.Result);
      for (const tag of ["WhiteElo", "BlackElo"]) {
        if (tag in game.headers) expect(game.headers[tag], `${label}: ${tag}`).toMatch(/^\d{4}$/);
      }
    }
  });

  it("ends every decisive game that stops on a mate with the mated side losing", () => {
    for (const game of games) {
      const fen = finalFen(game);
      const position = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
      if (!position.isCheckmate()) continue;
      expect(game.result).toBe(position.turn === "white" ? "0-1" : "1-0");
    }
  });

  it("holds each game once", () => {
    const keys = games.map((game) => `${game.headers.White}|${game.headers.Black}|${game.headers.Date}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("traps.pgn", () => {
  const { games, errors } = readPgnSource("traps");

  it("replays every trap line legally", () => {
    expect(errors).toEqual([]);
    expect(games.length).toBeGreaterThanOrEqual(39);
  });

  it("names every trap and leaves the players and the result open", () => {
    for (const game of games) {
      const label = game.headers.Opening ?? "?";
      expect(game.headers.Event, label).toBe("Opening trap");
      expect(game.headers.White, label).toBe("?");
      expect(game.headers.Black, label).toBe("?");
      expect(game.result, label).toBe("*");
      expect(game.headers.ECO, label).toMatch(ECO);
      expect((game.headers.Opening ?? "").length, label).toBeLessThanOrEqual(60);
    }
    const names = games.map((game) => game.headers.Opening);
    expect(new Set(names).size).toBe(names.length);
  });

  it("stops every line before mate, with a move left for the side that punishes", () => {
    const finals = games.map(finalFen);
    for (const fen of finals) {
      const position = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
      expect(position.isEnd(), fen).toBe(false);
    }
    expect(new Set(finals).size).toBe(finals.length);
  });
});

describe.each([
  { list: "endgames", entries: ENDGAMES, phase: "endgame", least: 45 },
  { list: "middlegames", entries: MIDDLEGAMES, phase: "middlegame", least: 20 },
])("$list", ({ entries, phase, least }: { entries: readonly FenSource[]; phase: string; least: number }) => {
  it(`holds at least ${least} uniquely named positions with names short enough for a tag`, () => {
    expect(entries.length).toBeGreaterThanOrEqual(least);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(entries.length);
    expect(new Set(entries.map((entry) => entry.fen.split(" ").slice(0, 4).join(" "))).size).toBe(
      entries.length,
    );
    for (const { name } of entries) expect(name.length, name).toBeLessThanOrEqual(60);
  });

  it(`gives only legal positions with a move to make, all of them in the ${phase}`, () => {
    for (const { name, fen } of entries) {
      expect(validateFen(fen), name).toEqual({ ok: true });
      expect(new ChessJs(fen).moves().length, name).toBeGreaterThan(0);
      const position = Chess.fromSetup(parseFen(fen).unwrap());
      expect(position.isOk, `${name}: ${position.isErr ? position.error.message : ""}`).toBe(true);
      expect(phaseOf(fen), name).toBe(phase);
    }
  });
});

describe("moments", () => {
  const { games } = readPgnSource("games");

  it("names each famous move once, and finds it in its game", () => {
    expect(MOMENTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(MOMENTS.map((moment) => moment.name)).size).toBe(MOMENTS.length);
    for (const moment of MOMENTS) {
      const { game, index } = locateMoment(moment, games);
      expect(game.moves[index]?.san, moment.name).toBe(moment.move.replace(/^\d+\.+/, ""));
      expect(moment.name.length, moment.name).toBeLessThanOrEqual(60);
    }
  });

  it("refuses a moment whose game or move does not match", () => {
    const game = "Richard Réti - Savielly Tartakower";
    expect(() => locateMoment({ name: "typo", game, move: "9.Qd7+" }, games)).toThrow(
      "typo: the game has Qd8+ there, not Qd7+",
    );
    expect(() => locateMoment({ name: "lost", game: "Nobody - Nobody", move: "1.e4" }, games)).toThrow(
      'lost: no game "Nobody - Nobody"',
    );
  });
});
