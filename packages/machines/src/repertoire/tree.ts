import type { BilingualComment, RepertoireFile, RepertoireSide } from "@ct/chess";

/**
 * A repertoire as a tree (issue 40): the lines of one opening merged by position, so lines that share their first
 * moves share their nodes, and the player's side decides which moves are the player's to find. Lines keep their order
 * and get stable ids (`${openingId}/${index}`), which progress records are keyed by.
 */

export interface TreeMove {
  san: string;
  uci: string;
  /** The position the move is played from (placement, side, castling, en passant). */
  fenBefore: string;
  comment?: BilingualComment;
  /** True for the player's moves (the repertoire side's), false for the opponent's. */
  byPlayer: boolean;
}

export interface TreeLine {
  id: string;
  name: BilingualComment;
  eco: string;
  moves: TreeMove[];
}

/** A position of the tree and the moves the repertoire plays from it (one for the player, one or more otherwise). */
export interface TreeNode {
  fen: string;
  byPlayer: boolean;
  /** Each move with the ids of the lines that play it here. */
  moves: { move: TreeMove; lineIds: string[] }[];
}

export interface RepertoireTree {
  openingId: string;
  opening: string;
  side: RepertoireSide;
  lines: TreeLine[];
  nodes: Map<string, TreeNode>;
}

/** The id of a line: the opening's id and the line's place in its file. */
export function lineId(openingId: string, index: number): string {
  return `${openingId}/${index}`;
}

/** Merges a repertoire file's lines into a tree. */
export function buildTree(openingId: string, file: RepertoireFile): RepertoireTree {
  const playerParity = file.side === "white" ? 0 : 1;
  const nodes = new Map<string, TreeNode>();
  const lines = file.lines.map((line, index): TreeLine => {
    const id = lineId(openingId, index);
    const moves = line.moves.map((move, ply): TreeMove => ({ ...move, byPlayer: ply % 2 === playerParity }));
    for (const move of moves) {
      let node = nodes.get(move.fenBefore);
      if (!node) {
        node = { fen: move.fenBefore, byPlayer: move.byPlayer, moves: [] };
        nodes.set(move.fenBefore, node);
      }
      const known = node.moves.find((entry) => entry.move.san === move.san);
      if (known) {
        if (!known.lineIds.includes(id)) known.lineIds.push(id);
        if (!known.move.comment && move.comment) known.move = move;
      } else node.moves.push({ move, lineIds: [id] });
    }
    return { id, name: line.name, eco: line.eco, moves };
  });
  // A move two lines share keeps its comment in both, whichever line's copy of it was commented.
  for (const line of lines) {
    line.moves = line.moves.map((move) => {
      if (move.comment) return move;
      const shared = nodes.get(move.fenBefore)?.moves.find((entry) => entry.move.san === move.san)?.move;
      return shared?.comment ? { ...move, comment: shared.comment } : move;
    });
  }
  return { openingId, opening: file.opening, side: file.side, lines, nodes };
}

/** The moves the player is asked in a line: each position once per line. */
export function playerMoves(line: TreeLine): TreeMove[] {
  return line.moves.filter((move) => move.byPlayer);
}

/** The repertoire's move for the player in a position, or undefined when the tree has none there. */
export function repertoireMove(tree: RepertoireTree, fen: string): TreeMove | undefined {
  const node = tree.nodes.get(fen);
  return node?.byPlayer ? node.moves[0]?.move : undefined;
}
