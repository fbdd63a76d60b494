export {
  EndgameProgress,
  type EndgameProgressChapter,
  type EndgameProgressProps,
} from "./endgame-progress";
export {
  type RepertoireLineStatus,
  RepertoireProgress,
  type RepertoireProgressLine,
  type RepertoireProgressOpening,
  type RepertoireProgressProps,
} from "./repertoire-progress";
