import { cva, type VariantProps } from "class-variance-authority";
import { ChevronDown } from "lucide-react";
import * as React from "react";
import { Button, type ButtonProps } from "../button";
import { cn } from "../lib/cn";

/**
 * Where the content folds away behind its trigger: `always`, or only on narrow screens (below 768 px for `md`,
 * below 992 px for `lg`); from that width on the content always shows and the trigger is hidden.
 */
export type DisclosureFold = "always" | "md" | "lg";

interface DisclosureState {
  open: boolean;
  toggle: () => void;
  contentId: string;
  fold: DisclosureFold;
}

const DisclosureContext = React.createContext<DisclosureState | null>(null);

function useDisclosure(part: string): DisclosureState {
  const state = React.useContext(DisclosureContext);
  if (!state) throw new Error(`${part} must be inside a Disclosure`);
  return state;
}

export type DisclosureProps = React.ComponentProps<"div"> & {
  /** Controlled open state; leave unset to let the disclosure keep its own. */
  open?: boolean;
  /** The first state when uncontrolled. */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  fold?: DisclosureFold;
};

/**
 * A disclosure (WAI-ARIA APG): a button that shows and hides a region, for tools that should not take room on a
 * small screen. The trigger and the content are its parts, anywhere inside it. With `fold="lg"` the content is
 * only folded below 992 px; wider, it is simply there and the trigger is hidden.
 */
export function Disclosure({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  fold = "always",
  className,
  ...props
}: DisclosureProps) {
  const [ownOpen, setOwnOpen] = React.useState(defaultOpen);
  const open = openProp ?? ownOpen;
  const contentId = React.useId();
  const state = React.useMemo<DisclosureState>(
    () => ({
      open,
      toggle: () => {
        setOwnOpen(!open);
        onOpenChange?.(!open);
      },
      contentId,
      fold,
    }),
    [open, onOpenChange, contentId, fold],
  );
  return (
    <DisclosureContext.Provider value={state}>
      <div
        data-slot="disclosure"
        data-state={open ? "open" : "closed"}
        data-fold={fold}
        className={className}
        {...props}
      />
    </DisclosureContext.Provider>
  );
}

export const disclosureTriggerVariants = cva("", {
  variants: { fold: { always: "", md: "md:hidden", lg: "lg:hidden" } },
  defaultVariants: { fold: "always" },
});

/** The button that opens and closes the content; its text is the caller's (a visible label, in the page's language). */
export function DisclosureTrigger({ className, children, onClick, variant, ...props }: ButtonProps) {
  const { open, toggle, contentId, fold } = useDisclosure("DisclosureTrigger");
  return (
    <Button
      data-slot="disclosure-trigger"
      data-state={open ? "open" : "closed"}
      variant={variant ?? "secondary"}
      aria-expanded={open}
      aria-controls={contentId}
      className={cn(disclosureTriggerVariants({ fold }), "group/disclosure", className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) toggle();
      }}
      {...props}
    >
      {children}
      <ChevronDown
        aria-hidden
        className="transition-transform group-data-[state=open]/disclosure:rotate-180"
      />
    </Button>
  );
}

export const disclosureContentVariants = cva("", {
  variants: {
    fold: {
      always: "data-[state=closed]:hidden",
      md: "max-md:data-[state=closed]:hidden",
      lg: "max-lg:data-[state=closed]:hidden",
    },
  },
  defaultVariants: { fold: "always" },
});

export type DisclosureContentProps = React.ComponentProps<"div"> &
  Omit<VariantProps<typeof disclosureContentVariants>, "fold">;

/**
 * The region the trigger shows and hides. Closed, it is not displayed (so nothing in it can be focused or read);
 * its own display (flex, grid) is the caller's.
 */
export function DisclosureContent({ className, ...props }: DisclosureContentProps) {
  const { open, contentId, fold } = useDisclosure("DisclosureContent");
  return (
    <div
      id={contentId}
      data-slot="disclosure-content"
      data-state={open ? "open" : "closed"}
      className={cn(disclosureContentVariants({ fold }), className)}
      {...props}
    />
  );
}
