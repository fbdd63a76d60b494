import type { GamePhase } from "@ct/contract";

/**
 * The puzzles a set showed by rating in this tab, in the order they came (sessionStorage: a reload keeps them, a
 * new tab starts afresh), so after a reload Previous steps back through them as before it. The phase's order needs
 * none: it steps back by sequence.
 */
const PREFIX = "chesstrainer.visit.";
/** Puzzles kept per set: Previous reaches this far back after a reload. */
export const VISIT_KEPT = 20;

export function visitKey(set: { phase: GamePhase | null; themes: readonly string[] }): string {
  return `${PREFIX}${set.phase ?? "all"}.${set.themes.join(",")}`;
}

function read(key: string): number[] {
  try {
    const list: unknown = JSON.parse(window.sessionStorage.getItem(key) ?? "[]");
    return Array.isArray(list) ? list.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Notes a puzzle shown by rating (once: stepping back and forth through the visit adds nothing). */
export function rememberShown(key: string, id: number): void {
  const list = read(key);
  if (list.includes(id)) return;
  try {
    window.sessionStorage.setItem(key, JSON.stringify([...list, id].slice(-VISIT_KEPT)));
  } catch {
    // Storage unavailable: a reload forgets the visit, as before.
  }
}

/** The puzzles shown before this one in the tab's visit, oldest first; none when it is not one of them. */
export function shownBefore(key: string, id: number): number[] {
  const list = read(key);
  const index = list.indexOf(id);
  return index < 0 ? [] : list.slice(0, index);
}
