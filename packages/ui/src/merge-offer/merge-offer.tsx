import type * as React from "react";
import { useId } from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export interface MergeOfferLabels {
  /** The question: "Add this browser's progress to your account?" */
  title: string;
  /** What the browser holds and what each answer does. */
  description: string;
  add: string;
  /** The add button's label while the records are on their way. */
  adding: string;
  keep: string;
}

export type MergeOfferProps = Omit<React.ComponentProps<"section">, "children"> & {
  labels: MergeOfferLabels;
  onAdd: () => void;
  onKeep: () => void;
  /** The player chose Add and the records are being added: both answers wait. */
  adding?: boolean;
};

/**
 * The offer a player gets on signing in from a browser that trained without an account (issue 38): add this
 * browser's progress to the account, or keep it separate. A region under the site's bar, named by its question; it
 * takes no focus and blocks nothing (the player may go on training and answer later).
 *
 * **Do**
 * - Say what the browser holds (how many puzzles) and what "Keep separate" means: the progress stays on this
 *   browser and comes back after signing out.
 * - Keep it on view until the player answers: each answer is remembered for this browser and account.
 *
 * **Don't**
 * - Don't make it a dialog: signing in must never stop the page the player came back to.
 * - Don't word Add as if it replaced the account's progress: the two are joined.
 */
export function MergeOffer({ labels, onAdd, onKeep, adding = false, className, ...props }: MergeOfferProps) {
  const titleId = useId();
  return (
    <section
      data-slot="merge-offer"
      data-state={adding ? "adding" : "open"}
      // Named by its question, unless the caller names it otherwise (several on one page, as in the workbench).
      aria-labelledby={props["aria-label"] ? undefined : titleId}
      aria-busy={adding || undefined}
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-line-strong bg-surface p-4 text-fg shadow-sm md:flex-row md:items-center md:gap-6",
        className,
      )}
      {...props}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={titleId} data-slot="merge-offer-title" className="m-0 text-base font-bold">
          {labels.title}
        </h2>
        <p data-slot="merge-offer-description" className="m-0 text-sm text-fg-soft">
          {labels.description}
        </p>
      </div>
      <div data-slot="merge-offer-actions" className="flex shrink-0 flex-wrap gap-2">
        <Button onClick={onAdd} disabled={adding}>
          {adding ? labels.adding : labels.add}
        </Button>
        <Button variant="secondary" onClick={onKeep} disabled={adding}>
          {labels.keep}
        </Button>
      </div>
    </section>
  );
}
