import type { ComponentType, ReactNode } from "react";
import { expect } from "storybook/test";
import { cn } from "./cn";

/**
 * The frame of a component's Overview story, the first story of its docs page: its variants side by side, each in a
 * `Variant` with a small caption. Captions are design-review labels, English in both locales (`lang="en"`); the
 * frame follows the story's direction, so in Arabic the variants run from the right. Stories only; not exported from
 * the package.
 */
export function Variants({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div data-slot="story-overview" className={cn("flex flex-wrap items-start gap-x-6 gap-y-5", className)}>
      {children}
    </div>
  );
}

/** One variant of an Overview: its caption (the variant's name), then the component as that variant renders. */
export function Variant({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <figure
      data-slot="story-variant"
      data-label={label}
      className={cn("m-0 flex min-w-0 flex-col items-start gap-1.5", className)}
    >
      <figcaption lang="en" className="font-medium text-fg-muted text-xs">
        {label}
      </figcaption>
      {children}
    </figure>
  );
}

/**
 * An Overview's first check, what a designer sees first: every variant there, in order, each captioned and showing
 * something besides its caption. Returns the variants' frames by caption, for the story's own checks.
 */
export async function expectVariants(
  canvasElement: HTMLElement,
  labels: string[],
): Promise<Record<string, HTMLElement>> {
  const figures = [...canvasElement.querySelectorAll<HTMLElement>("[data-slot=story-variant]")];
  await expect(figures.map((figure) => figure.querySelector("figcaption")?.textContent)).toEqual(labels);
  const byLabel: Record<string, HTMLElement> = {};
  for (const figure of figures) {
    await expect(figure).toBeVisible();
    await expect(figure.childElementCount).toBeGreaterThan(1);
    byLabel[figure.dataset.label ?? ""] = figure;
  }
  return byLabel;
}

/** What `FromStory` reads of a story or a meta: its args and its render function. */
interface Renders {
  args?: object;
  render?: (args: never, context: never) => unknown;
  component?: ComponentType<never>;
}

/**
 * One of the file's stories as it renders on its own (its render, else the meta's, else the meta's component, with
 * the meta's args and its own), inside an Overview: the Overview reuses the stories' fixtures instead of repeating
 * them. `args` override the story's; `globals` are the Overview's (the toolbar's locale, direction and theme), the
 * one part of the story's context the render functions read. (Only the globals: a story's whole context as a prop
 * is a circular object, on which the docs' source snippet, walking the story's element's props, overflows the
 * stack.) The story's play function, decorators and own globals are not part of it.
 */
export function FromStory({
  meta,
  story,
  globals,
  args,
}: {
  meta: Renders;
  story?: Renders;
  globals: Record<string, unknown>;
  args?: object;
}) {
  const render = (story?.render ?? meta.render) as
    | ((args: object, context: unknown) => ReactNode)
    | undefined;
  const all = { ...meta.args, ...story?.args, ...args };
  if (render) return <>{render(all, { args: all, globals })}</>;
  const Component = meta.component as ComponentType<object> | undefined;
  if (!Component) throw new Error("FromStory: no render function and no component");
  return <Component {...all} />;
}

/**
 * An Overview's a11y parameters where it shows one landmark several times (the same card, or the training screen's
 * title bar, a `header`, in each of its states): axe's `landmark-unique` and `landmark-no-duplicate-banner` (best
 * practice: a page's landmarks have different names, and one banner) are about a page, and an Overview is a sheet of
 * specimens, not a page; every other rule still runs. Each single-state story keeps both rules.
 */
export const REPEATED_LANDMARKS = {
  a11y: {
    config: {
      rules: [
        { id: "landmark-unique", enabled: false },
        { id: "landmark-no-duplicate-banner", enabled: false },
      ],
    },
  },
};
