export { BOARD_SOUNDS, type BoardSound, moveSoundOf, playBoardSound, SOUND_TONES } from "./sounds";
