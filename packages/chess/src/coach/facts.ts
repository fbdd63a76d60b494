import type { Board } from "chessops/board";
import type { Chess } from "chessops/chess";
import { SquareSet } from "chessops/squareSet";
import type { Color, Role } from "chessops/types";
import { makeSquare, opposite, parseUci } from "chessops/util";
import { losesTheAdvantage } from "../generator/win-chance";
import { matingMoves } from "../legal-moves";
import {
  attackersOf,
  byValueDesc,
  type Detail,
  exchangeOn,
  findDiscovered,
  findLineAttacks,
  forkTargets,
  IllegalMoveError,
  lineAttackScore,
  loadPosition,
  mateDetail,
  type Placed,
  type PlyFact,
  placed,
  playPly,
  pointsOf,
  squareOf,
} from "./board";
import { lineText } from "./notation";

/** A theme the texts can talk about, with the solver's piece family that carries it. */
export interface Idea {
  theme: Theme;
  piece: Role;
  detail?: Detail;
}

/** What the solver achieves, the goal of the description. */
export type Goal =
  | { kind: "mate"; moves?: number; delivered: boolean }
  | { kind: "promote" }
  | { kind: "material" }
  | { kind: "hold" }
  | { kind: "decisive" }
  | { kind: "advantage" }
  | { kind: "best" };

/** Material changes over the line (and the recapture it leaves), from the solver's point of view. */
export interface MaterialBalance {
  /** Enemy pieces won, most valuable first, after cancelling equal trades. */
  gains: Role[];
  /** Own pieces given up, most valuable first, after cancelling equal trades. */
  losses: Role[];
  /** Net gain in spec points (pawn 1 … queen 9), promotions included. */
  net: number;
  /** Pieces the opponent made by promotion and still has at the end (then `gains` is not all the story). */
  theirPromotions: number;
}

/** The engine's alternative, played out on the board. */
export interface AlternativeFacts {
  move: PlyFact;
  reply: PlyFact;
  cp?: number;
  mate?: number;
}

/**
 * What the solver's first move aims at on the board, whatever the themes: the enemy pieces it attacks where it
 * lands (worth more than it, or undefended; not the king), and, for a quiet move, the square where it threatens
 * to mate next.
 */
export interface Aim {
  attacks: Placed[];
  mateThreat?: string;
}

/** The solver's second move, after the opponent's reply, and what it aims at (for lines that teach no named idea). */
export interface FollowUp {
  reply: PlyFact;
  move: PlyFact;
  aim: Aim;
}

/** Everything the phrase books need, language-neutral. */
export interface Facts {
  solver: Color;
  /** The solver's first move (the puzzle's answer). */
  first: PlyFact;
  aim: Aim;
  /** The solver's second move, when the line has one. */
  next?: FollowUp;
  plies: PlyFact[];
  /** The whole line in standard notation with move numbers, e.g. "12... Qxh2+ 13. Kf1 Qh1#". */
  line: string;
  goal: Goal;
  /** Ideas in teaching priority order; may be empty. */
  ideas: Idea[];
  material: MaterialBalance;
  cp?: number;
  alternative?: AlternativeFacts;
}

/**
 * The themes the composer knows, in the order a coach would teach them: mate patterns, then the classic double
 * attacks, then the preparatory tricks, material left hanging, promotion, and finally quiet or defensive ideas.
 */
export const THEME_PRIORITY = [
  "smotheredMate",
  "backRankMate",
  "anastasiaMate",
  "arabianMate",
  "hookMate",
  "bodenMate",
  "doubleBishopMate",
  "dovetailMate",
  "mate",
  "fork",
  "pin",
  "skewer",
  "discoveredAttack",
  "doubleCheck",
  "deflection",
  "attraction",
  "sacrifice",
  "capturingDefender",
  "interference",
  "clearance",
  "intermezzo",
  "xRayAttack",
  "trappedPiece",
  "hangingPiece",
  "attackingF2F7",
  "underPromotion",
  "promotion",
  "advancedPawn",
  "enPassant",
  "zugzwang",
  "quietMove",
  "defensiveMove",
  "exposedKing",
] as const;

export type Theme = (typeof THEME_PRIORITY)[number];

const RANK: ReadonlyMap<string, number> = new Map(THEME_PRIORITY.map((theme, index) => [theme, index]));

