import { Chess } from "chess.js";

/**
 * Puzzle Storm's rules (lichess's storm, written from its published behaviour): a 3-minute clock, a wrong move costs
 * 10 seconds and moves on to the next puzzle, and runs of correct moves (the combo) give time back at 5, 12, 20 and
 * 30 moves, then every 10 moves past 30. Pure functions: the browser's run machine and the server's check of a
 * submitted run both replay moves through `playStormMove`, so they agree move for move.
 */
export const STORM_CLOCK_MS = 3 * 60 * 1000;
/** What a wrong move takes off the clock. */
export const STORM_MALUS_MS = 10 * 1000;
/** Combo thresholds (correct moves in a row) and the seconds reaching each adds; past the last, every 10 moves. */
export const STORM_COMBO_LEVELS: readonly (readonly [threshold: number, seconds: number])[] = [
  [0, 0],
  [5, 3],
  [12, 5],
  [20, 7],
  [30, 10],
];

/** A puzzle of a run as the replay needs it: the position the player faces and the solution line. */
export interface StormPuzzle {
  id: number;
  /** The position the player faces (the opponent's move already played). */
  fen: string;
  /** Coordinate moves from `fen`: the player's, then the opponent's reply, and so on; ends on a player's move. */
  solution: readonly string[];
  /** Other first moves that also count (a mate in one with several mates). */
  correct?: readonly string[];
}

/** One move of a run: the puzzle it was played in, the move (e2e4, e7e8q) and when, in ms since the clock started. */
export interface StormMove {
  puzzleId: number;
  uci: string;
  atMs: number;
}

/** How one puzzle of a run ended. */
export type StormPuzzleResult = "solved" | "failed";

/** A run in progress (or over): everything the clock, the board and the score need. */
export interface StormState {
  /** Index of the puzzle being played; `puzzles.length` when every puzzle is done. */
  index: number;
  /** Index in the current puzzle's solution of the move the player must find next (always even). */
  ply: number;
  combo: number;
  bestCombo: number;
  /** Puzzles solved: the score. */
  solved: number;
  /** Moves played, right or wrong. */
  moves: number;
  errors: number;
  /** Time the combos added and the errors took, in ms (the clock ends at STORM_CLOCK_MS + bonusMs - malusMs). */
  bonusMs: number;
  malusMs: number;
  /** The result of each puzzle played to its end, in order. */
  results: StormPuzzleResult[];
  /** When the last move was played (ms since the clock started). */
  lastAtMs: number;
}

/** What one move did: kept the puzzle going, solved it, or was wrong; and the combo bonus it earned (ms, or 0). */
export interface StormMoveOutcome {
  state: StormState;
  verdict: "good" | "solved" | "wrong";
  bonusMs: number;
  /** The opponent's reply the board plays after a good move that did not end the puzzle. */
  reply: string | null;
}

/** The level (index in STORM_COMBO_LEVELS) a combo has reached. */
export function comboLevel(combo: number): number {
  let level = 0;
  STORM_COMBO_LEVELS.forEach(([threshold], index) => {
    if (combo >= threshold) level = index;
  });
  return level;
}

/** The way to the next combo bonus, 0 to 1 (for the combo bar); past the last level, the way to its next 10 moves. */
export function comboProgress(combo: number): number {
  const level = comboLevel(combo);
  const last = STORM_COMBO_LEVELS.length - 1;
  if (level >= last) {
    const step = lastStep();
    return ((combo - (STORM_COMBO_LEVELS[last]?.[0] ?? 0)) % step) / step;
  }
  const from = STORM_COMBO_LEVELS[level]?.[0] ?? 0;
  const to = STORM_COMBO_LEVELS[level + 1]?.[0] ?? from + 1;
  return (combo - from) / (to - from);
}

