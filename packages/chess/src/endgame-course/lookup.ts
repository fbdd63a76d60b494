import { ENDGAME_COURSE } from "./course";
import type { EndgameChapter, EndgameExercise } from "./types";

/** Every exercise of the course in course order. */
export function courseExercises(): EndgameExercise[] {
  return ENDGAME_COURSE.flatMap((chapter) => chapter.exercises);
}

/** The exercise with this id, or undefined (an address typed by hand). */
export function courseExercise(id: string): EndgameExercise | undefined {
  return courseExercises().find((exercise) => exercise.id === id);
}

/** The chapter holding the exercise with this id. */
export function exerciseChapter(id: string): EndgameChapter | undefined {
  return ENDGAME_COURSE.find((chapter) => chapter.exercises.some((exercise) => exercise.id === id));
}
