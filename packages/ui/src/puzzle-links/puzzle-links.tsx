import { ExternalLink, Microscope } from "lucide-react";
import type * as React from "react";
import { buttonVariants } from "../button/button";
import { cn } from "../lib/cn";

/** The only game addresses the links show: lichess games over https. */
export const isLichessUrl = (href: string | null | undefined): href is string =>
  typeof href === "string" && /^https:\/\/lichess\.org\/[^\s]*$/.test(href);

export type PuzzleLinksProps = Omit<React.ComponentProps<"nav">, "title"> & {
  /** The name of the links, e.g. "Around this puzzle". */
  title: string;
  /** Analyse: the analysis board's address with the puzzle's position. */
  analyseHref: string;
  analyseLabel: string;
  /** What Analyse opens, e.g. "Open this position on an analysis board…" (its description). */
  analyseDescription: string;
  /**
   * Called on a plain click on Analyse (no modifier key) before the browser follows the link; a single-page app
   * calls `event.preventDefault()` and navigates itself.
   */
  onAnalyse?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  /** The game on lichess the puzzle came from; any other address is not shown. */
  gameUrl?: string | null;
  gameLabel?: string;
  /** Read after the game link's name, e.g. "(opens lichess in a new tab)". */
  newTabLabel?: string;
};

/**
 * What a player can do around a finished puzzle: open its position on the analysis board, and see the lichess game it
 * came from (a new tab, `noopener noreferrer`; only https://lichess.org addresses).
 */
export function PuzzleLinks({
  title,
  analyseHref,
  analyseLabel,
  analyseDescription,
  onAnalyse,
  gameUrl,
  gameLabel,
  newTabLabel,
  className,
  ...props
}: PuzzleLinksProps) {
  const game = isLichessUrl(gameUrl) && gameLabel ? gameUrl : null;
  return (
    <nav
      data-slot="puzzle-links"
      aria-label={title}
      className={cn("flex flex-wrap items-center gap-x-4 gap-y-2", className)}
      {...props}
    >
      <a
        href={analyseHref}
        data-slot="puzzle-links-analyse"
        title={analyseDescription}
        aria-description={analyseDescription}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          onAnalyse?.(event);
        }}
        className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "no-underline")}
      >
        <Microscope aria-hidden />
        {analyseLabel}
      </a>
      {game ? (
        <a
          href={game}
          target="_blank"
          rel="noopener noreferrer"
          data-slot="puzzle-links-game"
          className="inline-flex items-center gap-1 text-sm font-semibold text-current underline underline-offset-4 hover:no-underline"
        >
          {gameLabel}
          <ExternalLink aria-hidden className="size-4 rtl:-scale-x-100" />
          {newTabLabel ? <span className="sr-only">{newTabLabel}</span> : null}
        </a>
      ) : null}
    </nav>
  );
}