const MATE_PATTERNS: ReadonlySet<Theme> = new Set(THEME_PRIORITY.slice(0, 8));

/** True for the mate themes, generic or named. */
export function isMateTheme(theme: Theme): boolean {
  return theme === "mate" || MATE_PATTERNS.has(theme);
}

/** Takes one `role` out of `roles`; false when there is none. */
function removeOne(roles: Role[], role: Role): boolean {
  const index = roles.indexOf(role);
  if (index >= 0) roles.splice(index, 1);
  return index >= 0;
}

const COUNTED_ROLES: readonly Role[] = ["queen", "rook", "bishop", "knight", "pawn"];

/**
 * The material balance of the line, counted on the board: each side's pieces at the end (less what the final
 * exchange takes) against the start, so a piece won and later lost, or a pawn promoted and taken back, counts for
 * what it really is in the end (a pawn). Like-for-like trades cancel. A piece the solver made by promotion and
 * kept is not listed (the texts name the promotion): its pawn leaves the losses and the net counts the difference;
 * the same for the opponent's.
 */
function balanceOf(
  start: Board,
  end: Board,
  solver: Color,
  exchange: { lost: readonly Role[]; won: readonly Role[] },
): MaterialBalance {
  const enemy = opposite(solver);
  const taken = (roles: readonly Role[], role: Role) => roles.filter((other) => other === role).length;
  const gains: Role[] = [];
  const losses: Role[] = [];
  let net = 0;
  let ours = 0;
  let theirs = 0;
  for (const role of COUNTED_ROLES) {
    const theyLost =
      start.pieces(enemy, role).size() - end.pieces(enemy, role).size() + taken(exchange.won, role);
    const weLost =
      start.pieces(solver, role).size() - end.pieces(solver, role).size() + taken(exchange.lost, role);
    net += (theyLost - weLost) * pointsOf(role);
    for (let count = 0; count < theyLost; count++) gains.push(role);
    for (let count = 0; count < weLost; count++) losses.push(role);
    if (role !== "pawn") {
      ours += Math.max(0, -weLost);
      theirs += Math.max(0, -theyLost);
    }
  }
  // Each promoted piece kept was a pawn: that pawn is not lost (ours) or won (theirs).
  for (let count = 0; count < ours; count++) removeOne(losses, "pawn");
  for (let count = 0; count < theirs; count++) removeOne(gains, "pawn");
  const left = [...losses];
  const kept = gains.filter((role) => !removeOne(left, role));
  return { gains: kept.sort(byValueDesc), losses: left.sort(byValueDesc), net, theirPromotions: theirs };
}

/** The known input keys (mateInN read as mate), most instructive first. */
function knownThemes(themes: readonly string[]): Theme[] {
  const wanted = new Set<Theme>();
  for (const key of themes) {
    const theme = key.startsWith("mateIn") ? "mate" : key;
    if (RANK.has(theme)) wanted.add(theme as Theme);
  }
  return [...wanted];
}

/** The themes to teach: the known ones plus mate/promotion seen in the line, without doubles, by priority. */
function themesToTeach(known: readonly Theme[], plies: PlyFact[], solver: Color): Theme[] {
  const wanted = new Set<Theme>(known);
  if (plies.at(-1)?.mate) wanted.add("mate");
  if (plies.some((ply) => ply.color === solver && ply.promotion)) wanted.add("promotion");
  if (known.some((theme) => MATE_PATTERNS.has(theme))) wanted.delete("mate");
  if (wanted.has("underPromotion")) wanted.delete("promotion");
  return [...wanted].sort((a, b) => (RANK.get(a) ?? 0) - (RANK.get(b) ?? 0));
}

type LineAttack = Extract<Detail, { kind: "pin" | "skewer" }>;

/**
 * The most telling pin and skewer seen anywhere along the line (before it, or after any move, since a pin often
 * appears after the opponent's reply), a little in favour of one made by the piece that has just moved.
 */
class BestLineAttacks {
  private readonly chosen = new Map<LineAttack["kind"], { detail: LineAttack; score: number }>();

  consider(found: Detail[], moved: string | undefined): void {
    for (const detail of found) {
      if (detail.kind !== "pin" && detail.kind !== "skewer") continue;
      const score = lineAttackScore(detail) + (detail.attacker.square === moved ? 5 : 0);
      const current = this.chosen.get(detail.kind);
      if (!current || score > current.score) this.chosen.set(detail.kind, { detail, score });
    }
  }

