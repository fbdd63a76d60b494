/** Spec section 4: hint levels none, subtle, moderate, explicit. */
export type HintLevel = "none" | "subtle" | "moderate" | "explicit";

export interface HintLevelsContext {
  /** How many times the player asked for help on this position (Hint and More Help presses). */
  requests: number;
}

export type HintLevelsEvent = { type: "hint.request" } | { type: "hint.more" } | { type: "hint.reset" };
