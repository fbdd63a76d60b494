import { MessageSquare } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";

/** A move of the repertoire's tree, with the moves that follow it (the first continues the line). */
export interface RepertoireTreeItem {
  /** Unique in the tree (the path's moves, e.g. "e4 e5 Nf3"). */
  key: string;
  /** 0 for White's first move. */
  ply: number;
  san: string;
  /** The repertoire side's move (the player's answer) or the opponent's. */
  byPlayer: boolean;
  commented?: boolean;
  children: readonly RepertoireTreeItem[];
}

export interface RepertoireMoveTreeProps extends Omit<React.ComponentProps<"fieldset">, "onSelect"> {
  items: readonly RepertoireTreeItem[];
  /** The key of the move on the board, or null at the start position. */
  selected: string | null;
  onSelect: (key: string) => void;
  /** The tree's accessible name ("Moves of the repertoire"). */
  label: string;
  /** Shown when the tree has no move yet. */
  empty: string;
}

function numbered(item: RepertoireTreeItem): string {
  const number = Math.floor(item.ply / 2) + 1;
  return item.ply % 2 === 0 ? `${number}.${item.san}` : `${number}...${item.san}`;
}

/**
 * A repertoire's moves as a move list with variations, as PGN writes them: the main line runs on, each other branch
 * is an indented block under the move it replaces. Every move is a button that puts its position on the board (Tab
 * and Enter); the move on the board is marked (aria-current). The player's moves are bold; a commented move has a
 * mark. Moves read left to right in both languages.
 */
export function RepertoireMoveTree({
  items,
  selected,
  onSelect,
  label,
  empty,
  className,
  ...props
}: RepertoireMoveTreeProps) {
  const move = (item: RepertoireTreeItem, first: boolean) => (
    <button
      key={item.key}
      type="button"
      data-move={item.key}
      data-by-player={item.byPlayer}
      aria-current={item.key === selected ? "true" : undefined}
      aria-label={numbered(item)}
      onClick={() => onSelect(item.key)}
      className={cn(
        "inline-flex items-center gap-0.5 rounded px-1 py-0.5 text-fg hover:bg-surface-strong",
        item.byPlayer && "font-bold",
        item.key === selected && "bg-brand text-brand-fg hover:bg-brand",
      )}
    >
      {/* A White move shows its number; a Black move only where a line or a branch starts with it. */}
      {item.ply % 2 === 0 || first ? numbered(item) : item.san}
      {item.commented ? <MessageSquare aria-hidden className="size-3" /> : null}
    </button>
  );
  /** One line from `list`'s first move on, its siblings as branches under it. */
  const line = (list: readonly RepertoireTreeItem[], first: boolean): React.ReactNode[] => {
    const [main, ...others] = list;
    if (!main) return [];
    const nodes: React.ReactNode[] = [move(main, first)];
    for (const other of others) {
      nodes.push(
        <div
          key={`branch-${other.key}`}
          data-slot="repertoire-branch"
          className="my-0.5 basis-full border-s-2 border-line ps-2"
        >
          <div className="flex flex-wrap items-baseline gap-x-0.5">{line([other], true)}</div>
        </div>,
      );
    }
    return [...nodes, ...line(main.children, others.length > 0)];
  };
  return (
    <fieldset
      aria-label={label}
      dir="ltr"
      data-slot="repertoire-move-tree"
      className={cn("m-0 min-w-0 border-0 p-0 font-mono text-sm", className)}
      {...props}
    >
      {items.length === 0 ? (
        <p className="m-0 font-sans text-fg-muted" dir="auto">
          {empty}
        </p>
      ) : (
        <div className="flex flex-wrap items-baseline gap-x-0.5">{line(items, true)}</div>
      )}
    </fieldset>
  );
}