/** The bonus (ms) a combo earns on reaching this length: a threshold's seconds, or 0. */
export function comboBonusMs(combo: number): number {
  if (combo <= 0) return 0;
  const level = comboLevel(combo);
  const last = STORM_COMBO_LEVELS.length - 1;
  const [threshold, seconds] = STORM_COMBO_LEVELS[level] ?? [0, 0];
  if (level === 0) return 0;
  if (combo === threshold) return seconds * 1000;
  if (level === last && (combo - threshold) % lastStep() === 0) return seconds * 1000;
  return 0;
}

function lastStep(): number {
  const last = STORM_COMBO_LEVELS.length - 1;
  return (STORM_COMBO_LEVELS[last]?.[0] ?? 0) - (STORM_COMBO_LEVELS[last - 1]?.[0] ?? 0);
}

/** A run before its first move. */
export function startStorm(): StormState {
  return {
    index: 0,
    ply: 0,
    combo: 0,
    bestCombo: 0,
    solved: 0,
    moves: 0,
    errors: 0,
    bonusMs: 0,
    malusMs: 0,
    results: [],
    lastAtMs: 0,
  };
}

/** When the clock runs out (ms since it started), as the run stands. */
export function stormClockEndMs(state: StormState): number {
  return STORM_CLOCK_MS + state.bonusMs - state.malusMs;
}

/** Time left on the clock at `atMs` (never below 0). */
export function stormTimeLeftMs(state: StormState, atMs: number): number {
  return Math.max(0, stormClockEndMs(state) - atMs);
}

/** Whether the run is over at `atMs`: the clock ran out, or every puzzle is done. */
export function stormIsOver(state: StormState, puzzles: readonly StormPuzzle[], atMs: number): boolean {
  return state.index >= puzzles.length || stormTimeLeftMs(state, atMs) <= 0;
}

/** The position of the current puzzle before the move the player must find (its FEN), or null when the run is done. */
export function stormBoardFen(state: StormState, puzzles: readonly StormPuzzle[]): string | null {
  const puzzle = puzzles[state.index];
  if (!puzzle) return null;
  return playLine(puzzle.fen, puzzle.solution.slice(0, state.ply))?.fen() ?? null;
}

function playLine(fen: string, moves: readonly string[]): Chess | null {
  try {
    const chess = new Chess(fen);
    for (const uci of moves) chess.move(coordinates(uci));
    return chess;
  } catch {
    return null;
  }
}

function coordinates(uci: string): { from: string; to: string; promotion?: string } {
  return uci.length > 4
    ? { from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.slice(4, 5) }
    : { from: uci.slice(0, 2), to: uci.slice(2, 4) };
}

/** Whether `uci` is right at this point of the puzzle: the solution's move, an accepted alternative, or any mate. */
export function isStormMoveCorrect(puzzle: StormPuzzle, ply: number, uci: string): boolean {
  const expected = puzzle.solution[ply];
  if (uci === expected) return true;
  if (ply === 0 && puzzle.correct?.includes(uci)) return true;
  // As lichess: a checkmate ends the puzzle whichever mate it is.
  const board = playLine(puzzle.fen, puzzle.solution.slice(0, ply));
  if (!board) return false;
  try {
    board.move(coordinates(uci));
    return board.isCheckmate();
  } catch {
    return false;
  }
}

/**
 * Plays one move (its time already checked by the caller): a right move extends the combo (and may earn time) and
 * either waits for the next move or solves the puzzle; a wrong one resets the combo, costs STORM_MALUS_MS and fails the
 * puzzle. Either way a finished puzzle moves the run on to the next.
 */
