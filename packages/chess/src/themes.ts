import { phaseOf } from "./phase";
import { type Line, type PreviousMove, replayLine } from "./themes/line";
import { isBackRankMate, isSmotheredMate, mateInKey, mateLength } from "./themes/mates";
import {
  bishopMate,
  isArabianMate,
  isCapturingDefender,
  isClearance,
  isDovetailMate,
  isExposedKing,
  isInterference,
  isIntermezzo,
  isTrappedPiece,
  isXRayAttack,
} from "./themes/motifs";
import { endgameKind, isAdvancedPawn, isAnastasiaMate, isAttackingF2F7, isHookMate } from "./themes/patterns";
import {
  attackedWing,
  isAttraction,
  isDefensiveMove,
  isDeflection,
  isDiscoveredAttack,
  isDoubleCheck,
  isEnPassant,
  isFork,
  isHangingPiece,
  isPin,
  isPromotion,
  isQuietMove,
  isSacrifice,
  isSkewer,
  isUnderPromotion,
} from "./themes/tactics";

/** What the tagger needs to know about a puzzle. */
export interface TagInput {
  /** Position the solver faces (full FEN). */
  fen: string;
  /** UCI moves: solver, opponent, solver, ... ; ends on a solver move. */
  solution: string[];
  /** Engine eval (centipawns, solver's view) after the solution, when known. */
  cp?: number;
  /** Moves to mate for the solver, when the line mates or the engine sees mate. */
  mate?: number;
  /**
   * The position before the opponent's last move and that move (UCI), when known (a lichess puzzle row or a game
   * gives it): it tells a recapture from a piece left hanging.
   */
  previous?: PreviousMove;
  /**
   * A solver move leaves the opponent in zugzwang: an engine's finding (`isZugzwang` compares each reply position
   * with the same position after a pass), so only callers with an engine know it.
   */
  zugzwang?: boolean;
}

/**
 * Above this eval (centipawns, solver's view, after the solution) the solver ends clearly winning: lichess's
 * "crushing", by lichess's own rule (more than +600; more than +200 is "advantage", the rest "equality"). Lichess
 * reads the eval from deep searches (up to 40 million nodes); a shallow search reads won positions lower, so callers
 * should pass an eval of at least a million nodes (the generator's solving budget), searched again deeper when it
 * lies near one of the two lines (see isNearEvalLine).
 */
export const CRUSHING_CP = 600;
/** Above this and up to CRUSHING_CP the solver ends clearly better: lichess's "advantage"; from it down, "equality". */
export const ADVANTAGE_CP = 200;
/**
 * An eval this close to ADVANTAGE_CP or CRUSHING_CP cannot tell the key apart at a million nodes: measured on
 * lichess's sample, final positions read between +500 and +700 at a million nodes are lichess's "crushing" as often as
 * its "advantage", and a search four times deeper sorts them (won positions read far higher once the win is seen).
 */
export const EVAL_LINE_MARGIN = 100;

/** True when an eval lies within EVAL_LINE_MARGIN of one of the eval keys' lines: worth a deeper search. */
export function isNearEvalLine(cp: number): boolean {
  return Math.abs(cp - CRUSHING_CP) <= EVAL_LINE_MARGIN || Math.abs(cp - ADVANTAGE_CP) <= EVAL_LINE_MARGIN;
}

export type { PreviousMove };

/** Theme rules that only need the replayed line, keyed by the lichess theme they grant. */
const LINE_THEMES: ReadonlyArray<readonly [string, (line: Line) => boolean]> = [
  ["backRankMate", isBackRankMate],
  ["smotheredMate", isSmotheredMate],
  ["anastasiaMate", isAnastasiaMate],
  ["hookMate", isHookMate],
  ["advancedPawn", isAdvancedPawn],
  ["attackingF2F7", isAttackingF2F7],
  ["fork", isFork],
  ["pin", isPin],
  ["skewer", isSkewer],
  ["discoveredAttack", isDiscoveredAttack],
  ["doubleCheck", isDoubleCheck],
  ["hangingPiece", isHangingPiece],
  ["sacrifice", isSacrifice],
  ["deflection", isDeflection],
  ["attraction", isAttraction],
  ["promotion", isPromotion],
  ["underPromotion", isUnderPromotion],
  ["enPassant", isEnPassant],
  ["quietMove", isQuietMove],
  ["defensiveMove", isDefensiveMove],
  ["exposedKing", isExposedKing],
  ["trappedPiece", isTrappedPiece],
  ["xRayAttack", isXRayAttack],
  ["clearance", isClearance],
  ["intermezzo", isIntermezzo],
  ["capturingDefender", isCapturingDefender],
  ["interference", isInterference],
  ["arabianMate", isArabianMate],
  ["dovetailMate", isDovetailMate],
];

/** Length keys by the number of solver moves, as lichess names them. */
function lengthKey(solverMoves: number): string {
  if (solverMoves <= 1) return "oneMove";
  if (solverMoves === 2) return "short";
  if (solverMoves === 3) return "long";
  return "veryLong";
}

/** Evaluation keys: mates say nothing else; otherwise the final eval decides crushing, advantage or equality. */
function evalKeys(cp: number | undefined, mates: boolean): string[] {
  if (mates || cp === undefined) return [];
  if (cp > CRUSHING_CP) return ["crushing"];
  if (cp > ADVANTAGE_CP) return ["advantage"];
  return ["equality"];
}

/**
 * The lichess theme keys that describe a puzzle, read from its solution line (solver's moves at even indexes).
 * Every rule looks only at the position and the line, so it runs in microseconds and can tag whole databases.
 * Throws when a move of the solution is illegal, because the tags of an unplayable line mean nothing.
 */
export function tagThemes(input: TagInput): string[] {
  const line = replayLine(input.fen, input.solution, input.previous);
  const tags = new Set<string>();
  const mateIn = mateLength(line, input.mate);
  if (mateIn !== undefined) {
    tags.add("mate");
    tags.add(mateInKey(mateIn));
  }
  for (const key of evalKeys(input.cp, mateIn !== undefined)) tags.add(key);
  for (const [key, rule] of LINE_THEMES) {
    if (rule(line)) tags.add(key);
  }
  if (line.solverPlies.length > 0) tags.add(lengthKey(line.solverPlies.length));
  const wing = attackedWing(line);
  if (wing) tags.add(`${wing}Attack`);
  const bishops = bishopMate(line);
  if (bishops) tags.add(bishops);
  const endgame = endgameKind(line);
  if (endgame) tags.add(endgame);
  if (input.zugzwang) tags.add("zugzwang");
  tags.add(phaseOf(input.fen));
  return [...tags].sort();
}
