import { EMPTY_GAME_METADATA, type Position } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { stepHints } from "./step-hints";

/** Two puzzles of the shipped library as the API serves them (their stored hints are the first move's). */
function puzzle(
  id: number,
  fen: string,
  solution: string[],
  themes: string[],
  explicit_en: string,
): Position {
  return {
    id,
    sequence_number: id,
    fen,
    description_en: "",
    description_ar: null,
    explanation_en: "",
    explanation_ar: null,
    correct_moves: solution.slice(0, 1),
    solution,
    difficulty: 1350,
    rating: 1350,
    rating_deviation: 100,
    tags: ["lichess"],
    game_phase: "endgame",
    themes,
    hints: {
      subtle_en: "",
      subtle_ar: null,
      moderate_en: "",
      moderate_ar: null,
      explicit_en,
      explicit_ar: null,
    },
    game_metadata: EMPTY_GAME_METADATA,
    source: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
}

// #5189: 30...Re2+ 31.Kc3 Rxd3+ 32.Kxd3 Rxg2.
const p5189 = puzzle(
  5189,
  "6k1/p4p1p/p2P2p1/6P1/3rr1bP/1P1R4/P2K2N1/5R2 b - - 4 30",
  ["e4e2", "d2c3", "d4d3", "c3d3", "e2g2"],
  ["endgame", "exposedKing", "fork", "long"],
  "Play Re2+: it forks the king and the knight.",
);
// #2122: 26.Nf7+ Kc6 27.Rc7#.
const p2122 = puzzle(
  2122,
  "1r5N/1p2R1bp/p2k4/2pN3B/2Pn1P2/8/b5PP/6K1 w - - 2 26",
  ["h8f7", "d6c6", "e7c7"],
  ["hookMate", "mate", "mateIn2", "middlegame", "short"],
  "Play Nf7+: it starts a forced mate in 2 moves.",
);

describe("stepHints: a later step's hints follow the line", () => {
  it("#5189 after 30...Re2+ 31.Kc3: the hints are about Rxd3+, in English and Arabic", () => {
    const hints = stepHints(p5189, 2);
    expect(hints?.explicit_en).toContain("Rxd3+");
    expect(hints?.explicit_en).not.toContain("Re2+");
    expect(hints?.explicit_ar).toContain("Rxd3+");
    expect(hints?.moderate_en).toMatch(/d4/);
    expect(hints?.subtle_ar).toMatch(/[\u0600-\u06FF]/);
  });

  it("#5189's last step: Rxg2", () => {
    expect(stepHints(p5189, 4)?.explicit_en).toContain("Rxg2");
  });

  it("#2122 after 26.Nf7+ Kc6: the rook mates on c7, the knight already stands on f7", () => {
    const hints = stepHints(p2122, 2);
    expect(hints?.explicit_en).toContain("Rc7#");
    expect(hints?.moderate_en).not.toContain("h8");
    expect(hints?.moderate_en).toContain("e7");
    expect(hints?.explicit_ar).toContain("Rc7#");
  });

  it("a line in standard notation is read as well; a line that cannot be played gives none", () => {
    const inSan = { ...p2122, solution: ["Nf7+", "Kc6", "Rc7#"] };
    expect(stepHints(inSan, 2)?.explicit_en).toContain("Rc7#");
    expect(stepHints({ ...p2122, solution: ["h8f7", "d6c6", "a1a8"] }, 2)).toBeNull();
  });
});
