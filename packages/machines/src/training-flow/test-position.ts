import { EMPTY_GAME_METADATA, type Position } from "@ct/contract";

/**
 * A stored position for the trainer's tests: plain texts, no ratings history, no game; `extra` overrides any field.
 * The defaults are those of a middle-game puzzle with one correct move.
 */
export function testPosition(fen: string, extra: Partial<Position> = {}): Position {
  return {
    id: 1,
    sequence_number: 1,
    fen,
    description_en: "Find the best move",
    description_ar: null,
    explanation_en: "Because it works",
    explanation_ar: null,
    correct_moves: [],
    solution: [],
    difficulty: 1200,
    rating: 1200,
    rating_deviation: 350,
    tags: [],
    game_phase: "middlegame",
    themes: [],
    hints: {
      subtle_en: "s",
      subtle_ar: null,
      moderate_en: "m",
      moderate_ar: null,
      explicit_en: "e",
      explicit_ar: null,
    },
    game_metadata: EMPTY_GAME_METADATA,
    source: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}
