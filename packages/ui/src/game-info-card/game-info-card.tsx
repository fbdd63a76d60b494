import { ListFilter } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../card";
import { cn } from "../lib/cn";

/** The game a position comes from (the position's game_metadata, spec section 3). */
export interface GameInfo {
  white?: string | null;
  black?: string | null;
  white_elo?: number | null;
  black_elo?: number | null;
  move_number?: number | null;
  side_to_move?: "white" | "black" | null;
  opening?: string | null;
  eco?: string | null;
}

export interface GameInfoLabels {
  title: string;
  white: string;
  black: string;
  opening: string;
  eco: string;
  moveNumber: string;
  sideToMove: string;
  sides: { white: string; black: string };
  /** Describes what clicking the opening does, e.g. "Show only positions from this opening". */
  filterByOpening: string;
}

export type GameInfoCardProps = Omit<React.ComponentProps<"section">, "children"> & {
  info: GameInfo;
  labels: GameInfoLabels;
  /** Formats ratings and the move number in the page's language. */
  locale: string;
  /** The opening's name in the page's language; defaults to `info.opening`. */
  openingLabel?: string | undefined;
  /** Clicking the opening sets the opening filter (spec section 2); called with `info.opening`. */
  onOpeningClick?: (opening: string) => void;
};

/** Game information: white, black, ratings, opening, ECO, move number and side to move. Missing fields are left out. */
export function GameInfoCard({
  info,
  labels,
  locale,
  openingLabel,
  onOpeningClick,
  className,
  ...props
}: GameInfoCardProps) {
  const headingId = useId();
  const hintId = useId();
  const number = new Intl.NumberFormat(locale, { useGrouping: false });
  const player = (name: string | null | undefined, elo: number | null | undefined) =>
    name ? (
      <>
        <bdi>{name}</bdi>
        {elo != null ? <span className="text-fg-subtle tabular-nums"> ({number.format(elo)})</span> : null}
      </>
    ) : null;
  const opening = info.opening ?? null;
  const rows: [string, string, React.ReactNode][] = [];
  const add = (key: string, term: string, value: React.ReactNode) => {
    if (value !== null && value !== undefined && value !== "") rows.push([key, term, value]);
  };
  add("white", labels.white, player(info.white, info.white_elo));
  add("black", labels.black, player(info.black, info.black_elo));
  add(
    "opening",
    labels.opening,
    opening ? (
      onOpeningClick ? (
        <button
          type="button"
          aria-describedby={hintId}
          onClick={() => onOpeningClick(opening)}
          className="inline-flex items-center gap-1 rounded text-start font-semibold text-brand underline underline-offset-4 hover:no-underline"
        >
          {openingLabel ?? opening}
          <ListFilter aria-hidden className="size-4 shrink-0" />
        </button>
      ) : (
        (openingLabel ?? opening)
      )
    ) : null,
  );
  add("eco", labels.eco, info.eco ? <bdi dir="ltr">{info.eco}</bdi> : null);
  add("moveNumber", labels.moveNumber, info.move_number != null ? number.format(info.move_number) : null);
  add("sideToMove", labels.sideToMove, info.side_to_move ? labels.sides[info.side_to_move] : null);

  return (
    <Card
      data-slot="game-info-card"
      aria-labelledby={headingId}
      className={cn("w-full", className)}
      {...props}
    >
      <CardHeader>
        <CardTitle id={headingId}>{labels.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([key, term, value]) => (
            <div key={key} data-field={key} className="contents">
              <dt className="text-fg-subtle">{term}</dt>
              <dd className="m-0 font-semibold text-fg">{value}</dd>
            </div>
          ))}
        </dl>
        {opening && onOpeningClick ? (
          <span id={hintId} className="sr-only">
            {labels.filterByOpening}
          </span>
        ) : null}
      </CardContent>
    </Card>
  );
}