export function playStormMove(
  state: StormState,
  puzzles: readonly StormPuzzle[],
  uci: string,
  atMs: number,
): StormMoveOutcome {
  const puzzle = puzzles[state.index];
  if (!puzzle) return { state, verdict: "wrong", bonusMs: 0, reply: null };
  const next: StormState = { ...state, moves: state.moves + 1, lastAtMs: atMs, results: state.results };
  if (!isStormMoveCorrect(puzzle, state.ply, uci)) {
    return {
      state: {
        ...next,
        combo: 0,
        errors: state.errors + 1,
        malusMs: state.malusMs + STORM_MALUS_MS,
        results: [...state.results, "failed"],
        index: state.index + 1,
        ply: 0,
      },
      verdict: "wrong",
      bonusMs: 0,
      reply: null,
    };
  }
  const combo = state.combo + 1;
  const bonusMs = comboBonusMs(combo);
  const ply = state.ply + 2;
  const solved = ply >= puzzle.solution.length || isMate(puzzle, state.ply, uci);
  return {
    state: {
      ...next,
      combo,
      bestCombo: Math.max(state.bestCombo, combo),
      bonusMs: state.bonusMs + bonusMs,
      ...(solved
        ? {
            solved: state.solved + 1,
            results: [...state.results, "solved" as const],
            index: state.index + 1,
            ply: 0,
          }
        : { ply }),
    },
    verdict: solved ? "solved" : "good",
    bonusMs,
    reply: solved ? null : (puzzle.solution[state.ply + 1] ?? null),
  };
}

function isMate(puzzle: StormPuzzle, ply: number, uci: string): boolean {
  if (uci === puzzle.solution[ply]) return false;
  const board = playLine(puzzle.fen, [...puzzle.solution.slice(0, ply), uci]);
  return board?.isCheckmate() ?? false;
}

/** A run's score as the result screen and the tables show it. */
export interface StormScore {
  /** Puzzles solved. */
  score: number;
  moves: number;
  errors: number;
  bestCombo: number;
  /** Time left on the clock when the run ended (ms). */
  timeLeftMs: number;
  /** How long the run lasted (ms, from the clock's start to the end). */
  durationMs: number;
  results: StormPuzzleResult[];
}

/** The score of a run as it stands when it ends at `endMs` (the clock's end at the latest). */
export function stormScore(state: StormState, endMs: number): StormScore {
  const end = Math.min(Math.max(endMs, state.lastAtMs), stormClockEndMs(state));
  return {
    score: state.solved,
    moves: state.moves,
    errors: state.errors,
    bestCombo: state.bestCombo,
    timeLeftMs: Math.max(0, stormClockEndMs(state) - end),
    durationMs: Math.max(0, end),
    results: state.results,
  };
}

/** The answer of `replayStorm`: the score, or why the moves cannot be a run of these puzzles. */
export type StormReplay =
  | { ok: true; score: StormScore; state: StormState }
  | { ok: false; error: string; moveIndex: number };

/**
 * Replays a submitted run from its moves, in order: every move must belong to the puzzle being played, its time must
 * not go backwards, and it must be played before the clock ran out (a move after that is refused, so a run cannot
 * be stretched). The score is computed here, never taken from the caller. `endMs` (when the player stopped, or the
 * clock's end) defaults to the last move's time.
 */
export function replayStorm(
  puzzles: readonly StormPuzzle[],
  moves: readonly StormMove[],
  endMs?: number,
): StormReplay {
  let state = startStorm();
  for (const [moveIndex, move] of moves.entries()) {
    const puzzle = puzzles[state.index];
    if (!puzzle) return { ok: false, error: "a move after the last puzzle", moveIndex };
    if (move.puzzleId !== puzzle.id)
      return { ok: false, error: "a move in a puzzle that is not the current one", moveIndex };
    if (!Number.isFinite(move.atMs) || move.atMs < state.lastAtMs) {
      return { ok: false, error: "move times must not go backwards", moveIndex };
    }
    if (move.atMs >= stormClockEndMs(state))
      return { ok: false, error: "a move after the clock ran out", moveIndex };
    state = playStormMove(state, puzzles, move.uci, move.atMs).state;
  }
  return { ok: true, score: stormScore(state, endMs ?? state.lastAtMs), state };
}