  best(): LineAttack[] {
    return [...this.chosen.values()].map((entry) => entry.detail);
  }
}

interface Walk {
  solver: Color;
  aim: Aim;
  nextAim?: Aim;
  plies: PlyFact[];
  details: Detail[];
  material: MaterialBalance;
}

/** Which board searches the themes call for (the others cost nothing to skip). */
interface Searches {
  fork: boolean;
  line: boolean;
  discovered: boolean;
  hanging: boolean;
  advanced: boolean;
}

/** Plays the solution, collecting per-ply facts, the board details of the themes, and the material balance. */
function walkLine(pos: Chess, solution: readonly string[], searches: Searches): Walk {
  const solver = pos.turn;
  const before = pos.board.clone();
  const plies: PlyFact[] = [];
  const details: Detail[] = [];
  const lines = new BestLineAttacks();
  let aim: Aim = { attacks: [] };
  let nextAim: Aim | undefined;
  if (searches.line) lines.consider(findLineAttacks(pos, solver, -1), undefined);
  const seventh = SquareSet.fromRank(solver === "white" ? 6 : 1);
  const waiting = pos.board.pieces(solver, "pawn").intersect(seventh).first();
  if (searches.advanced && waiting !== undefined)
    details.push({ kind: "advance", ply: -1, square: makeSquare(waiting) });
  solution.forEach((uci, ply) => {
    const own = pos.turn === solver;
    const target = own && searches.hanging ? parseUci(uci) : undefined;
    const undefended =
      target !== undefined &&
      pos.board.has(target.to) &&
      attackersOf(pos, target.to, opposite(solver), pos.board.occupied).isEmpty();
    const fact = playPly(pos, uci);
    if (!fact) throw new IllegalMoveError(ply, uci);
    plies.push(fact);
    if (ply === 0) aim = aimOf(pos, fact);
    if (ply === 2) nextAim = aimOf(pos, fact);
    if (searches.line) lines.consider(findLineAttacks(pos, solver, ply), own ? fact.to : undefined);
    if (!own) return;
    collectSolverDetails(pos, fact, ply, searches, details);
    const advance = fact.role === "pawn" && !fact.promotion && seventh.has(squareOf(fact.to));
    if (searches.advanced && advance && !details.some((detail) => detail.kind === "advance"))
      details.push({ kind: "advance", ply, square: fact.to });
    if (fact.captured && undefended) {
      details.push({ kind: "hanging", ply, victim: { role: fact.captured, square: fact.to } });
    }
  });
  details.push(...lines.best());
  const last = plies.at(-1);
  let exchange: { lost: Role[]; won: Role[] } = { lost: [], won: [] };
  if (last?.mate) details.push(mateDetail(pos, last));
  else if (last && last.color === solver) {
    exchange = exchangeOn(pos, squareOf(last.to));
    const given = exchange.lost[0];
    if (given) details.push({ kind: "sacrifice", piece: { role: given, square: last.to } });
  }
  const material = balanceOf(before, pos.board, solver, exchange);
  return { solver, aim, ...(nextAim ? { nextAim } : {}), plies, details, material };
}

/** The first move's aim (see `Aim`), read on the board right after it. */
function aimOf(pos: Chess, fact: PlyFact): Aim {
  const attacks = forkTargets(pos, squareOf(fact.to)).filter((target) => target.role !== "king");
  if (fact.check || fact.captured || fact.mate) return { attacks };
  // A quiet move: were it the solver's turn again, could it mate at once?
  const again = pos.clone();
  again.turn = fact.color;
  again.epSquare = undefined;
  const [mate] = matingMoves(again);
  return mate ? { attacks, mateThreat: mate.slice(2, 4) } : { attacks };
}

/** The board details after one of the solver's moves: the first fork, discovery, double check, promotion. */
function collectSolverDetails(pos: Chess, fact: PlyFact, ply: number, searches: Searches, details: Detail[]) {
  const landed = squareOf(fact.to);
  if (searches.fork && !details.some((detail) => detail.kind === "fork")) {
    const targets = forkTargets(pos, landed);
    if (targets.length >= 2) details.push({ kind: "fork", ply, attacker: placed(pos, landed), targets });
  }
  if (searches.discovered && !details.some((detail) => detail.kind === "discovered")) {
    const found = findDiscovered(pos, fact.color, squareOf(fact.from), landed, ply);
    if (found) details.push(found);
  }
  if (fact.check && !details.some((detail) => detail.kind === "doubleCheck")) {
    const checkers = pos.ctx().checkers;
    if (checkers.moreThanOne())
      details.push({ kind: "doubleCheck", ply, checkers: [...checkers].map((s) => placed(pos, s)) });
  }
  if (fact.promotion && !details.some((detail) => detail.kind === "promotion")) {
    details.push({ kind: "promotion", ply, square: fact.to, role: fact.promotion });
  }
}

