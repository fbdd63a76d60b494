/**
 * What the training screen shows only once the player has acted: the feedback card (with the engine's refutation
 * text), the hint card and the replay's stepper. A chunk of its own, loaded right after the screen's first paint
 * (with chess.js, which judging a move needs first anyway), so it is not part of the screen's first load.
 */
export { FeedbackCard, HintCard, MoveStepper, PuzzleLinks } from "@ct/ui";
export { numberedLine, refutationSentence } from "../engine/refutation-text";
