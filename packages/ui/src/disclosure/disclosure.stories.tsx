import type { Meta, StoryObj } from "@storybook/react-vite";
import { SlidersHorizontal } from "lucide-react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { PuzzleIdInput } from "../puzzle-id-input";
import { Disclosure, DisclosureContent, DisclosureTrigger } from "./disclosure";

/** Wide enough for the content to show unfolded when `fold="lg"` (the trainer's tools on a laptop). */
const WIDE = "(min-width: 992px)";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A disclosure (WAI-ARIA APG): a button that shows and hides a region, for tools that should not
take room on a small screen. The trigger and the content are its parts, anywhere inside it. With \`fold="lg"\` the
content is only folded below 992 px; wider, it is simply there and the trigger is hidden. The trainer's tools (the
opening filter, Go by ID) fold this way in the title bar.

**Do**
- Give the DisclosureTrigger a visible text that names what it opens ("Tools"); the chevron is added for you.
- Use \`fold="md"\` or \`fold="lg"\` for tools that always fit on a wide screen: the trigger then only exists where it
  is needed.
- Control it with \`open\` and \`onOpenChange\` when the page must close it (after a choice in it, say).

**Don't**
- Don't hide anything the player needs for the task (the board, the hint, Next) behind it.
- Don't use it for page navigation or for tabs of equal weight: that is the NavBar or the Tabs.`;

const meta = {
  title: "Layout/Disclosure",
  component: Disclosure,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { fold: "always", onOpenChange: fn() },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Disclosure {...args} className="flex max-w-panel flex-col items-start gap-2">
        <DisclosureTrigger>
          <SlidersHorizontal aria-hidden />
          {t("training.tools.toggle")}
        </DisclosureTrigger>
        <DisclosureContent className="w-full rounded-lg border border-line bg-surface p-4 shadow-sm">
          <PuzzleIdInput
            label={t("training.puzzleId.label")}
            goLabel={t("training.puzzleId.go")}
            invalidMessage={t("training.puzzleId.invalid")}
            onGo={fn()}
          />
        </DisclosureContent>
      </Disclosure>
    );
  },
} satisfies Meta<typeof Disclosure>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Folded (the trigger alone) and unfolded (the trigger and its region). */
export const Overview: Story = {
  render: (args, context) => (
    <Variants>
      <Variant label="Closed" className="w-panel max-w-full">
        <FromStory
          meta={meta}
          story={Closed}
          globals={context.globals}
          args={{ onOpenChange: args.onOpenChange }}
        />
      </Variant>
      <Variant label="Open" className="w-panel max-w-full">
        <FromStory
          meta={meta}
          story={Open}
          globals={context.globals}
          args={{ onOpenChange: args.onOpenChange }}
        />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Closed", "Open"]);
    for (const [label, expanded] of [
      ["Closed", "false"],
      ["Open", "true"],
    ] as const) {
      const trigger = within(shown[label] as HTMLElement).getByRole("button", {
        name: t("training.tools.toggle"),
      });
      await expect(trigger).toHaveAttribute("aria-expanded", expanded);
    }
    await expect(within(canvasElement).getAllByRole("textbox")).toHaveLength(1);
  },
};

/** Folded: the button says so (aria-expanded) and names the region it controls; a click or Enter opens it. */
export const Closed: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole("button", { name: t("training.tools.toggle") });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    const content = canvasElement.querySelector(`#${trigger.getAttribute("aria-controls")}`);
    await expect(content).not.toBeVisible();
    await expect(canvas.queryByRole("textbox")).toBeNull();

    trigger.focus();
    await userEvent.keyboard("{Enter}");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await expect(canvas.getByRole("textbox", { name: t("training.puzzleId.label") })).toBeVisible();
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: t("training.tools.toggle") })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(canvas.getByRole("textbox", { name: t("training.puzzleId.label") })).toBeVisible();
  },
};

/**
 * Folded only below 992 px: on a narrow screen (this workbench's 800 px) as Closed; from 992 px the content is
 * simply there and the button is hidden.
 */
export const FoldedOnNarrowScreens: Story = {
  args: { fold: "lg" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const trigger = canvasElement.querySelector<HTMLElement>("[data-slot=disclosure-trigger]");
    await expect(trigger).toHaveTextContent(t("training.tools.toggle"));
    if (window.matchMedia(WIDE).matches) {
      await expect(trigger).not.toBeVisible();
      await expect(canvas.getByRole("textbox", { name: t("training.puzzleId.label") })).toBeVisible();
    } else {
      await expect(trigger).toBeVisible();
      await expect(canvas.queryByRole("textbox")).toBeNull();
    }
  },
};
