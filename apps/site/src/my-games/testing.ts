import { parsePgn, type TurningPoint } from "@ct/chess";

/** The game: Test Player (White) misses 4. Qxf7# and plays 4. d3, losing the queen to 4...Nxh5. */
export const SHORT_GAME = `[White "Test Player"] [Black "Other"] 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. d3 Nxh5 0-1`;
export const AFTER_NF6 = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

/** The turning point the generator finds in SHORT_GAME (as its engine test asserts), for tests without an engine. */
export function shortGameTurningPoint(): TurningPoint {
  const game = parsePgn(SHORT_GAME).games[0];
  if (!game) throw new Error("no game");
  return {
    fen: AFTER_NF6,
    ply: 6,
    played: { san: "d3", uci: "d2d3" },
    refutation: { reply: { uci: "f6h5", san: "Nxh5" }, scoreCp: 900, line: ["Nxh5", "Nf3", "Nf4", "Nc3"] },
    before: { mate: 1 },
    after: { cp: 900 },
    game,
    solution: ["h5f7"],
    correctMoves: ["h5f7"],
    mate: 1,
  };
}