/**
 * The description's goal: mate when the line mates (or the engine or a mateInN theme says so), promotion, material
 * won over the line, holding when the score stays level, else the size of the advantage the score shows.
 */
function goalOf(
  walk: Walk,
  themes: readonly string[],
  input: { cp?: number; mate?: number; laterStep?: boolean },
): Goal {
  const has = (theme: string) => themes.includes(theme);
  const last = walk.plies.at(-1);
  const solverMoves = walk.plies.filter((ply) => ply.color === walk.solver).length;
  if (last?.mate) return { kind: "mate", moves: solverMoves, delivered: true };
  const themeMate = themes.map((theme) => /^mateIn(\d+)$/.exec(theme)?.[1]).find(Boolean);
  const mateIn =
    input.mate !== undefined && input.mate > 0 ? input.mate : themeMate ? Number(themeMate) : undefined;
  if (mateIn !== undefined || has("mate")) {
    return mateIn === undefined
      ? { kind: "mate", delivered: false }
      : { kind: "mate", moves: mateIn, delivered: false };
  }
  const promoted = walk.plies.some((ply) => ply.color === walk.solver && ply.promotion);
  if ((promoted && walk.material.net >= 1) || has("promotion") || has("underPromotion"))
    return { kind: "promote" };
  const cp = input.cp;
  const decisive = (cp !== undefined && cp >= 300) || has("crushing");
  // A pawn or two is the goal only when the line is not about a bigger, positional win.
  const { net, theirPromotions } = walk.material;
  if (theirPromotions === 0 && (net >= 3 || (net >= 1 && !decisive))) return { kind: "material" };
  // A draw only by the engine's score or lichess's engine-made key: a defensive move often keeps a win.
  const level = cp === undefined ? has("equality") : Math.abs(cp) <= 60;
  if (level) return { kind: "hold" };
  if (decisive) return { kind: "decisive" };
  // Lichess's "advantage" spans 200 to 600 cp, across "the better game" and "decisive": it sizes the first move's
  // advantage only when no score says more, and a later step (which the score never reaches) is not sized by it.
  if ((cp !== undefined && cp >= 100) || (has("advantage") && !input.laterStep)) return { kind: "advantage" };
  return { kind: "best" };
}

/** Which board detail makes a theme's texts specific to the position. */
const DETAIL_OF: Partial<Record<Theme, Detail["kind"]>> = {
  fork: "fork",
  pin: "pin",
  skewer: "skewer",
  discoveredAttack: "discovered",
  doubleCheck: "doubleCheck",
  hangingPiece: "hanging",
  promotion: "promotion",
  underPromotion: "promotion",
  attraction: "lure",
  deflection: "lure",
  sacrifice: "sacrifice",
  quietMove: "quiet",
  advancedPawn: "advance",
};

/** Details that come from the line itself rather than a board search. */
function lineDetails(walk: Walk): Detail[] {
  const found: Detail[] = [];
  const [first, reply] = walk.plies;
  if (first && reply?.captured && reply.to === first.to) {
    found.push({ kind: "lure", ply: 1, piece: { role: reply.role, square: reply.to } });
  }
  const given = walk.plies.find((ply) => ply.color !== walk.solver && ply.captured);
  if (given?.captured) found.push({ kind: "sacrifice", piece: { role: given.captured, square: given.to } });
  const quiet = walk.plies.findIndex((ply) => ply.color === walk.solver && !ply.captured && !ply.check);
  if (quiet >= 0) found.push({ kind: "quiet", ply: quiet });
  return found;
}

