import type * as React from "react";
import { useId } from "react";
import { Button, buttonVariants } from "../button";
import { Card, CardContent } from "../card";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** A link or a button of a repertoire: a one-word label and an accessible name with the repertoire's name. */
export interface MyRepertoireLink {
  href: string;
  label: string;
  name: string;
}

export interface MyRepertoireButton {
  label: string;
  name: string;
  onClick: () => void;
}

/** One of the player's repertoires, every text in the page's language. */
export interface MyRepertoireItem {
  id: string;
  name: string;
  /** "You play Black". */
  side: string;
  /** "3 lines · Lines learnt: 1 of 3". */
  figures: string;
  learn: MyRepertoireLink;
  drill: MyRepertoireLink;
  edit: MyRepertoireLink;
  exportPgn: MyRepertoireButton;
  remove: MyRepertoireButton;
}

export interface MyRepertoiresProps extends Omit<React.ComponentProps<"section">, "title"> {
  title: string;
  intro: string;
  /** Shown instead of the list when the player has none. */
  empty: string;
  repertoires: readonly MyRepertoireItem[];
  /** "New repertoire" and "Import PGN"; `disabled` with `note` when the player has the most repertoires allowed. */
  create: { label: string; onClick: () => void; pressed?: boolean };
  importPgn: { label: string; onClick: () => void; pressed?: boolean };
  disabled?: boolean;
  note?: string | null;
  /** The form opened by New or Import, under the buttons. */
  children?: React.ReactNode;
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
}

function LinkButton({
  link,
  variant,
  renderLink,
}: {
  link: MyRepertoireLink;
  variant: "primary" | "secondary";
  renderLink: (props: RenderLinkProps) => React.ReactNode;
}) {
  return renderLink({
    href: link.href,
    className: buttonVariants({ variant, size: "sm" }),
    children: (
      <>
        <span aria-hidden>{link.label}</span>
        <span className="sr-only">{link.name}</span>
      </>
    ),
  });
}

/**
 * The player's own repertoires (issue 40): each with its side and figures and its Learn, Drill, Edit, Export and
 * Delete; New repertoire and Import PGN above the list open the form the page passes as children. Every text is a
 * prop; each action's accessible name carries the repertoire's name.
 */
export function MyRepertoires({
  title,
  intro,
  empty,
  repertoires,
  create,
  importPgn,
  disabled = false,
  note,
  children,
  renderLink = defaultRenderLink,
  className,
  ...props
}: MyRepertoiresProps) {
  const titleId = useId();
  return (
    <section
      data-slot="my-repertoires"
      aria-labelledby={titleId}
      className={cn("flex flex-col gap-3", className)}
      {...props}
    >
      <h2 id={titleId} className="m-0 text-xl font-bold text-fg">
        {title}
      </h2>
      <p className="m-0 max-w-3xl text-fg-muted">{intro}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={create.pressed ? "primary" : "secondary"}
          aria-expanded={create.pressed ?? false}
          disabled={disabled}
          onClick={create.onClick}
        >
          {create.label}
        </Button>
        <Button
          size="sm"
          variant={importPgn.pressed ? "primary" : "secondary"}
          aria-expanded={importPgn.pressed ?? false}
          disabled={disabled}
          onClick={importPgn.onClick}
        >
          {importPgn.label}
        </Button>
      </div>
      {note ? (
        <p className="m-0 text-sm text-fg-muted" data-slot="my-repertoires-note">
          {note}
        </p>
      ) : null}
      {children}
      {repertoires.length === 0 ? (
        <p className="m-0 text-sm text-fg-muted" data-slot="my-repertoires-empty">
          {empty}
        </p>
      ) : (
        <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2 xl:grid-cols-3">
          {repertoires.map((repertoire) => (
            <li key={repertoire.id} data-repertoire={repertoire.id} className="min-w-0">
              <Card className="h-full">
                <CardContent className="flex h-full flex-col gap-2 pt-4">
                  <h3 className="m-0 text-base font-bold break-words text-fg">{repertoire.name}</h3>
                  <p className="m-0 text-sm text-fg-muted">{repertoire.side}</p>
                  <p className="m-0 text-sm text-fg tabular-nums" data-slot="my-repertoire-figures">
                    {repertoire.figures}
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-1">
                    <LinkButton link={repertoire.learn} variant="secondary" renderLink={renderLink} />
                    <LinkButton link={repertoire.drill} variant="primary" renderLink={renderLink} />
                    <LinkButton link={repertoire.edit} variant="secondary" renderLink={renderLink} />
                    <Button size="sm" variant="secondary" onClick={repertoire.exportPgn.onClick}>
                      <span aria-hidden>{repertoire.exportPgn.label}</span>
                      <span className="sr-only">{repertoire.exportPgn.name}</span>
                    </Button>
                    <Button size="sm" variant="danger" onClick={repertoire.remove.onClick}>
                      <span aria-hidden>{repertoire.remove.label}</span>
                      <span className="sr-only">{repertoire.remove.name}</span>
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
