export { ENDGAME_COURSE } from "./course";
export { courseExercise, courseExercises, exerciseChapter } from "./lookup";
export type { Bilingual, EndgameChapter, EndgameExercise, EndgameGoal, EndgameSide } from "./types";
