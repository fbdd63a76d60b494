import { cardKey, isCardDue, type RepertoireCard } from "./cards";
import { playerMoves, type RepertoireTree, type TreeLine } from "./tree";

/**
 * The player's repertoire progress (issue 40), kept in the browser under REPERTOIRE_KEY: per line, when it was learnt
 * and drilled and whether its latest drill was clean; the cards of the player's moves. Pure functions over plain
 * JSON; keeping it on the server for signed-in players is a later step.
 */

export const REPERTOIRE_KEY = "chesstrainer.repertoire";

export interface LineRecord {
  /** ISO time the line was walked through to its end in Learn, or null. */
  learnt: string | null;
  /** ISO time of the line's latest drill, or null. */
  drilled: string | null;
  /** True when the latest drill of the line had no wrong move. */
  clean: boolean;
  drills: number;
}

export interface RepertoireRecords {
  version: 1;
  lines: Record<string, LineRecord>;
  cards: Record<string, RepertoireCard>;
}

export function emptyRecords(): RepertoireRecords {
  return { version: 1, lines: {}, cards: {} };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Records read back from storage: anything unreadable is dropped, never thrown. */
export function readRecords(value: unknown): RepertoireRecords {
  const records = emptyRecords();
  if (!isObject(value) || value.version !== 1) return records;
  if (isObject(value.lines)) {
    for (const [id, line] of Object.entries(value.lines)) {
      if (!isObject(line)) continue;
      records.lines[id] = {
        learnt: typeof line.learnt === "string" ? line.learnt : null,
        drilled: typeof line.drilled === "string" ? line.drilled : null,
        clean: line.clean === true,
        drills: typeof line.drills === "number" ? line.drills : 0,
      };
    }
  }
  if (isObject(value.cards)) {
    for (const [key, card] of Object.entries(value.cards)) {
      if (isObject(card) && typeof card.due === "string" && typeof card.state === "string") {
        records.cards[key] = card as unknown as RepertoireCard;
      }
    }
  }
  return records;
}

function lineRecord(records: RepertoireRecords, id: string): LineRecord {
  return records.lines[id] ?? { learnt: null, drilled: null, clean: false, drills: 0 };
}

export function markLearnt(records: RepertoireRecords, id: string, now: number): RepertoireRecords {
  const line = lineRecord(records, id);
  return { ...records, lines: { ...records.lines, [id]: { ...line, learnt: new Date(now).toISOString() } } };
}

export function markDrilled(
  records: RepertoireRecords,
  id: string,
  clean: boolean,
  now: number,
): RepertoireRecords {
  const line = lineRecord(records, id);
  const at = new Date(now).toISOString();
  return {
    ...records,
    lines: {
      ...records.lines,
      [id]: { ...line, learnt: line.learnt ?? at, drilled: at, clean, drills: line.drills + 1 },
    },
  };
}

export type LineStatus = "new" | "learnt" | "drilled" | "mastered";

export interface LineProgress {
  status: LineStatus;
  /** The player's moves in the line, and how many of their cards are due now (never-drilled moves count as due). */
  moves: number;
  due: number;
}

/**
 * A line's progress: new (never learnt), learnt, drilled (its latest drill had a mistake or some of its cards are due
 * again) or mastered (its latest drill was clean and none of its cards is due).
 */
export function lineProgress(
  records: RepertoireRecords,
  tree: RepertoireTree,
  line: TreeLine,
  now: number,
): LineProgress {
  const record = lineRecord(records, line.id);
  const moves = playerMoves(line);
  const due = moves.filter((move) => {
    const card = records.cards[cardKey(tree.openingId, move.fenBefore)];
    return !card || isCardDue(card, now);
  }).length;
  const status: LineStatus = record.drilled
    ? record.clean && due === 0
      ? "mastered"
      : "drilled"
    : record.learnt
      ? "learnt"
      : "new";
  return { status, moves: moves.length, due };
}

export interface OpeningProgress {
  lines: number;
  learnt: number;
  mastered: number;
  /** Lines drilled before that have cards due now. */
  due: number;
}

export function openingProgress(
  records: RepertoireRecords,
  tree: RepertoireTree,
  now: number,
): OpeningProgress {
  const progress = tree.lines.map((line) => lineProgress(records, tree, line, now));
  return {
    lines: tree.lines.length,
    learnt: progress.filter((line) => line.status !== "new").length,
    mastered: progress.filter((line) => line.status === "mastered").length,
    due: progress.filter((line) => line.status === "drilled" && line.due > 0).length,
  };
}
