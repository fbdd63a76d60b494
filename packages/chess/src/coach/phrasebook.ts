import type { Role } from "chessops/types";
import { type Detail, pointsOf } from "./board";
import type { AlternativeFacts, Facts, Idea, Theme } from "./facts";

/** One language's way of saying the facts: every function returns finished, non-empty text. */
export interface Phrasebook {
  description(facts: Facts): string;
  subtle(facts: Facts): string;
  /** The moderate hint adds the target square of the first move to the subtle one. */
  moderate(facts: Facts, subtle: string): string;
  explicit(facts: Facts): string;
  explanation(facts: Facts): string;
}

/** What a language must say for every theme: its name, its subtle hint and its meaning in one clause. */
export interface ThemeWords {
  /** The theme as a noun phrase, e.g. "a fork" / "شوكة". */
  name: string;
  /** The subtle hint: the idea and the piece family, never a square. */
  subtle(piece: string, facts: Facts): string;
  /** The meaning in one clause, specific to the position when the idea carries board details. */
  clause(idea: Idea, facts: Facts): string;
}

export type ThemeTable = Record<Theme, ThemeWords>;

/** The board detail of a given kind, when the idea found one. */
export function detailOf<K extends Detail["kind"]>(
  idea: Idea,
  kind: K,
): Extract<Detail, { kind: K }> | undefined {
  return idea.detail?.kind === kind ? (idea.detail as Extract<Detail, { kind: K }>) : undefined;
}

/**
 * The detail the first move itself creates, for the explicit hint: a fork, pin or skewer by the piece that moves,
 * the discovery it makes, its double check, the piece it takes for free, its promotion.
 */
export function firstMoveDetail(facts: Facts): Detail | undefined {
  const first = facts.first;
  for (const idea of facts.ideas) {
    const detail = idea.detail;
    if (!detail || !("ply" in detail) || detail.ply !== 0) continue;
    const byMover =
      detail.kind === "fork" || detail.kind === "pin" || detail.kind === "skewer"
        ? detail.attacker.square === first.to
        : detail.kind !== "lure" && detail.kind !== "quiet";
    if (byMover) return detail;
  }
  return undefined;
}

/** The ideas the explanation explains: the main one and the next in priority, when there is one. */
export function mainIdeas(facts: Facts): Idea[] {
  const [first, ...rest] = facts.ideas;
  if (!first) return [];
  const second = rest[0];
  return second ? [first, second] : [first];
}

/**
 * The alternative as a trade: its move takes a piece and the reply takes back on the same square a piece of the
 * same value. Then nothing is won or lost by it ("trades are trades"): `taken` is what the alternative took,
 * `given` what the reply took back.
 */
export function tradeOf(alternative: AlternativeFacts): { taken: Role; given: Role } | undefined {
  const { move, reply } = alternative;
  if (!move.captured || !reply.captured || reply.to !== move.to) return undefined;
  return pointsOf(move.captured) === pointsOf(reply.captured)
    ? { taken: move.captured, given: reply.captured }
    : undefined;
}

/**
 * Which of the solver's moves carries the idea (1 for the first), when its board detail says: a detail seen after
 * the solver's move p (ply 2p-2) is that move's, one seen after the opponent's reply is the next move's. A hint
 * must not send the solver looking for a fork on the first move when it comes on the third.
 */
export function solverMoveOf(idea: Idea): number | undefined {
  const detail = idea.detail;
  if (!detail || !("ply" in detail) || detail.ply < 0) return undefined;
  return Math.floor((detail.ply + 1) / 2) + 1;
}

/** A bishop or a knight: a rook won for one of them is "the exchange". */
export function isMinor(role: Role | undefined): boolean {
  return role === "bishop" || role === "knight";
}

/**
 * Whether a promoting line also wins material besides the promotion: what its captures win outweighs what they
 * cost, and the opponent has not promoted a pawn of its own that it keeps.
 */
export function winsBesides(facts: Facts): boolean {
  const { gains, losses, theirPromotions } = facts.material;
  const sum = (roles: readonly Role[]) => roles.reduce((total, role) => total + pointsOf(role), 0);
  return theirPromotions === 0 && sum(gains) - sum(losses) >= 1;
}

/** The f-pawn square beside the enemy king's starting square: f7 against Black, f2 against White. */
export function weakPawnSquare(facts: Facts): string {
  return facts.solver === "white" ? "f7" : "f2";
}

/**
 * A pin or skewer already on the board before the first move (the line exploits it rather than makes it), when the
 * solver's first move is not made by the pinning piece: the hint must not send the solver looking to make one.
 */
export function standingLineAttack(
  idea: Idea,
  facts: Facts,
): Extract<Detail, { kind: "pin" | "skewer" }> | undefined {
  const detail = idea.detail;
  if (!detail || (detail.kind !== "pin" && detail.kind !== "skewer") || detail.ply !== -1) return undefined;
  return detail.attacker.square === facts.first.from ? undefined : detail;
}
