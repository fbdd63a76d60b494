export {
  type EndgameChapterItem,
  EndgameChapters,
  type EndgameChaptersProps,
  type EndgameExerciseItem,
} from "./endgame-chapters";
export { EndgameLesson, type EndgameLessonProps, type EndgameStatus } from "./endgame-lesson";
