import type { Meta, StoryObj } from "@storybook/react-vite";
import { ArrowLeft, SlidersHorizontal } from "lucide-react";
import { useTranslation } from "react-i18next";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "../button";
import { Disclosure, DisclosureContent, DisclosureTrigger } from "../disclosure";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { PuzzleIdInput } from "../puzzle-id-input";
import { RatingBadge } from "../rating-badge";
import { TitleBar } from "./title-bar";

/** The filled part of the bar, as a share of its width. */
function indicatorWidth(bar: HTMLElement): string {
  return (bar.firstElementChild as HTMLElement | null)?.style.width ?? "";
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The training screen's title bar: the module title and a progress bar (spec section 2).
\`comfortable\` is a card with the title, subtitle and progress on rows of their own; \`compact\` fits the training
screen on a laptop (below 992 px no card, only the title, the actions and a thin progress row).

**Do**
- Keep \`headingLevel\` at 1 on the training screen, where the module title is the page's heading; use 2 when the
  page has its own.
- Give \`progressText\` ("3 of 10 solved"); with \`segments\`, give a \`valueText\` that says the split in words,
  since green, amber and red alone do not tell clean, helped and failed apart.
- Put the back link in \`actions\`, the player's rating in \`meta\`, and tools such as filters as children.

**Don't**
- Don't count a helped solve as clean in \`segments\`: the bar shows the trainer's honest score.
- Don't use it as a page header where there is no progress to show: the bar is always there.`;

const meta = {
  title: "Training/TitleBar",
  component: TitleBar,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { title: "", value: 3, max: 10, progressLabel: "" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <TitleBar
        {...args}
        {...textsOr(args, {
          title: t("training.modules.middleGame.title"),
          progressLabel: t("training.progress"),
          progressText: t("training.progressValue", { completed: args.value, total: args.max }),
        })}
      />
    );
  },
} satisfies Meta<typeof TitleBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_BARS = [
  { label: "In progress", story: () => InProgress },
  { label: "Not started", story: () => NotStarted },
  { label: "Finished", story: () => Finished },
  { label: "Outcome segments", story: () => OutcomeSegments },
  { label: "Compact with rating", story: () => CompactWithRating },
];

/** Progress part-way, at nothing and full, split by outcome, and the training screen's compact bar with the rating. */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      {OVERVIEW_BARS.map(({ label, story }) => (
        <Variant key={label} label={label} className="items-stretch">
          <FromStory meta={meta} story={story()} globals={context.globals} />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_BARS.map(({ label }) => label),
    );
    const now = (label: string) =>
      within(shown[label] as HTMLElement)
        .getByRole("progressbar")
        .getAttribute("aria-valuenow");
    await expect(now("In progress")).toBe("3");
    await expect(now("Not started")).toBe("0");
    await expect(now("Finished")).toBe("10");
    await expect((shown["Outcome segments"] as HTMLElement).querySelectorAll("[data-segment]")).toHaveLength(
      3,
    );
    await expect(within(canvasElement).getAllByRole("heading", { level: 1 })).toHaveLength(5);
  },
};

export const InProgress: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("heading", { level: 1, name: t("training.modules.middleGame.title") }),
    ).toBeVisible();
    const bar = canvas.getByRole("progressbar", { name: t("training.progress") });
    await expect(bar).toHaveAttribute("aria-valuenow", "3");
    await expect(bar).toHaveAttribute("aria-valuemax", "10");
    await expect(bar).toHaveAttribute(
      "aria-valuetext",
      t("training.progressValue", { completed: 3, total: 10 }),
    );
  },
};

export const NotStarted: Story = {
  args: { value: 0 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar");
    await expect(bar).toHaveAttribute("data-state", "loading");
    await expect(indicatorWidth(bar)).toBe("0%");
  },
};

export const Finished: Story = {
  args: { value: 10 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar");
    await expect(bar).toHaveAttribute("data-state", "complete");
    await expect(indicatorWidth(bar)).toBe("100%");
  },
};

/** No positions yet (an empty module): the bar stays empty instead of dividing by zero. */
export const EmptyModule: Story = {
  args: { value: 0, max: 0 },
  play: async ({ canvasElement }) => {
    await expect(indicatorWidth(within(canvasElement).getByRole("progressbar"))).toBe("0%");
  },
};

export const WithBackLink: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <TitleBar
        {...args}
        {...textsOr(args, {
          title: t("training.modules.endgame.title"),
          progressLabel: t("training.progress"),
          progressText: t("training.progressValue", { completed: args.value, total: args.max }),
          actions: (
            <Button asChild variant="secondary" size="sm">
              <a href="#training">
                <ArrowLeft aria-hidden className="rtl:rotate-180" />
                {t("training.backToModules")}
              </a>
            </Button>
          ),
        })}
      />
    );
  },
};

