import { Chess } from "chess.js";
import { Chess as Position } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { describe, expect, it } from "vitest";
import { ENDGAME_COURSE } from "./course";
import { courseExercise, courseExercises, exerciseChapter } from "./lookup";

describe("the endgame course", () => {
  const exercises = courseExercises();

  it("holds at least 40 positions in chapters, each id once", () => {
    expect(exercises.length).toBeGreaterThanOrEqual(40);
    expect(new Set(exercises.map((exercise) => exercise.id)).size).toBe(exercises.length);
    for (const chapter of ENDGAME_COURSE) expect(chapter.exercises.length).toBeGreaterThan(0);
  });

  it.each(exercises.map((exercise) => [exercise.id, exercise] as const))(
    "%s: a legal position, not over, with the player to move",
    (_id, exercise) => {
      // chessops refuses what chess.js lets through (the side not to move in check).
      expect(parseFen(exercise.fen).chain((setup) => Position.fromSetup(setup)).isOk).toBe(true);
      const chess = new Chess(exercise.fen);
      expect(chess.isGameOver()).toBe(false);
      expect(chess.turn()).toBe(exercise.player === "white" ? "w" : "b");
      expect(exercise.goal.moves).toBeGreaterThan(0);
    },
  );

  it("gives every title, lesson and hint in English and Arabic", () => {
    for (const exercise of exercises) {
      for (const text of [exercise.title, exercise.lesson, exercise.hint]) {
        expect(text.en.trim()).not.toBe("");
        expect(text.ar).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  it("finds an exercise and its chapter by id", () => {
    expect(courseExercise("lucena")?.goal).toEqual({ kind: "promote", moves: 20 });
    expect(exerciseChapter("lucena")?.id).toBe("rook-endings");
    expect(courseExercise("nope")).toBeUndefined();
  });
});
