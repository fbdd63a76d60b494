import { describe, expect, it } from "vitest";
import { parseGames, playersOf, sideOf } from "./games";
import { SHORT_GAME } from "./testing";

describe("reading the player's games", () => {
  it("keeps each good game's own text and tags, and reports a bad one with its place", () => {
    const text = `${SHORT_GAME}\n\n[White "Test Player"] [Black "Someone"]\n1. e4 e5 2. Ke3 *\n\n[White "C"] [Black "Test Player"] [Date "2026.01.02"]\n1. d4 d5 1/2-1/2\n`;
    const { games, problems } = parseGames(text);
    expect(games.map((game) => [game.index, game.white, game.black, game.plies, game.result])).toEqual([
      [0, "Test Player", "Other", 8, "0-1"],
      [2, "C", "Test Player", 2, "1/2-1/2"],
    ]);
    expect(games[1]?.date).toBe("2026.01.02");
    expect(parseGames(games[0]?.pgn ?? "").games[0]?.plies).toBe(8);
    expect(problems).toEqual([
      { index: 1, message: 'illegal move "Ke3" at ply 3', white: "Test Player", black: "Someone" },
    ]);
    expect(parseGames("").games).toEqual([]);
  });

  it("lists the players, the most frequent first, and finds a player's side", () => {
    const games = [
      { white: "Me", black: "A" },
      { white: "B", black: "Me" },
      { white: "A", black: "?" },
    ];
    expect(playersOf(games)).toEqual([
      { name: "A", games: 2 },
      { name: "Me", games: 2 },
      { name: "B", games: 1 },
    ]);
    expect(games.map((game) => sideOf(game, "Me"))).toEqual(["white", "black", null]);
    expect(sideOf({ white: "", black: "" }, "")).toBeNull();
  });
});
