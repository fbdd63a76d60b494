import type { Meta, StoryObj } from "@storybook/react-vite";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { chromaticParameters } from "../lib/story-modes";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { MergeOffer, type MergeOfferLabels, type MergeOfferProps } from "./merge-offer";

function labelsOf(t: TFunction, puzzles: number): MergeOfferLabels {
  return {
    title: t("sync.offer.title"),
    description: t("sync.offer.body", { count: puzzles }),
    add: t("sync.offer.add"),
    adding: t("sync.offer.adding"),
    keep: t("sync.offer.keep"),
  };
}

/** The offer with the site's texts for a browser that holds `puzzles` puzzles. */
function Offer(args: MergeOfferProps & { puzzles?: number }) {
  const { t } = useTranslation();
  const { puzzles = 12, ...rest } = args;
  return <MergeOffer {...rest} {...textsOr(args, { labels: labelsOf(t, puzzles) })} />;
}

const meta = {
  title: "Account/MergeOffer",
  component: MergeOffer,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    labels: { title: "", description: "", add: "", adding: "", keep: "" },
    onAdd: fn(),
    onKeep: fn(),
  },
  render: (args) => <Offer {...args} />,
} satisfies Meta<typeof MergeOffer>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW = [
  { label: "Asked", puzzles: 12, adding: false },
  { label: "Adding", puzzles: 12, adding: true },
  { label: "One puzzle", puzzles: 1, adding: false },
] as const;

/** The question with its two answers, while adding, and with one puzzle (each region named apart on one page). */
export const Overview: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Variants className="grid grid-cols-1">
        {OVERVIEW.map(({ label, puzzles, adding }) => (
          <Variant key={label} label={label} className="items-stretch">
            <Offer
              {...args}
              puzzles={puzzles}
              adding={adding}
              aria-label={`${t("sync.offer.title")} (${label})`}
            />
          </Variant>
        ))}
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW.map(({ label }) => label),
    );
    await expect(
      within(shown.Asked as HTMLElement).getByRole("region", { name: `${t("sync.offer.title")} (Asked)` }),
    ).toBeVisible();
    await expect(
      within(shown.Adding as HTMLElement).getByRole("button", { name: t("sync.offer.adding") }),
    ).toBeDisabled();
    await expect(shown["One puzzle"] as HTMLElement).toHaveTextContent(t("sync.offer.body", { count: 1 }));
  },
};

/** A region named by its question, with the browser's puzzles counted; Add first. */
export const Asked: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const region = within(canvasElement).getByRole("region", { name: t("sync.offer.title") });
    await expect(region).toHaveTextContent(t("sync.offer.body", { count: 12 }));
    const buttons = within(region).getAllByRole("button");
    await expect(buttons.map((button) => button.textContent)).toEqual([
      t("sync.offer.add"),
      t("sync.offer.keep"),
    ]);
    // It takes no focus: the page the player came back to keeps it.
    await expect(region.contains(document.activeElement)).toBe(false);
  },
};

/** Add asks the page to add the browser's progress. */
export const Add: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.click(within(canvasElement).getByRole("button", { name: t("sync.offer.add") }));
    await expect(args.onAdd).toHaveBeenCalledOnce();
    await expect(args.onKeep).not.toHaveBeenCalled();
  },
};

/** Keep separate asks the page to leave it on this browser. */
export const KeepSeparate: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.click(within(canvasElement).getByRole("button", { name: t("sync.offer.keep") }));
    await expect(args.onKeep).toHaveBeenCalledOnce();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** While the records are on their way, both answers wait and the region says it is busy. */
export const Adding: Story = {
  args: { adding: true },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const region = within(canvasElement).getByRole("region", { name: t("sync.offer.title") });
    await expect(region).toHaveAttribute("aria-busy", "true");
    for (const button of within(region).getAllByRole("button")) await expect(button).toBeDisabled();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** One puzzle: the count's singular (Arabic has its own word for one). */
export const OnePuzzle: Story = {
  render: (args) => <Offer {...args} puzzles={1} />,
};

/** A narrow phone: the answers go under the text. */
export const Narrow: Story = {
  globals: { viewport: { value: "mobile1" } },
  parameters: chromaticParameters({ viewport: "mobile1" }),
  play: async ({ canvasElement }) => {
    const region = canvasElement.querySelector("[data-slot=merge-offer]") as HTMLElement;
    const actions = region.querySelector("[data-slot=merge-offer-actions]") as HTMLElement;
    const text = region.querySelector("[data-slot=merge-offer-description]") as HTMLElement;
    await expect(actions.getBoundingClientRect().top).toBeGreaterThan(
      text.getBoundingClientRect().bottom - 1,
    );
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  },
};
