import { describe, expect, it } from "vitest";
import { GLICKO, NEW_GLICKO, ratePuzzleAttempt, updateGlicko } from "./glicko";

describe("Glicko-2", () => {
  it("reproduces the worked example of Glickman's paper (tau 0.5)", () => {
    const after = updateGlicko(
      { rating: 1500, deviation: 200, volatility: 0.06 },
      [
        { opponent: { rating: 1400, deviation: 30 }, score: 1 },
        { opponent: { rating: 1550, deviation: 100 }, score: 0 },
        { opponent: { rating: 1700, deviation: 300 }, score: 0 },
      ],
      { tau: 0.5, bounded: false },
    );
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it("uses lichess's parameters: 1500/500/0.09, tau 0.75, deviation kept in [45, 500]", () => {
    expect(NEW_GLICKO).toEqual({ rating: 1500, deviation: 500, volatility: 0.09 });
    expect(GLICKO.tau).toBe(0.75);
    const idle = updateGlicko(NEW_GLICKO, []);
    expect(idle.deviation).toBe(500);
    let settled = { rating: 1500, deviation: 50, volatility: 0.06 };
    for (let game = 0; game < 200; game++)
      settled = updateGlicko(settled, [{ opponent: { rating: 1500, deviation: 50 }, score: game % 2 }]);
    expect(settled.deviation).toBeGreaterThanOrEqual(45);
  });

  it("a solved puzzle raises the player and lowers the puzzle; an unsolved one the reverse", () => {
    const player = { rating: 1500, deviation: 100, volatility: 0.06 };
    const puzzle = { rating: 1600, deviation: 80, volatility: 0.06 };
    const won = ratePuzzleAttempt(player, puzzle, true);
    expect(won.player.rating).toBeGreaterThan(1500);
    expect(won.puzzle.rating).toBeLessThan(1600);
    const lost = ratePuzzleAttempt(player, puzzle, false);
    expect(lost.player.rating).toBeLessThan(1500);
    expect(lost.puzzle.rating).toBeGreaterThan(1600);
    // Beating a stronger puzzle gains more than beating a weaker one.
    const easy = ratePuzzleAttempt(player, { ...puzzle, rating: 1200 }, true);
    expect(won.player.rating - 1500).toBeGreaterThan(easy.player.rating - 1500);
    // A new player's rating moves far more than a settled one.
    const fresh = ratePuzzleAttempt(NEW_GLICKO, puzzle, true);
    expect(fresh.player.rating - 1500).toBeGreaterThan(won.player.rating - 1500);
  });
});
