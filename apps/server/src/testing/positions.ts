import type { GamePhase, PositionInput } from "@ct/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Real positions for tests: each with its legal best move. */
const SAMPLES: Record<
  GamePhase,
  { fen: string; move: string; opening: string | null; eco: string | null }[]
> = {
  opening: [
    // Scholar's mate threat: Qxf7#.
    {
      fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
      move: "h5f7",
      opening: "Italian Game",
      eco: "C50",
    },
    // Sicilian: the open Sicilian break d4.
    {
      fen: "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
      move: "d7d6",
      opening: "Sicilian Defense",
      eco: "B50",
    },
  ],
  middlegame: [
    // Back-rank mate: Re8#.
    { fen: "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", move: "e1e8", opening: null, eco: null },
    // Knight fork of king and queen.
    { fen: "r3k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1", move: "e3c4", opening: "Ruy Lopez", eco: "C65" },
  ],
  endgame: [
    // King and pawn: opposition.
    { fen: "8/8/8/4k3/8/4K3/4P3/8 w - - 0 1", move: "e3d3", opening: null, eco: null },
    // Lucena-style rook endgame: Rd1+ keeps the king cut off.
    { fen: "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1", move: "c1d1", opening: null, eco: null },
  ],
};

const counters: Record<GamePhase, number> = { opening: 0, middlegame: 0, endgame: 0 };

/** Starts each phase's samples from the first again, so a test knows which positions it gets. */
export function resetSamples(): void {
  counters.opening = 0;
  counters.middlegame = 0;
  counters.endgame = 0;
}

/** A valid position body (the phase's samples in turn); `overrides` replaces top-level fields. */
export function positionInput(
  phase: GamePhase = "middlegame",
  overrides: Partial<PositionInput> = {},
): PositionInput {
  const samples = SAMPLES[phase];
  const sample = samples[counters[phase]++ % samples.length] as (typeof samples)[number];
  return {
    fen: sample.fen,
    description_en: "Find the strongest move.",
    description_ar: "ابحث عن أقوى نقلة.",
    explanation_en: "The move wins by force.",
    explanation_ar: "النقلة تفوز بالقوة.",
    correct_moves: [sample.move],
    difficulty: 1200,
    tags: ["test"],
    game_phase: phase,
    themes: phase === "endgame" ? ["endgame", "pawnEndgame"] : ["mateIn1", "short"],
    hints: {
      subtle_en: "Look for forcing moves.",
      subtle_ar: "ابحث عن النقلات القسرية.",
      moderate_en: "A piece can reach a decisive square.",
      moderate_ar: "قطعة يمكنها الوصول إلى مربع حاسم.",
      explicit_en: `Play ${sample.move}.`,
      explicit_ar: `العب ${sample.move}.`,
    },
    game_metadata: {
      white: "White",
      black: "Black",
      white_elo: 1800,
      black_elo: 1750,
      move_number: 20,
      side_to_move: sample.fen.split(" ")[1] === "b" ? "black" : "white",
      opening: sample.opening,
      eco: sample.eco,
    },
    ...overrides,
  };
}

/**
 * A small rated library for the selection's tests: 60 puzzles rated 600, 650, … 3550; every third a fork, every
 * fifth also a pin; phases in turn; sources `<prefix>:<index>`.
 */
export function ratedLibrary(prefix: string): PositionInput[] {
  const phases = ["opening", "middlegame", "endgame"] as const;
  return Array.from({ length: 60 }, (_, index) => {
    const themes = ["short"];
    if (index % 3 === 0) themes.push("fork");
    if (index % 5 === 0) themes.push("pin");
    return positionInput(phases[index % 3], {
      rating: 600 + 50 * index,
      rating_deviation: 80,
      themes,
      source: `${prefix}:${index}`,
    });
  });
}

/** Stored positions and their distinct sources: equal when no puzzle is stored twice (an import's check). */
export async function storedSources(db: Kysely<Database>): Promise<{ rows: number; sources: number }> {
  const row = await db
    .selectFrom("positions")
    .select((eb) => [
      eb.fn.countAll<number>().as("rows"),
      eb.fn.count<number>("source").distinct().as("sources"),
    ])
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), sources: Number(row.sources) };
}
