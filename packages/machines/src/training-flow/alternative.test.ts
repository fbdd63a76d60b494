import { describe, expect, it } from "vitest";
import { alsoWins, couldWin, WIN_CHANCE_MARGIN } from "./alternative";

// Scores as UCI reports them after the move, from the opponent's point of view (the side to move then).

describe("alsoWins: a move off the line that wins as well", () => {
  it("when the line mates, a move that mates as fast wins; a slower mate or a big advantage does not", () => {
    // The line mates in 4 (this move included). After the alternative, the opponent is mated in 3 more: 4 in all.
    expect(alsoWins({ played: { mate: -3 }, expected: null }, 4)).toBe(true);
    expect(alsoWins({ played: { mate: -1 }, expected: null }, 4)).toBe(true);
    expect(alsoWins({ played: { mate: -4 }, expected: null }, 4)).toBe(false);
    expect(alsoWins({ played: { cp: -2000 }, expected: null }, 4)).toBe(false);
    // The move itself mates (the opponent is mated already): always as fast.
    expect(alsoWins({ played: { mate: 0 }, expected: null }, 1)).toBe(true);
    // A move that lets the opponent mate.
    expect(alsoWins({ played: { mate: 2 }, expected: null }, 4)).toBe(false);
  });

  it("when the engine finds a mate after the puzzle's move, the move must mate as fast", () => {
    expect(alsoWins({ played: { mate: -2 }, expected: { mate: -2 } }, null)).toBe(true);
    expect(alsoWins({ played: { mate: -3 }, expected: { mate: -2 } }, null)).toBe(false);
    expect(alsoWins({ played: { cp: -900 }, expected: { mate: -5 } }, null)).toBe(false);
  });

  it("otherwise a mate wins, and a winning move within lichess's 0.3 of the puzzle's win chance wins", () => {
    expect(alsoWins({ played: { mate: -6 }, expected: { cp: -800 } }, null)).toBe(true);
    // +1080 against +1072: both a queen up.
    expect(alsoWins({ played: { cp: -1080 }, expected: { cp: -1072 } }, null)).toBe(true);
    // +400 (win chance 0.63) against +900 (0.93): more than 0.3 apart.
    expect(alsoWins({ played: { cp: -400 }, expected: { cp: -900 } }, null)).toBe(false);
    // +550 (0.77) against +900 (0.93): within.
    expect(alsoWins({ played: { cp: -550 }, expected: { cp: -900 } }, null)).toBe(true);
    expect(WIN_CHANCE_MARGIN).toBe(0.3);
  });

  it("a move that does not win itself is no winning alternative, however close to a level best", () => {
    // +20 against +40 in a level opening position: within 0.3, but nothing wins.
    expect(alsoWins({ played: { cp: -20 }, expected: { cp: -40 } }, null)).toBe(false);
    // Stalemate or a level position after the move.
    expect(alsoWins({ played: { cp: 0 }, expected: { cp: -500 } }, null)).toBe(false);
    // Nothing to compare with.
    expect(alsoWins({ played: { cp: -900 }, expected: null }, null)).toBe(false);
  });

  it("couldWin spares the second search for a move that cannot win, whatever the puzzle's move scores", () => {
    expect(couldWin({ cp: -11 })).toBe(false);
    expect(couldWin({ mate: 3 })).toBe(false);
    expect(couldWin({ mate: -5 })).toBe(true);
    expect(couldWin({ cp: -1080 })).toBe(true);
    for (const expected of [{ cp: -20 }, { cp: -2000 }, { mate: -1 }]) {
      expect(alsoWins({ played: { cp: -11 }, expected }, null)).toBe(false);
    }
  });
});