/**
 * The training screen's density with its tools: below 992 px (this workbench's 800 px) no card, the title with a
 * Filters button and a thin progress row, the tools folded behind the button; from 992 px one card row with the
 * tools under it.
 */
export const CompactWithTools: Story = {
  args: { density: "compact", value: 3, max: 10 },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Disclosure fold="lg">
        <TitleBar
          {...args}
          {...textsOr(args, {
            title: t("training.modules.middleGame.title"),
            subtitle: t("training.session", { count: 3, clean: 1, helped: 1, failed: 1 }),
            progressLabel: t("training.progress"),
            progressText: t("training.progressValue", { completed: args.value, total: args.max }),
            actions: (
              <DisclosureTrigger>
                <SlidersHorizontal aria-hidden />
                {t("training.tools.toggle")}
              </DisclosureTrigger>
            ),
          })}
        >
          <DisclosureContent className="rounded-lg border border-line bg-surface p-4 shadow-sm lg:border-0 lg:p-0 lg:shadow-none">
            <PuzzleIdInput
              layout="inline-lg"
              label={t("training.puzzleId.label")}
              goLabel={t("training.puzzleId.go")}
              invalidMessage={t("training.puzzleId.invalid")}
              onGo={() => undefined}
            />
          </DisclosureContent>
        </TitleBar>
      </Disclosure>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("heading", { level: 1, name: t("training.modules.middleGame.title") }),
    ).toBeVisible();
    await expect(canvas.getByRole("progressbar", { name: t("training.progress") })).toHaveAttribute(
      "aria-valuenow",
      "3",
    );
    // The visit's counts stay readable by screen readers on a narrow screen.
    await expect(
      canvas.getByText(t("training.session", { count: 3, clean: 1, helped: 1, failed: 1 })),
    ).toBeInTheDocument();
    if (!window.matchMedia("(min-width: 992px)").matches) {
      const toggle = canvas.getByRole("button", { name: t("training.tools.toggle") });
      await expect(canvas.queryByRole("textbox")).toBeNull();
      await userEvent.click(toggle);
      await expect(canvas.getByRole("textbox", { name: t("training.puzzleId.label") })).toBeVisible();
    }
  },
};

/** Compact, wide: one card row from 992 px; below that the title and a thin progress row, as here. */
export const Compact: Story = {
  args: { density: "compact", value: 7, max: 10 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar");
    await expect(canvasElement.querySelector("[data-slot=title-bar]")).toHaveAttribute(
      "data-density",
      "compact",
    );
    await expect(indicatorWidth(bar)).toBe("70%");
  },
};

/** Compact with the player's rating beside the progress (`meta`), which keeps the title's row free on a phone. */
export const CompactWithRating: Story = {
  args: { density: "compact", value: 7, max: 10 },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <TitleBar
        {...args}
        {...textsOr(args, {
          title: t("training.modules.endgame.title"),
          progressLabel: t("training.progress"),
          progressText: t("training.progressValue", { completed: 7, total: 10 }),
          meta: (
            <RatingBadge
              rating={1532}
              deviation={180}
              change={12}
              locale={i18n.language}
              labels={{
                rating: t("training.rating.label"),
                provisional: t("training.rating.provisional"),
                change: t("training.rating.change"),
              }}
            />
          ),
        })}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const row = canvasElement.querySelector("[data-slot=title-bar-progress-row]") as HTMLElement;
    await expect(within(row).getByText(t("training.rating.label"))).toBeInTheDocument();
    await expect(row.querySelector("[data-change=up]")).toHaveTextContent("+12");
  },
};

/**
 * The progress split by how each puzzle went: clean (the brand green), with help (amber) and failed (red), each
 * at least 3:1 against the bar's track; `valueText` says the split in words for screen readers.
 */
export const OutcomeSegments: Story = {
  args: {
    value: 6,
    max: 10,
    segments: { clean: 3, helped: 2, failed: 1 },
    valueText: "3 clean, 2 with help, 1 failed",
  },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar");
    await expect(bar).toHaveAttribute("aria-valuetext", "3 clean, 2 with help, 1 failed");
    const segments = canvasElement.querySelectorAll("[data-segment]");
    await expect([...segments].map((segment) => segment.getAttribute("data-segment"))).toEqual([
      "clean",
      "helped",
      "failed",
    ]);
  },
};
