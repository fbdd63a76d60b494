import {
  type PuzzleOutcome,
  type Scenario,
  selectCorrectMoves,
  selectHintsUsed,
  selectIncorrectMoves,
  selectIsTrainingActive,
  selectPuzzleCounts,
  trainingStoreMachine,
} from "@ct/machines";
import { createActorContext, shallowEqual } from "@xstate/react";
import { type ReactNode, useMemo, useState } from "react";
import { storage } from "../lib/storage";
import { BOARD_LOOK_STORAGE_KEY, readBoardLook } from "./board-look";

/**
 * The client training store of spec section 4 (the scenario being trained, its counters, the board's UI
 * settings), for one visit of a module screen. The board starts as the player left it: the look chosen here and
 * the settings chosen on the move highlighting page (board-look.ts).
 */
const TrainingStore = createActorContext(trainingStoreMachine);

export function TrainingStoreProvider({ children }: { children: ReactNode }) {
  const [input] = useState(() => ({ ui: readBoardLook(storage.get(BOARD_LOOK_STORAGE_KEY)) }));
  return <TrainingStore.Provider options={{ input }}>{children}</TrainingStore.Provider>;
}

/** The visit's counters: puzzles finished by outcome (clean, with help, answer shown), moves and hints. */
export function useSessionCounters() {
  const active = TrainingStore.useSelector(selectIsTrainingActive);
  const { clean, helped, failed } = TrainingStore.useSelector(selectPuzzleCounts, shallowEqual);
  const correct = TrainingStore.useSelector(selectCorrectMoves);
  const incorrect = TrainingStore.useSelector(selectIncorrectMoves);
  const hints = TrainingStore.useSelector(selectHintsUsed);
  return { active, clean, helped, failed, correct, incorrect, hints };
}

export function useTrainingStoreEvents() {
  const actor = TrainingStore.useActorRef();
  return useMemo(
    () => ({
      start: (scenario: Scenario) => actor.send({ type: "scenario.start", scenario }),
      recordMove: (correct: boolean) => actor.send({ type: "move.record", correct }),
      recordHint: () => actor.send({ type: "hint.record" }),
      recordPuzzle: (outcome: PuzzleOutcome) => actor.send({ type: "puzzle.record", outcome }),
      complete: () => actor.send({ type: "scenario.complete" }),
      end: () => actor.send({ type: "training.end" }),
    }),
    [actor],
  );
}
