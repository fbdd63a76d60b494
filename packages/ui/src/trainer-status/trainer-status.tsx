import { cva } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";

/** Where a trainer stands, in words: on (info), right or done (success), wrong or failed (failure, with details). */
export interface TrainerStatusValue {
  tone: "info" | "success" | "failure";
  text: string;
  /** A second sentence (the right move, the better one). */
  detail?: string | undefined;
}

const trainerStatusVariants = cva("rounded-md border px-3 py-2 text-sm", {
  variants: {
    tone: {
      info: "border-line bg-surface text-fg",
      success: "border-success-line bg-success-soft text-fg",
      failure: "border-danger-line bg-danger-soft text-fg",
    },
  },
});

export type TrainerStatusProps = Omit<React.ComponentProps<"div">, "children"> & {
  status: TrainerStatusValue;
};

/**
 * A trainer's state in a side panel (the repertoire's, the endgame course's), announced politely as it changes. Not
 * the puzzle trainer's verdict on a move, which is the FeedbackCard.
 */
export function TrainerStatus({ status, className, ...props }: TrainerStatusProps) {
  return (
    <div
      role="status"
      data-tone={status.tone}
      className={cn(trainerStatusVariants({ tone: status.tone }), className)}
      {...props}
    >
      <p className="m-0 font-semibold">{status.text}</p>
      {status.detail ? <p className="m-0 mt-1">{status.detail}</p> : null}
    </div>
  );
}
