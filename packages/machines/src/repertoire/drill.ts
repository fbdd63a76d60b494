import { cardKey, isCardDue, reviewRepertoireCard } from "./cards";
import { markDrilled, type RepertoireRecords } from "./records";
import type { RepertoireTree, TreeLine, TreeMove } from "./tree";

/**
 * Drill (issue 40): the trainer plays the opponent's moves from the tree and the player must play the repertoire's.
 *
 * Branches: a session plays the opening's lines one after another, ordered so every branch gets trained: lines with a
 * card due first, then the least recently drilled (never drilled before any). Where the opponent has several replies
 * in the tree, the reply played is the current line's, so the order of lines is the order of branches.
 *
 * Cards: each player move reviews its card (coach-style FSRS, cards.ts): right is Good, wrong Again. A wrong move
 * shows the repertoire move with its comment (the feedback) and puts the line back at the end of the session's queue
 * (at most MAX_RETRIES times a session), so it comes back later in the same session; the player then continues the
 * line from the repertoire move. Pure: every step returns a new state.
 */

export const MAX_RETRIES = 2;

export interface DrillFeedback {
  /** The move the player tried (coordinate form). */
  played: string;
  /** The repertoire's move there, with its comment. */
  expected: TreeMove;
}

export interface DrillResult {
  lineId: string;
  clean: boolean;
}

export interface DrillState {
  tree: RepertoireTree;
  /** Lines still to play, the current one first. */
  queue: string[];
  /** Moves of the current line already on the board. */
  index: number;
  /** True once the current play of the line has had a wrong move. */
  mistake: boolean;
  feedback: DrillFeedback | null;
  /** Each finished play of a line, in order (a retried line appears twice). */
  results: DrillResult[];
  /** How many times each line was put back in the queue this session. */
  retries: Record<string, number>;
  records: RepertoireRecords;
}

function lineOf(tree: RepertoireTree, id: string | undefined): TreeLine | undefined {
  return tree.lines.find((line) => line.id === id);
}

function hasDueCard(tree: RepertoireTree, line: TreeLine, records: RepertoireRecords, now: number): boolean {
  return line.moves.some((move) => {
    if (!move.byPlayer) return false;
    const card = records.cards[cardKey(tree.openingId, move.fenBefore)];
    return card !== undefined && isCardDue(card, now);
  });
}

/** The session's order of lines: due cards first, then the least recently drilled (never drilled first). */
export function drillOrder(tree: RepertoireTree, records: RepertoireRecords, now: number): string[] {
  return tree.lines
    .map((line, index) => ({
      id: line.id,
      index,
      due: hasDueCard(tree, line, records, now),
      drilled: records.lines[line.id]?.drilled ?? "",
    }))
    .sort((a, b) => Number(b.due) - Number(a.due) || a.drilled.localeCompare(b.drilled) || a.index - b.index)
    .map((line) => line.id);
}

/** Plays the opponent's moves until it is the player's turn or the line ends; finishes the line if it ended. */
function advance(state: DrillState, now: number): DrillState {
  const line = lineOf(state.tree, state.queue[0]);
  if (!line) return state;
  let index = state.index;
  while (line.moves[index] && !line.moves[index]?.byPlayer) index++;
  if (index < line.moves.length) return { ...state, index };
  // The line is over.
  const clean = !state.mistake;
  const records = markDrilled(state.records, line.id, clean, now);
  const next: DrillState = {
    ...state,
    queue: state.queue.slice(1),
    index: 0,
    mistake: false,
    feedback: null,
    results: [...state.results, { lineId: line.id, clean }],
    records,
  };
  return next.queue.length > 0 ? advance(next, now) : { ...next, index: 0 };
}

/** A session over the given lines (all of the opening's by default), in drill order. */
export function startDrill(
  tree: RepertoireTree,
  records: RepertoireRecords,
  now: number,
  only?: readonly string[],
): DrillState {
  const order = drillOrder(tree, records, now).filter((id) => !only || only.includes(id));
  const state: DrillState = {
    tree,
    queue: order,
    index: 0,
    mistake: false,
    feedback: null,
    results: [],
    retries: {},
    records,
  };
  return advance(state, now);
}

export function drillDone(state: DrillState): boolean {
  return state.queue.length === 0;
}

/** The current line, or undefined when the session is over. */
export function drillLine(state: DrillState): TreeLine | undefined {
  return lineOf(state.tree, state.queue[0]);
}

/** The move the player must find now, or undefined (the session is over, or a mistake's feedback is showing). */
export function drillExpectedMove(state: DrillState): TreeMove | undefined {
  if (state.feedback) return undefined;
  return drillLine(state)?.moves[state.index];
}

/**
 * The player played `uci`. Right: the card is reviewed Good, the move is played and the opponent answers. Wrong: the card is reviewed Again, the feedback shows the
 * repertoire move and its comment, and the line is put back in the queue to come again later this session.
 */
export function drillPlay(state: DrillState, uci: string, now: number): DrillState {
  const move = drillExpectedMove(state);
  const line = drillLine(state);
  if (!move || !line) return state;
  const key = cardKey(state.tree.openingId, move.fenBefore);
  const right = uci === move.uci;
  const card = reviewRepertoireCard(state.records.cards[key], key, right, now);
  const records = { ...state.records, cards: { ...state.records.cards, [key]: card } };
  if (right) return advance({ ...state, records, index: state.index + 1 }, now);
  const retries = state.retries[line.id] ?? 0;
  const putBack = !state.mistake && retries < MAX_RETRIES;
  return {
    ...state,
    records,
    mistake: true,
    feedback: { played: uci, expected: move },
    queue: putBack ? [...state.queue, line.id] : state.queue,
    retries: putBack ? { ...state.retries, [line.id]: retries + 1 } : state.retries,
  };
}

/** After a mistake's feedback: the repertoire move is played and the line goes on. */
export function drillContinue(state: DrillState, now: number): DrillState {
  if (!state.feedback) return state;
  return advance({ ...state, feedback: null, index: state.index + 1 }, now);
}

/** How many plays of lines the session has left, the current one included. */
export function drillRemaining(state: DrillState): number {
  return state.queue.length;
}
