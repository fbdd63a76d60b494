import { describe, expect, it } from "vitest";
import { gameKey, puzzleOf, toPosition } from "./puzzle";
import { AFTER_NF6, shortGameTurningPoint } from "./testing";

describe("puzzleOf", () => {
  const puzzle = puzzleOf(shortGameTurningPoint(), "white", new Date("2026-11-26T12:00:00Z"));

  it("makes the turning point a puzzle with the composer's texts in both languages", () => {
    expect(puzzle).not.toBeNull();
    if (!puzzle) return;
    expect(puzzle.fen).toBe(AFTER_NF6);
    expect(puzzle.solution).toEqual(["h5f7"]);
    expect(puzzle.themes).toContain("mateIn1");
    expect(puzzle.phase).toBe("opening");
    expect(puzzle.texts.description_en).toMatch(/mate in 1/i);
    expect(puzzle.texts.description_ar).toMatch(/[\u0600-\u06ff]/);
    expect(puzzle.texts.explanation_ar).toMatch(/[\u0600-\u06ff]/);
    for (const level of ["subtle", "moderate", "explicit"] as const) {
      expect(puzzle.texts.hints[`${level}_en`].length).toBeGreaterThan(0);
      expect(puzzle.texts.hints[`${level}_ar`]).toMatch(/[\u0600-\u06ff]/);
    }
    expect(puzzle.played).toEqual({ san: "d3", uci: "d2d3" });
    expect(puzzle.gameSans).toEqual(["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
    expect(puzzle.game).toMatchObject({ white: "Test Player", black: "Other", result: "0-1", event: null });
    expect(puzzle.difficulty).toBeGreaterThanOrEqual(600);
    expect(puzzle.key).toMatch(/^[0-9a-f]{8}:6$/);
  });

  it("gives the same key to the same game however its text is spelled", () => {
    const a = gameKey({ White: "A", Black: "B" }, ["e4", "e5"]);
    expect(gameKey({ White: "A", Black: "B", Event: "x" }, ["e4", "e5"])).toBe(a);
    expect(gameKey({ White: "A", Black: "B" }, ["e4", "c5"])).not.toBe(a);
  });

  it("is a training position with a negative id, never the server's", () => {
    if (!puzzle) throw new Error("no puzzle");
    const position = toPosition(puzzle, 0);
    expect(position).toMatchObject({
      id: -1,
      sequence_number: 1,
      fen: AFTER_NF6,
      correct_moves: ["h5f7"],
      game_phase: "opening",
      tags: ["my-games"],
      game_metadata: { white: "Test Player", black: "Other", move_number: 4, side_to_move: "white" },
    });
    // The game up to the position goes with it, for the trainer's notation list.
    expect(position.game_metadata.moves).toEqual(puzzle.gameSans);
    expect(position.game_metadata.moves?.length).toBe(6);
    expect(position.game_metadata.start_fen).toBeUndefined();
    expect(toPosition(puzzle, 4).id).toBe(-5);
  });
});
