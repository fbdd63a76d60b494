import type { Color, Role } from "chessops/types";
import { opposite } from "chessops/util";
import type { Placed } from "./board";
import { type Facts, type Idea, isMateTheme } from "./facts";
import { formatEval, numbered } from "./notation";
import {
  detailOf,
  firstMoveDetail,
  isMinor,
  mainIdeas,
  type Phrasebook,
  solverMoveOf,
  standingLineAttack,
  type ThemeTable,
  tradeOf,
  weakPawnSquare,
  winsBesides,
} from "./phrasebook";

const ORDINAL: Record<number, string> = { 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth" };

const PIECE: Record<Role, string> = {
  king: "king",
  queen: "queen",
  rook: "rook",
  bishop: "bishop",
  knight: "knight",
  pawn: "pawn",
};

const SIDE: Record<Color, string> = { white: "White", black: "Black" };

const COUNT = ["", "a", "two", "three", "four", "five", "six", "seven", "eight"];

function on(piece: Placed): string {
  return `the ${PIECE[piece.role]} on ${piece.square}`;
}

/** "a, b and c". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Roles (most valuable first) as counted material: "a queen and two pawns". */
function material(roles: readonly Role[]): string {
  const groups: string[] = [];
  for (const role of new Set(roles)) {
    const count = roles.filter((other) => other === role).length;
    groups.push(count === 1 ? `a ${PIECE[role]}` : `${COUNT[count] ?? count} ${PIECE[role]}s`);
  }
  return list(groups);
}

/** What the line wins: "a queen and a pawn for a knight", or "the exchange (a rook for a bishop)". */
function winnings(facts: Facts): string {
  const { gains, losses } = facts.material;
  const exchange = gains.length === 1 && gains[0] === "rook" && losses.length === 1 && isMinor(losses[0]);
  if (exchange) return `the exchange (${material(gains)} for ${material(losses)})`;
  return losses.length > 0 ? `${material(gains)} for ${material(losses)}` : material(gains);
}

function moves(count: number): string {
  return count === 1 ? "one move" : `${count} moves`;
}

function mateMoves(facts: Facts): number | undefined {
  return facts.goal.kind === "mate" ? facts.goal.moves : undefined;
}

function forcedMate(facts: Facts): string {
  const count = mateMoves(facts);
  return count === undefined ? "a forced mate" : `a forced mate in ${moves(count)}`;
}

function mateSubtle(piece: string, facts: Facts): string {
  const count = mateMoves(facts);
  if (count === 1) return `Your ${piece} can give checkmate in one move.`;
  const delivered = facts.goal.kind === "mate" && facts.goal.delivered;
  return delivered
    ? `There is ${forcedMate(facts)}; your ${piece} delivers the final blow.`
    : `There is ${forcedMate(facts)}, and it starts with your ${piece}.`;
}

function mateClause(idea: Idea): string {
  const mate = detailOf(idea, "mate");
  return mate
    ? `${on(mate.mater)} gives check and the king on ${mate.king} has no escape`
    : "every defence runs into mate";
}

function namedMate(name: string) {
  return {
    name,
    subtle: (piece: string) => `Look for ${name} with your ${piece}.`,
    clause: mateClause,
  };
}

function simple(name: string, subtle: (piece: string) => string, clause: string) {
  return { name, subtle, clause: () => clause };
}

const THEMES: ThemeTable = {
  smotheredMate: {
    name: "a smothered mate",
    subtle: () => "The enemy king is boxed in by its own pieces: look for a smothered mate with your knight.",
    clause: (idea) => {
      const mate = detailOf(idea, "mate");
      return mate
        ? `the king on ${mate.king} is hemmed in by its own pieces, so ${on(mate.mater)} mates on its own`
        : "a king hemmed in by its own pieces can be mated by a lone knight";
    },
  },
  backRankMate: {
    name: "a back-rank mate",
    subtle: (piece) => `The enemy king is stuck on its back rank, and your ${piece} can exploit it.`,
    clause: (idea) => {
      const mate = detailOf(idea, "mate");
      return mate
        ? `the king on ${mate.king} is shut in on its back rank by its own pieces, and ${on(mate.mater)} mates along it`
        : "a king shut in on its back rank by its own pawns can be mated there";
    },
  },
  anastasiaMate: namedMate("Anastasia's mate"),
  arabianMate: namedMate("an Arabian mate"),
  hookMate: namedMate("a hook mate"),
  bodenMate: namedMate("Boden's mate"),
  doubleBishopMate: namedMate("a double bishop mate"),
  dovetailMate: namedMate("a dovetail mate"),
  mate: { name: "checkmate", subtle: mateSubtle, clause: mateClause },
  fork: {
    name: "a fork",
    subtle: (piece) => `Look for a ${piece} fork.`,
    clause: (idea) => {
      const fork = detailOf(idea, "fork");
      return fork
        ? `${on(fork.attacker)} attacks ${list(fork.targets.map(on))} at once`
        : "one piece attacks two targets at once";
    },
  },
  pin: {
    name: "a pin",
    subtle: (piece) => `Look for a pin with your ${piece}.`,
    clause: (idea) => {
      const pin = detailOf(idea, "pin");
      return pin
        ? `${on(pin.front)} cannot move without exposing ${on(pin.behind)} behind it to ${on(pin.attacker)}`
        : "a pinned piece cannot move without exposing a more valuable piece behind it";
    },
  },
  skewer: {
    name: "a skewer",
    subtle: (piece) => `Look for a skewer with your ${piece}.`,
    clause: (idea) => {
      const skewer = detailOf(idea, "skewer");
      return skewer
        ? `${on(skewer.attacker)} attacks ${on(skewer.front)}, and once it steps aside ${on(skewer.behind)} falls`
        : "a valuable piece is attacked and, once it steps aside, the piece behind it falls";
    },
  },
  discoveredAttack: {
    name: "a discovered attack",
    subtle: (piece) => `Look for a discovered attack: moving your ${piece} can unmask the piece behind it.`,
    clause: (idea) => {
      const found = detailOf(idea, "discovered");
      return found
        ? `moving the ${PIECE[found.mover.role]} from ${found.mover.square} unmasks ${on(found.attacker)}, ` +
            `which now attacks ${on(found.target)}`
        : "moving one piece out of the way unmasks an attack by the piece behind it";
    },
  },
  doubleCheck: {
    name: "a double check",
    subtle: (piece) => `Look for a double check: your ${piece} can move and uncover a second check.`,
    clause: (idea, facts) => {
      const double = detailOf(idea, "doubleCheck");
      const ply = double && facts.plies[double.ply];
      return double && ply
        ? `after ${numbered(ply)} ${list(double.checkers.map(on))} both give check, so the king has to move`
        : "two pieces give check at once, so only a king move can answer it";
    },
  },
  deflection: {
    name: "a deflection",
    subtle: (piece) => `Deflect a defender: your ${piece} can drag a key enemy piece away from its duty.`,
    clause: (idea, facts) => {
      const lure = detailOf(idea, "lure");
      const reply = lure && facts.plies[lure.ply];
      return lure && reply
        ? `after ${numbered(reply)} the ${PIECE[lure.piece.role]} has been pulled away from its defensive duty`
        : "a defender is forced away from the square or piece it guards";
    },
  },
  attraction: {
    name: "an attraction (decoy)",
    subtle: (piece) => `Lure an enemy piece onto a fatal square with your ${piece}.`,
    clause: (idea, facts) => {
      const lure = detailOf(idea, "lure");
      const reply = lure && facts.plies[lure.ply];
      return lure && reply
        ? `after ${numbered(reply)} the ${PIECE[lure.piece.role]} stands on ${lure.piece.square}, exactly where it gets hit`
        : "an enemy piece is lured onto a square where it can be hit";
    },
  },
  sacrifice: {
    name: "a sacrifice",
    subtle: (piece) => `Be ready to give up material: your ${piece} opens the way.`,
    clause: (idea, facts) => {
      const given = detailOf(idea, "sacrifice");
      return given
        ? `${SIDE[facts.solver]} gives up ${on(given.piece)} to open the way`
        : "giving up material opens the way to something bigger";
    },
  },
  capturingDefender: simple(
    "capturing the defender",
    (piece) => `Remove the defender: your ${piece} can take the piece that holds everything together.`,
    "taking the defender leaves what it guarded unprotected",
  ),
  interference: simple(
    "an interference",
    (piece) => `Cut the enemy's lines: put your ${piece} between two enemy pieces.`,
    "a piece steps between two enemy pieces and cuts their connection",
  ),
  clearance: simple(
    "a clearance",
    (piece) => `Clear the way: move your ${piece} with tempo to free a square or a line.`,
    "a piece moves out of the way with tempo to free a square or a line",
  ),
  intermezzo: simple(
    "an in-between move",
    (piece) => `Before the obvious recapture, look for an in-between move with your ${piece}.`,
    "an in-between move comes before the expected recapture",
  ),
  xRayAttack: simple(
    "an x-ray attack",
    (piece) => `Look through the enemy pieces: your ${piece} has an x-ray attack.`,
    "a piece acts through an enemy piece along the same line",
  ),
  trappedPiece: simple(
    "a trapped piece",
    (piece) => `An enemy piece is short of squares: trap it with your ${piece}.`,
    "an enemy piece has no safe square left and is lost",
  ),
  hangingPiece: {
    name: "a hanging piece",
    subtle: (piece) => `Something is left undefended: see what your ${piece} can take.`,
    clause: (idea) => {
      const hanging = detailOf(idea, "hanging");
      return hanging
        ? `${on(hanging.victim)} was left undefended`
        : "an undefended piece can simply be taken";
    },
  },
  underPromotion: {
    name: "an underpromotion",
    subtle: () => "Your pawn can promote, but a queen is not the best choice.",
    clause: (idea) => {
      const promotion = detailOf(idea, "promotion");
      return promotion
        ? `promoting to a ${PIECE[promotion.role]} on ${promotion.square}, not a queen, is what works`
        : "promoting to a piece other than a queen is what works";
    },
  },
  promotion: {
    name: "a promotion",
    subtle: () => "Your pawn is close to promotion: find its way to the last rank.",
    clause: (idea) => {
      const promotion = detailOf(idea, "promotion");
      return promotion
        ? `the pawn reaches ${promotion.square} and becomes a ${PIECE[promotion.role]}`
        : "a pawn that reaches the last rank becomes a new piece";
    },
  },
  enPassant: simple(
    "en passant",
    () => "Remember the en passant capture.",
    "a pawn that has just advanced two squares can be taken as if it had moved only one",
  ),
  zugzwang: simple(
    "zugzwang",
    (piece) =>
      `Your opponent is running out of good moves: find the ${piece} move that leaves them in zugzwang.`,
    "the opponent has to move, and every move makes things worse",
  ),
  quietMove: {
    name: "a quiet move",
    subtle: (piece) => `No check or capture is needed: find a quiet ${piece} move.`,
    clause: (idea, facts) => {
      const quiet = detailOf(idea, "quiet");
      const ply = quiet && facts.plies[quiet.ply];
      const effect =
        facts.goal.kind === "hold" ? "keeps the balance" : "leaves the opponent without a good answer";
      return `${ply ? `the quiet ${numbered(ply)}` : "a quiet move"}, neither a check nor a capture, ${effect}`;
    },
  },
  defensiveMove: simple(
    "a defensive move",
    (piece) => `Deal with the threat first: find the right defensive move with your ${piece}.`,
    "the move deals with the opponent's threat before anything else",
  ),
  attackingF2F7: {
    name: "an attack on the weak point beside the king",
    subtle: (piece) =>
      `The weak point beside the enemy king, on the f-file, is the target: aim your ${piece} at it.`,
    clause: (_idea, facts) =>
      `${weakPawnSquare(facts)}, beside the king on its starting square, is the weak point, and a blow there tears its position open`,
  },
  advancedPawn: {
    name: "an advanced pawn",
    subtle: (piece, facts) => {
      const advance = advanceOf(facts);
      const pawn = piece === PIECE.pawn;
      if (advance && advance.ply < 0)
        return pawn
          ? "One of your pawns is a step from queening: find the way through."
          : `One of your pawns is a step from queening: see how your ${piece} helps it through.`;
      if (advance)
        return pawn
          ? "Push one of your pawns to the rank before queening."
          : `One of your pawns can reach the rank before queening: see how your ${piece} helps it forward.`;
      return `An advanced pawn is part of the idea: see how your ${piece} helps it forward.`;
    },
    clause: (idea) => {
      const advance = detailOf(idea, "advance");
      if (!advance) return "a pawn deep in the enemy camp is close to queening";
      return advance.ply < 0
        ? `the pawn on ${advance.square} is one step from queening`
        : `the pawn reaches ${advance.square}, one step from queening`;
    },
  },
  exposedKing: simple(
    "an exposed king",
    (piece) => `The enemy king is exposed: go after it with your ${piece}.`,
    "the king has lost its shelter and is open to attack",
  ),
};

/** The pawn one step from queening that the advanced-pawn idea is about. */
function advanceOf(facts: Facts) {
  return facts.ideas.map((idea) => detailOf(idea, "advance")).find(Boolean);
}

function goalText(facts: Facts): string {
  switch (facts.goal.kind) {
    case "mate":
      return facts.goal.moves === undefined ? "force checkmate" : `mate in ${facts.goal.moves}`;
    case "promote":
      return "promote the pawn";
    case "material":
      return "win material";
    case "hold":
      return "hold the draw";
    case "decisive":
      return "gain a decisive advantage";
    case "advantage":
      return "gain the advantage";
    case "best":
      return "find the best move";
  }
}

function subtle(facts: Facts): string {
  const [idea] = facts.ideas;
  if (!idea) return plainSubtle(facts);
  const later = solverMoveOf(idea);
  const when = later && later > 1 ? ` It comes on your ${ORDINAL[later] ?? `${later}th`} move.` : "";
  const standing = standingLineAttack(idea, facts);
  const text = standing
    ? `Your ${PIECE[standing.attacker.role]} already ${standingText(standing)}: make use of it with your ${PIECE[facts.first.role]}.`
    : `${THEMES[idea.theme].subtle(PIECE[idea.piece], facts)}${when}`;
  const tactic = isMateTheme(idea.theme) ? facts.ideas.find((other) => !isMateTheme(other.theme)) : undefined;
  if (!tactic) return text;
  const tacticMove = solverMoveOf(tactic);
  const timing =
    tacticMove && tacticMove > 1 ? `, on your ${ORDINAL[tacticMove] ?? `${tacticMove}th`} move` : "";
  return `${text} The key idea is ${THEMES[tactic.theme].name}${timing}.`;
}

/**
 * Level 1 without a named theme: what the first move does, said without the move or a square: the mate it
 * threatens, the pieces it attacks, its check or capture, else what the line achieves.
 */
function plainSubtle(facts: Facts): string {
  const { first, aim } = facts;
  const piece = PIECE[first.role];
  if (aim.mateThreat) return `Your ${piece} can set up a threat of mate.`;
  if (aim.attacks.length > 0)
    return `Your ${piece} can attack ${list(aim.attacks.map((target) => `the enemy ${PIECE[target.role]}`))}.`;
  if (first.check) return `Start with a check from your ${piece}.`;
  if (first.captured) return `Your ${piece} can take the enemy ${PIECE[first.captured]}.`;
  if (facts.goal.kind !== "best") return `Find the ${piece} move that lets you ${goalText(facts)}.`;
  const next = facts.next?.move;
  if (next?.captured) return `Your ${piece} move prepares a capture on your second move.`;
  if (next?.check) return `Your ${piece} move prepares a check on your second move.`;
  if (facts.next?.aim.attacks.length) return `Your ${piece} move prepares an attack on your second move.`;
  if (facts.plies.every((ply) => ply.color !== facts.solver || ply.role === "king"))
    return "Your king leads the way here: find where it must go.";
  return `Find the strongest continuation with your ${piece}.`;
}

/** "pins the enemy knight to its king", "skewers the enemy queen and the rook behind it". */
function standingText(attack: { kind: "pin" | "skewer"; front: Placed; behind: Placed }): string {
  const front = PIECE[attack.front.role];
  const behind = PIECE[attack.behind.role];
  return attack.kind === "pin"
    ? `pins the enemy ${front} to its ${behind}`
    : `skewers the enemy ${front} and the ${behind} behind it`;
}

/** What the solver's second move does: "after 21... a5, 22. Rc1 attacks the rook on c8". */
function followUp(facts: Facts): string | undefined {
  const next = facts.next;
  if (!next) return undefined;
  const { move, aim } = next;
  const check = move.check ? " with check" : "";
  let effect: string;
  if (move.captured) effect = `takes the ${PIECE[move.captured]}${check}`;
  else if (aim.mateThreat) effect = `threatens mate on ${aim.mateThreat}`;
  else if (aim.attacks.length > 0) effect = `attacks ${list(aim.attacks.map(on))}${check}`;
  else if (move.check) effect = "gives check";
  else effect = "follows";
  return `after ${numbered(next.reply)}, ${numbered(move)} ${effect}`;
}

/** Level 2: the piece, where it goes and what it aims at there (its check, the pieces it attacks, a mate threat). */
function moderate(facts: Facts, subtleText: string): string {
  const { first, aim } = facts;
  const piece = `Your ${PIECE[first.role]} on ${first.from}`;
  let move = first.promotion
    ? `${piece} promotes on ${first.to}`
    : first.captured
      ? `${piece} takes on ${first.to}`
      : `${piece} goes to ${first.to}`;
  if (first.check && !first.mate) move += " with check";
  // In a mating line the mate is the point: what else the move attacks would only distract.
  if (facts.goal.kind !== "mate") {
    if (aim.mateThreat) move += `, threatening mate on ${aim.mateThreat}`;
    else if (aim.attacks.length > 0) move += `, attacking ${list(aim.attacks.map(on))}`;
  }
  // Without a named idea the level-1 text only said what this sentence now says with the squares.
  return facts.ideas.length === 0 ? `${move}.` : `${move}. ${subtleText}`;
}

/** The explicit hint's reason: what the first move does on the board, or else what the line achieves. */
function firstMoveReason(facts: Facts): string {
  if (facts.first.mate) return "it is checkmate";
  const detail = firstMoveDetail(facts);
  switch (detail?.kind) {
    case "fork":
      return `it forks ${list(detail.targets.map((target) => `the ${PIECE[target.role]}`))}`;
    case "pin":
      return `it pins the ${PIECE[detail.front.role]} to the ${PIECE[detail.behind.role]}`;
    case "skewer":
      return `it skewers the ${PIECE[detail.front.role]} and the ${PIECE[detail.behind.role]} behind it`;
    case "discovered":
      return `it opens the line for your ${PIECE[detail.attacker.role]} to hit the ${PIECE[detail.target.role]}`;
    case "doubleCheck":
      return "it gives double check";
    case "hanging":
      return `it takes the undefended ${PIECE[detail.victim.role]}`;
    case "promotion":
      return `the pawn promotes to a ${PIECE[detail.role]}`;
    case "advance":
      return `the pawn reaches ${detail.square}, one step from queening`;
    default:
      if (facts.goal.kind === "mate") return lineReason(facts);
      if (facts.aim.mateThreat) return `it threatens mate on ${facts.aim.mateThreat}`;
      if (facts.aim.attacks.length > 0) return `it attacks ${list(facts.aim.attacks.map(on))}`;
      return lineReason(facts);
  }
}

/** What the first move does by itself on the board: the piece it takes, its check, its threat, its targets. */
function firstMoveAction(facts: Facts): string | undefined {
  const { first, aim } = facts;
  const check = first.check ? " with check" : "";
  if (first.captured) return `takes the ${PIECE[first.captured]} on ${first.to}${check}`;
  if (aim.mateThreat) return `threatens mate on ${aim.mateThreat}${check}`;
  if (aim.attacks.length > 0) return `attacks ${list(aim.attacks.map(on))}${check}`;
  return first.check ? "gives check" : undefined;
}

/** How the line mates: the reply and the mate for a mate in 2, the final mate of a longer one. */
function mateReason(facts: Facts, action: string | undefined): string {
  const [, reply, second] = facts.plies;
  const last = facts.plies.at(-1);
  const delivered = facts.goal.kind === "mate" && facts.goal.delivered;
  if (delivered && facts.plies.length === 3 && reply && second)
    return action
      ? `it ${action}, and after ${numbered(reply)}, ${numbered(second)} is checkmate`
      : `after ${numbered(reply)}, ${numbered(second)} is checkmate`;
  const ending = delivered && last ? `, ending with ${numbered(last)}` : "";
  return action
    ? `it ${action} and starts ${forcedMate(facts)}${ending}`
    : `it starts ${forcedMate(facts)}${ending}`;
}

/** The explicit hint's reason from what the line achieves, with what the first move does on the way. */
function lineReason(facts: Facts): string {
  const action = firstMoveAction(facts);
  const and = (result: string) => (action ? `it ${action} and ${result}` : `it ${result}`);
  switch (facts.goal.kind) {
    case "mate":
      return mateReason(facts, action);
    case "promote": {
      const promotion = facts.ideas.map((idea) => detailOf(idea, "promotion")).find(Boolean);
      return and(`clears the way for the pawn to promote${promotion ? ` on ${promotion.square}` : ""}`);
    }
    case "material":
      return `it wins ${winnings(facts)}`;
    case "hold":
      return and("holds the draw");
    case "decisive":
      return and("gives you a decisive advantage");
    case "advantage":
      return and("gives you the better game");
    case "best": {
      const [idea] = facts.ideas;
      const next = followUp(facts);
      if (next && !next.endsWith(" follows")) return next;
      if (action) return `it ${action}`;
      return next ?? (idea ? THEMES[idea.theme].clause(idea, facts) : "it is the strongest move here");
    }
  }
}

function outcome(facts: Facts): string {
  const line = `The line ${facts.line}`;
  const side = SIDE[facts.solver];
  const goal = facts.goal;
  switch (goal.kind) {
    case "mate":
      return goal.delivered && goal.moves !== undefined
        ? `${line} mates in ${moves(goal.moves)}.`
        : `${line} leads to ${forcedMate(facts)}.`;
    case "promote": {
      const promotion = facts.ideas.map((idea) => detailOf(idea, "promotion")).find(Boolean);
      if (!promotion) return `${line} clears the way for the pawn to promote.`;
      const extra = winsBesides(facts) ? `, and ${side} also wins ${winnings(facts)}` : "";
      return `${line} promotes the pawn to a ${PIECE[promotion.role]} on ${promotion.square}${extra}.`;
    }
    case "material":
      return `${line} wins ${winnings(facts)}.`;
    case "hold":
      return `${line} holds the balance.`;
    case "decisive":
      return `${line} gives ${side} a decisive advantage.`;
    case "advantage":
      return `${line} gives ${side} the better game.`;
    case "best":
      return `${line} is ${side}'s strongest continuation.`;
  }
}

function ideaSentences(facts: Facts): string[] {
  return mainIdeas(facts).map((idea, index) => {
    const words = THEMES[idea.theme];
    const lead = index === 0 ? "The idea is" : "It also involves";
    return `${lead} ${words.name}: ${words.clause(idea, facts)}.`;
  });
}

function alternativeSentences(facts: Facts): string[] {
  const alternative = facts.alternative;
  if (!alternative) return [];
  const { move, reply } = alternative;
  const opponent = SIDE[opposite(facts.solver)];
  const trade = tradeOf(alternative);
  const taken = reply.captured ? `, taking the ${PIECE[reply.captured]}` : "";
  const effect = reply.mate ? ", which is checkmate" : taken;
  const first = trade
    ? `The natural-looking ${numbered(move)}? only trades ${tradeText(trade)} after ${numbered(reply)}.`
    : `The natural-looking ${numbered(move)}? lets ${opponent} answer ${numbered(reply)}${effect}.`;
  const after = reply.mate ? undefined : aftermath(facts, alternative.cp, alternative.mate);
  return after ? [first, after] : [first];
}

/** "queens", or "the bishop for a knight" when the traded pieces differ. */
function tradeText(trade: { taken: Role; given: Role }): string {
  return trade.taken === trade.given
    ? `${PIECE[trade.taken]}s`
    : `a ${PIECE[trade.given]} for a ${PIECE[trade.taken]}`;
}

/** What the alternative's engine score (solver's view) means, when it says something clear. */
function aftermath(facts: Facts, cp: number | undefined, mate: number | undefined): string | undefined {
  const side = SIDE[facts.solver];
  const opponent = SIDE[opposite(facts.solver)];
  if (mate !== undefined && mate < 0) return `${opponent} then mates by force.`;
  if (cp === undefined) return undefined;
  if (cp <= -200) return `${opponent} is then winning.`;
  if (cp < -50) return `${opponent} is then better.`;
  if (cp < 50) return facts.goal.kind === "hold" ? undefined : "The advantage is then gone.";
  if (cp < 200) return `${side} then keeps only a small edge.`;
  return undefined;
}

function evaluation(facts: Facts): string | undefined {
  const cp = facts.cp;
  if (cp === undefined || facts.goal.kind === "mate") return undefined;
  if (Math.abs(cp) < 30) return "The engine rates the final position as about equal.";
  const favoured = SIDE[cp > 0 ? facts.solver : opposite(facts.solver)];
  return `The engine rates the final position ${formatEval(cp)} pawns better for ${favoured}.`;
}

/** English texts. */
export const ENGLISH: Phrasebook = {
  description: (facts) => `${SIDE[facts.solver]} to move: ${goalText(facts)}`,
  subtle,
  moderate,
  explicit: (facts) => `Play ${facts.first.san}: ${firstMoveReason(facts)}.`,
  explanation: (facts) =>
    [outcome(facts), ...ideaSentences(facts), ...alternativeSentences(facts), evaluation(facts)]
      .filter(Boolean)
      .join(" "),
};
