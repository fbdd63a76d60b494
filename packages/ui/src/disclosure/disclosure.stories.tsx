import type { Meta, StoryObj } from "@storybook/react-vite";
import { SlidersHorizontal } from "lucide-react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { storyTexts } from "../lib/story-texts";
import { PuzzleIdInput } from "../puzzle-id-input";
import { Disclosure, DisclosureContent, DisclosureTrigger } from "./disclosure";

/** Wide enough for the content to show unfolded when `fold="lg"` (the trainer's tools on a laptop). */
const WIDE = "(min-width: 992px)";

const meta = {
  title: "Layout/Disclosure",
  component: Disclosure,
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
