import type { GamePhase, ModuleId } from "@ct/contract";

export interface TrainingModule {
  id: ModuleId;
  phase: GamePhase;
  /** Key under `training.modules` (title, description) and `home.phases` (name). */
  key: "middleGame" | "endgame" | "opening";
  /**
   * The scenario id of spec section 3 ('{clientPhase}-training', as `scenarioIdFor` of @ct/machines builds it),
   * which keys the local progress records. Written out so the module list does not load the machines.
   */
  scenarioId: string;
  /** A decorative piece for the cards. */
  glyph: string;
}

/** The three modules of /training, in the spec's order (section 2). */
export const TRAINING_MODULES: readonly TrainingModule[] = [
  {
    id: "middle-game",
    phase: "middlegame",
    key: "middleGame",
    scenarioId: "middleGame-training",
    glyph: "♘",
  },
  { id: "endgame", phase: "endgame", key: "endgame", scenarioId: "endGame-training", glyph: "♔" },
  { id: "opening", phase: "opening", key: "opening", scenarioId: "opening-training", glyph: "♙" },
];

export function moduleById(id: string | undefined): TrainingModule | null {
  return TRAINING_MODULES.find((module) => module.id === id) ?? null;
}
