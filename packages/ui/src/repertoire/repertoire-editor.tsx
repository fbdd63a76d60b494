import type * as React from "react";
import { useId } from "react";
import { Button, buttonVariants } from "../button";
import { Card, CardContent } from "../card";
import { inputClassName, TextField } from "../field";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";
import { TrainerStatus, type TrainerStatusValue } from "../trainer-status";
import { RepertoireMoveTree, type RepertoireTreeItem } from "./repertoire-move-tree";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

interface EditorButton {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

export interface RepertoireEditorProps extends Omit<React.ComponentProps<"section">, "title"> {
  title: string;
  /** "Edit". */
  mode: string;
  /** "You play Black · 24 moves". */
  summary: string;
  /** What to do now, or what the last edit did (announced). */
  status: TrainerStatusValue;
  tree: {
    label: string;
    empty: string;
    items: readonly RepertoireTreeItem[];
    selected: string | null;
    onSelect: (key: string) => void;
  };
  /** Back to the start position, and one move back. */
  start: EditorButton;
  back: EditorButton;
  /** "Remove 3...a6": the move on the board and what follows it (absent at the start position). */
  remove?: EditorButton | null;
  /** The comment of the move on the board (absent at the start position). */
  comment?: {
    label: string;
    hint: string;
    value: string;
    onChange: (value: string) => void;
    save: EditorButton;
  } | null;
  rename: {
    label: string;
    value: string;
    onChange: (value: string) => void;
    save: EditorButton;
  };
  learn: { href: string; label: string };
  drill: { href: string; label: string };
  exportPgn: EditorButton;
  deleteRepertoire: EditorButton;
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
}

/**
 * The side panel of the repertoire editor (issue 40), beside the board where moves are added: the repertoire's name
 * and side, Learn, Drill and Export (first, so they show without scrolling at 1366×768), what to do now (announced),
 * the moves as a tree with variations (a move puts its position on the board), the navigation, the move on the
 * board's Remove and comment, Rename, and Delete at the end. Every text is a prop.
 */
export function RepertoireEditor({
  title,
  mode,
  summary,
  status,
  tree,
  start,
  back,
  remove,
  comment,
  rename,
  learn,
  drill,
  exportPgn,
  deleteRepertoire,
  renderLink = defaultRenderLink,
  className,
  ...props
}: RepertoireEditorProps) {
  const id = useId();
  return (
    <section data-slot="repertoire-editor" className={cn("w-full min-w-0", className)} {...props}>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <div className="flex flex-col gap-1">
            <h2 className="m-0 text-lg font-bold break-words text-fg">
              {title}
              <span className="ms-2 rounded bg-surface-strong px-2 py-0.5 align-middle text-xs font-semibold text-fg">
                {mode}
              </span>
            </h2>
            <p className="m-0 text-sm text-fg-muted" data-slot="repertoire-editor-summary">
              {summary}
            </p>
          </div>
          <div className="flex flex-wrap gap-2" data-slot="repertoire-editor-actions">
            {renderLink({
              href: learn.href,
              className: buttonVariants({ variant: "secondary", size: "sm" }),
              children: learn.label,
            })}
            {renderLink({
              href: drill.href,
              className: buttonVariants({ variant: "primary", size: "sm" }),
              children: drill.label,
            })}
            <Button size="sm" variant="secondary" onClick={exportPgn.onClick}>
              {exportPgn.label}
            </Button>
          </div>
          <TrainerStatus data-slot="repertoire-editor-status" status={status} />
          <div className="flex flex-col gap-2">
            <h3 className="m-0 text-sm font-semibold text-fg-muted">{tree.label}</h3>
            <RepertoireMoveTree
              label={tree.label}
              empty={tree.empty}
              items={tree.items}
              selected={tree.selected}
              onSelect={tree.onSelect}
              className="max-h-64 overflow-y-auto"
            />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" disabled={start.disabled} onClick={start.onClick}>
                {start.label}
              </Button>
              <Button size="sm" variant="secondary" disabled={back.disabled} onClick={back.onClick}>
                {back.label}
              </Button>
              {remove ? (
                <Button size="sm" variant="danger" disabled={remove.disabled} onClick={remove.onClick}>
                  {remove.label}
                </Button>
              ) : null}
            </div>
          </div>
          {comment ? (
            <form
              className="flex flex-col gap-1"
              onSubmit={(event) => {
                event.preventDefault();
                comment.save.onClick();
              }}
            >
              <label htmlFor={`${id}-comment`} className="text-sm font-semibold text-fg-soft">
                {comment.label}
              </label>
              <textarea
                id={`${id}-comment`}
                dir="auto"
                rows={2}
                maxLength={500}
                value={comment.value}
                aria-describedby={`${id}-comment-hint`}
                onChange={(event) => comment.onChange(event.target.value)}
                className={cn(inputClassName, "h-auto py-2")}
              />
              <p id={`${id}-comment-hint`} className="m-0 text-sm text-fg-subtle">
                {comment.hint}
              </p>
              <div>
                <Button size="sm" type="submit" variant="secondary" disabled={comment.save.disabled}>
                  {comment.save.label}
                </Button>
              </div>
            </form>
          ) : null}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              rename.save.onClick();
            }}
          >
            <TextField
              label={rename.label}
              value={rename.value}
              maxLength={80}
              onChange={(event) => rename.onChange(event.target.value)}
              className="min-w-0 flex-1 basis-48"
            />
            <Button type="submit" variant="secondary" disabled={rename.save.disabled}>
              {rename.save.label}
            </Button>
          </form>
          <div className="border-t border-line pt-4">
            <Button size="sm" variant="danger" onClick={deleteRepertoire.onClick}>
              {deleteRepertoire.label}
            </Button>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
