import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-brand text-brand-fg hover:bg-brand-hover",
        secondary: "border border-line-strong bg-surface text-fg hover:bg-surface-sunken",
        ghost: "text-fg-soft hover:bg-surface-sunken",
        danger: "bg-danger-solid text-danger-solid-fg hover:bg-danger-solid-hover",
        link: "text-brand underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-8 px-3 text-sm",
        md: "h-10 px-4 text-sm",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, say) with the button's look instead of a `<button>`. */
    asChild?: boolean;
  };

/**
 * A button in one of the site's variants: `primary` for the one main action of a view, `secondary` for the others,
 * `ghost` for quiet actions in toolbars, `danger` for what cannot be undone, `link` for an action that reads as text.
 * It is `type="button"` unless told otherwise, so it never submits a form by accident.
 *
 * **Do**
 * - Keep one primary button per view or card: Next in the trainer, Send on the contact form.
 * - Write the label as the action, with a verb: "Show Answer", "Load Position", "Delete Post".
 * - Use `asChild` with a link when the button only goes to another page, so it stays a link for the browser and
 *   for screen readers.
 * - Give an icon-only button its name with `aria-label`, in the page's language.
 *
 * **Don't**
 * - Don't use `danger` for Cancel or Reset: only for the action that destroys something, behind a ConfirmDialog.
 * - Don't disable a button to explain a rule the player cannot see; say what is missing next to it instead.
 * - Don't put a button's colour or radius in `className`: the variants use the tokens, and the dark theme with them.
 */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      data-slot="button"
      data-variant={variant ?? "primary"}
      data-size={size ?? "md"}
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? "button" })}
      {...props}
    />
  );
}
