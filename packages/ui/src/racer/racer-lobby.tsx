import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export interface RacerLobbyPlayer {
  id: string;
  name: string;
  you?: boolean;
  owner?: boolean;
}

export type RacerLobbyProps = Omit<React.ComponentProps<"section">, "children"> & {
  title: string;
  /** The share line and the race's link (none for the public queue's races). */
  share: { text: string; link: string; copy: { label: string; onClick: () => void } } | null;
  playersTitle: string;
  players: readonly RacerLobbyPlayer[];
  labels: { you: string; owner: string };
  /** The owner's Start (null for the others and the queue). */
  start: { label: string; onClick: () => void; disabled?: boolean } | null;
  /** A line on what happens next ("The owner starts the race", a countdown). */
  status: string;
};

/** Puzzle Racer's lobby: the link to share, the players who joined, and Start for the race's owner. */
export function RacerLobby({
  title,
  share,
  playersTitle,
  players,
  labels,
  start,
  status,
  className,
  ...props
}: RacerLobbyProps) {
  return (
    <section
      data-slot="racer-lobby"
      className={cn("flex flex-col gap-4 rounded-md border border-line bg-surface p-4", className)}
      {...props}
    >
      <h2 className="m-0 text-lg font-semibold text-fg">{title}</h2>
      {share ? (
        <div className="flex flex-col gap-2">
          <p className="m-0 text-fg">{share.text}</p>
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              dir="ltr"
              aria-label={share.text}
              value={share.link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-sm border border-line-input bg-canvas px-2 py-1.5 font-mono text-sm text-fg"
            />
            <Button variant="secondary" onClick={share.copy.onClick}>
              {share.copy.label}
            </Button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        <h3 className="m-0 text-base font-semibold text-fg">{playersTitle}</h3>
        <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
          {players.map((player) => (
            <li
              key={player.id}
              data-player={player.name}
              className={cn(
                "rounded-full border px-3 py-1 text-sm",
                player.you ? "border-brand bg-brand-soft text-fg" : "border-line text-fg",
              )}
            >
              <bdi>{player.name}</bdi>
              {player.you ? <span className="ms-1 text-fg-muted">({labels.you})</span> : null}
              {player.owner ? <span className="ms-1 text-fg-muted">· {labels.owner}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <p data-slot="racer-status" className="m-0 text-fg-muted" aria-live="polite">
        {status}
      </p>
      {start ? (
        <div>
          <Button size="lg" onClick={start.onClick} disabled={start.disabled}>
            {start.label}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
