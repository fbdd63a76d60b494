import type { ChessRules } from "./chess-rules";

/**
 * The training flow's chess rules (chess.js), imported on demand: a chunk of their own in the site's build, so a
 * screen's first load does not carry them. The flow calls it as it starts (its `loadRules` actor).
 */
export function loadChessRules(): Promise<ChessRules> {
  return import("./chess-rules").then((module) => module.chessRules);
}
