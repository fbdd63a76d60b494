/** Game phases and their spellings: no zod here, so the site can use them without shipping the schemas. */
/**
 * Game phases as stored and as sent by the API. The spec leaves the stored values open; these are the lichess
 * words. Module ids in URLs (`middle-game`, `endgame`, `opening`) and the client's phase names (`middleGame`,
 * `endGame`, `opening`) map onto them with the functions below.
 */
export const GAME_PHASES = ["opening", "middlegame", "endgame"] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

export const MODULE_IDS = ["middle-game", "endgame", "opening"] as const;
export type ModuleId = (typeof MODULE_IDS)[number];
/*
 * Lookups by a caller's word use Maps, never object literals: `{...}["constructor"]` is Object itself, so a
 * phase named after a property of Object.prototype would pass for a phase.
 */
const moduleToPhase = new Map<string, GamePhase>([
  ["middle-game", "middlegame"],
  ["endgame", "endgame"],
  ["opening", "opening"],
]);
export function phaseForModule(moduleId: string): GamePhase | null {
  return moduleToPhase.get(moduleId) ?? null;
}
export function moduleForPhase(phase: GamePhase): ModuleId {
  for (const [id, of] of moduleToPhase) if (of === phase) return id as ModuleId;
  return "opening";
}

/** Client phase names (spec section 3) and other spellings callers use, mapped to the stored values. */
const PHASE_ALIASES = new Map<string, GamePhase>([
  ["opening", "opening"],
  ["middlegame", "middlegame"],
  ["middle-game", "middlegame"],
  ["middle_game", "middlegame"],
  ["middleGame", "middlegame"],
  ["endgame", "endgame"],
  ["end-game", "endgame"],
  ["end_game", "endgame"],
  ["endGame", "endgame"],
]);
export function parsePhase(value: string): GamePhase | null {
  return PHASE_ALIASES.get(value) ?? null;
}
/** The client's names for the stored phases (spec section 3: opening, middleGame, endGame). */
export const CLIENT_PHASE: Record<GamePhase, "opening" | "middleGame" | "endGame"> = {
  opening: "opening",
  middlegame: "middleGame",
  endgame: "endGame",
};
