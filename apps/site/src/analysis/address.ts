/**
 * The analysis board's address and the numbering of a line of moves: no chess library here, so the trainer's first
 * screen (which links to the board under a finished puzzle and lists a game's moves) does not load one for them.
 */

/** The route of the analysis board. */
export const ANALYSIS_PATH = "/analysis";

/** The analysis board's address for a position, with the page to come back to (a path of this site). */
export function analysisAddress(fen: string, back?: string | null): string {
  const query = new URLSearchParams({ fen });
  const safe = safeBack(back);
  if (safe) query.set("back", safe);
  return `${ANALYSIS_PATH}?${query.toString()}`;
}

/** A path of this site to go back to, or null: never another site (`//host`, `https:`), never a script. */
export function safeBack(back: string | null | undefined): string | null {
  if (!back || back.length > 500) return null;
  if (!back.startsWith("/") || back.startsWith("//") || back.startsWith("/\\")) return null;
  if ([...back].some((c) => c === "\\" || c.charCodeAt(0) < 32)) return null;
  return back;
}

/** A line of standard moves numbered from the position: "24. Qd7 Rxd7 25. a4", "24... Rxd7 25. a4 h6". */
export function numberedSans(fen: string, sans: readonly string[]): string {
  const [, side, , , , fullmove] = fen.trim().split(/\s+/);
  let number = Math.max(1, Number.parseInt(fullmove ?? "", 10) || 1);
  let white = side !== "b";
  const parts: string[] = [];
  for (const [index, san] of sans.entries()) {
    if (white) parts.push(`${number}. ${san}`);
    else {
      parts.push(index === 0 ? `${number}... ${san}` : san);
      number += 1;
    }
    white = !white;
  }
  return parts.join(" ");
}