/** A theme with its piece family: the piece that carries the detail, else the first move's piece. */
function ideaFor(theme: Theme, details: Detail[], walk: Walk): Idea {
  const first = walk.plies[0];
  const kind = isMateTheme(theme) ? "mate" : DETAIL_OF[theme];
  const detail = kind ? details.find((candidate) => candidate.kind === kind) : undefined;
  let piece: Role = first?.role ?? "pawn";
  if (theme === "smotheredMate") piece = "knight";
  else if (theme === "promotion" || theme === "underPromotion" || theme === "enPassant") piece = "pawn";
  else if (detail) piece = pieceOf(detail, walk) ?? piece;
  return detail ? { theme, piece, detail } : { theme, piece };
}

/** The solver's piece behind a detail. */
function pieceOf(detail: Detail, walk: Walk): Role | undefined {
  switch (detail.kind) {
    case "fork":
    case "pin":
    case "skewer":
      return detail.attacker.role;
    case "discovered":
      return detail.mover.role;
    case "mate":
      return detail.mater.role;
    case "doubleCheck":
    case "hanging":
    case "quiet":
      return walk.plies[detail.ply]?.role;
    default:
      return undefined;
  }
}

/** The input the facts are drawn from (the public CoachInput). */
export interface FactsInput {
  fen: string;
  /** The position of `fen` when the caller has it loaded already; the line is played on it. */
  position?: Chess;
  solution: readonly string[];
  themes: readonly string[];
  cp?: number;
  mate?: number;
  alternative?: { move: string; reply: string; cp?: number; mate?: number };
  /**
   * The line is the rest of a puzzle from a later step (composeStepHints): the puzzle's themes were found on the
   * whole line, so only those the rest of it shows on the board (a detail found, or the mate) are taught.
   */
  laterStep?: boolean;
}

/**
 * Plays the alternative and its refutation on `pos` (the starting position, which it changes), when the engine's
 * scores show it a mistake: the alternative's score below the puzzle's by more than lichess's margin and no mate
 * for the solver (`losesTheAdvantage`). Without both scores the texts cannot tell, so they say nothing of it.
 */
function alternativeFacts(pos: Chess, input: FactsInput): AlternativeFacts | undefined {
  const alt = input.alternative;
  if (!alt || alt.move.trim() === input.solution[0]?.trim()) return undefined;
  const best = input.mate !== undefined && input.mate > 0 ? { mate: input.mate } : { cp: input.cp };
  if (best.cp === undefined && best.mate === undefined) return undefined;
  if (alt.cp === undefined && alt.mate === undefined) return undefined;
  if (!losesTheAdvantage(best, { cp: alt.cp, mate: alt.mate })) return undefined;
  const move = playPly(pos, alt.move);
  const reply = move && playPly(pos, alt.reply);
  if (!move || !reply) return undefined;
  return {
    move,
    reply,
    ...(alt.cp !== undefined ? { cp: alt.cp } : {}),
    ...(alt.mate !== undefined ? { mate: alt.mate } : {}),
  };
}

/** Reads the position, the line and the themes into language-neutral facts for the phrase books. */
export function gatherFacts(input: FactsInput): Facts {
  const known = knownThemes(input.themes);
  const searches: Searches = {
    fork: known.includes("fork"),
    line: known.includes("pin") || known.includes("skewer"),
    discovered: known.includes("discoveredAttack"),
    hanging: known.includes("hangingPiece"),
    advanced: known.includes("advancedPawn"),
  };
  const start = input.position ?? loadPosition(input.fen);
  const walk = walkLine(input.alternative ? start.clone() : start, input.solution, searches);
  // Line facts first: a piece the opponent actually took beats the one a recapture would take.
  const details = [...lineDetails(walk), ...walk.details];
  const ideas = themesToTeach(known, walk.plies, walk.solver)
    .map((theme) => ideaFor(theme, details, walk))
    .filter((idea) => !input.laterStep || idea.detail !== undefined || isMateTheme(idea.theme));
  const alternative = input.alternative ? alternativeFacts(start, input) : undefined;
  const [first, reply, second] = walk.plies;
  if (!first) throw new Error("composeCoaching: the solution is empty");
  const next = reply && second && walk.nextAim ? { reply, move: second, aim: walk.nextAim } : undefined;
  return {
    solver: walk.solver,
    first,
    aim: walk.aim,
    ...(next ? { next } : {}),
    plies: walk.plies,
    line: lineText(walk.plies),
    goal: goalOf(walk, input.themes, input),
    ideas,
    material: walk.material,
    ...(input.cp !== undefined ? { cp: input.cp } : {}),
    ...(alternative ? { alternative } : {}),
  };
}
