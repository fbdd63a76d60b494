import { ENDGAME_COURSE } from "@ct/chess/endgame-course";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { EndgameProgress, type EndgameProgressChapter } from "./endgame-progress";

const DESCRIPTION = `The endgame course's progress on the dashboard (issue 40): one row per chapter, a bar of the positions
passed with the count in words, and a link to the next position (Replay once a chapter is done).

**Do**
- Link Continue to the chapter's first position not passed yet.
- Give each link an accessible name with the chapter's title: the visible label is one word.

**Don't**
- Don't count the positions in the bar's text alone: the count in words is what a screen reader reads.
- Don't drop a finished chapter from the list: it stays, with Replay, so the course's length stays visible.`;

/** Positions passed per chapter, by story. */
const PASSED: Record<string, number[]> = { "under-way": [11, 2, 0, 1, 0, 0], fresh: [0, 0, 0, 0, 0, 0] };

const meta = {
  title: "Training/EndgameProgress",
  component: EndgameProgress,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { chapters: [], id: "under-way" },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const language = i18n.language === "ar" ? "ar" : "en";
    const passed = PASSED[args.id ?? ""] ?? [];
    const chapters: EndgameProgressChapter[] = ENDGAME_COURSE.map((chapter, index) => {
      const solved = Math.min(passed[index] ?? 0, chapter.exercises.length);
      const total = chapter.exercises.length;
      const complete = solved >= total;
      const title = chapter.title[language];
      const next = chapter.exercises[complete ? 0 : solved] ?? chapter.exercises[0];
      return {
        id: chapter.id,
        title,
        solved,
        total,
        progress: t("courseProgress.endgame.chapter", { done: solved, total }),
        next: {
          href: `/training/endgame-course/${next?.id ?? ""}`,
          label: t(complete ? "courseProgress.endgame.review" : "courseProgress.endgame.continue"),
          name: t(
            complete ? "courseProgress.endgame.reviewChapter" : "courseProgress.endgame.continueChapter",
            {
              chapter: title,
            },
          ),
        },
      };
    });
    return <EndgameProgress chapters={chapters} />;
  },
} satisfies Meta<typeof EndgameProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Under way (a chapter done, two started) above a first visit (every chapter at nought), each as wide as a card. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Under way" className="items-stretch">
        <FromStory meta={meta} story={UnderWay} globals={context.globals} />
      </Variant>
      <Variant label="Fresh" className="items-stretch">
        <FromStory meta={meta} story={Fresh} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Under way", "Fresh"]);
    const underWay = shown["Under way"] as HTMLElement;
    const bars = within(underWay).getAllByRole("progressbar");
    await expect(bars).toHaveLength(6);
    await expect(bars[0]).toHaveAttribute("aria-valuenow", String(ENDGAME_COURSE[0]?.exercises.length));
    await expect(underWay.querySelector('[data-chapter="basic-mates"]')).toHaveAttribute(
      "data-complete",
      "true",
    );
    const fresh = within(shown.Fresh as HTMLElement);
    for (const bar of fresh.getAllByRole("progressbar"))
      await expect(bar).toHaveAttribute("aria-valuenow", "0");
    await expect(
      fresh.getAllByRole("link", { name: new RegExp(t("courseProgress.endgame.continue")) }),
    ).toHaveLength(6);
  },
};

/** The basic mates done, two chapters started, three not yet. */
export const UnderWay: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const bars = canvas.getAllByRole("progressbar");
    await expect(bars).toHaveLength(6);
    await expect(bars[1]).toHaveAttribute("aria-valuenow", "2");
    await expect(canvasElement.querySelector('[data-chapter="basic-mates"]')).toHaveAttribute(
      "data-complete",
      "true",
    );
    const first = ENDGAME_COURSE[0];
    const second = ENDGAME_COURSE[1];
    const language = globals?.locale === "ar" ? "ar" : "en";
    await expect(
      canvas.getByRole("link", {
        name: t("courseProgress.endgame.reviewChapter", { chapter: first?.title[language] }),
      }),
    ).toHaveAttribute("href", `/training/endgame-course/${first?.exercises[0]?.id}`);
    await expect(
      canvas.getByRole("link", {
        name: t("courseProgress.endgame.continueChapter", { chapter: second?.title[language] }),
      }),
    ).toHaveAttribute("href", `/training/endgame-course/${second?.exercises[2]?.id}`);
  },
};

/** A first visit: every chapter at nought, each link starts its chapter. */
export const Fresh: Story = {
  args: { id: "fresh" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    for (const bar of canvas.getAllByRole("progressbar"))
      await expect(bar).toHaveAttribute("aria-valuenow", "0");
    await expect(
      canvas.getAllByRole("link", { name: new RegExp(t("courseProgress.endgame.continue")) }),
    ).toHaveLength(6);
  },
};
