import { ENDGAME_COURSE } from "@ct/chess/endgame-course";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { type EndgameChapterItem, EndgameChapters } from "./endgame-chapters";

const DESCRIPTION = `The endgame course's chapters (issue 40): each chapter a card with a bar of the positions solved and
its positions as links, the solved ones checked.

**Do**
- Pass the titles in the page's language (the course carries its titles in English and Arabic).

**Don't**
- Don't hide solved positions: a player comes back to retry them.`;

/** Positions solved per story: the first n of each chapter. */
const SOLVED: Record<string, number> = { progress: 2, fresh: 0 };

const meta = {
  title: "Training/EndgameChapters",
  component: EndgameChapters,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { chapters: [], solvedLabel: "progress" },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const language = i18n.language === "ar" ? "ar" : "en";
    const solvedCount = SOLVED[args.solvedLabel] ?? 0;
    const chapters: EndgameChapterItem[] = ENDGAME_COURSE.slice(0, 4).map((chapter, index) => {
      const solved = index === 0 ? chapter.exercises.length : Math.min(solvedCount, chapter.exercises.length);
      const done = args.solvedLabel === "fresh" ? 0 : solved;
      return {
        id: chapter.id,
        title: chapter.title[language],
        solved: done,
        total: chapter.exercises.length,
        progress: t("endgameCourse.chapterProgress", { done, total: chapter.exercises.length }),
        exercises: chapter.exercises.map((exercise, position) => ({
          id: exercise.id,
          title: exercise.title[language],
          goal: t(`endgameCourse.goal.${exercise.goal.kind}`),
          href: `/training/endgame-course/${exercise.id}`,
          solved: position < done,
        })),
      };
    });
    return <EndgameChapters chapters={chapters} solvedLabel={t("endgameCourse.solved")} />;
  },
} satisfies Meta<typeof EndgameChapters>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A player under way (a chapter done, positions solved and checked) beside a first visit. */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Under way" className="items-stretch">
        <FromStory meta={meta} story={Progress} globals={context.globals} />
      </Variant>
      <Variant label="Fresh" className="items-stretch">
        <FromStory meta={meta} story={Fresh} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["Under way", "Fresh"]);
    const underWay = shown["Under way"] as HTMLElement;
    const bars = within(underWay).getAllByRole("progressbar");
    await expect(bars).toHaveLength(4);
    await expect(bars[1]).toHaveAttribute("aria-valuenow", "2");
    await expect(underWay.querySelector('[data-chapter="basic-mates"]')).toHaveAttribute(
      "data-complete",
      "true",
    );
    await expect(underWay.querySelectorAll("[data-solved]").length).toBeGreaterThan(0);
    const fresh = within(shown.Fresh as HTMLElement);
    for (const bar of fresh.getAllByRole("progressbar"))
      await expect(bar).toHaveAttribute("aria-valuenow", "0");
    await expect((shown.Fresh as HTMLElement).querySelectorAll("[data-solved]")).toHaveLength(0);
    // Two lists on one page: every id once, each chapter named by its own list's heading.
    const ids = [...canvasElement.querySelectorAll("[id]")].map((element) => element.id);
    await expect(new Set(ids).size).toBe(ids.length);
    for (const section of canvasElement.querySelectorAll<HTMLElement>("section[aria-labelledby]")) {
      const heading = canvasElement.querySelector(`[id="${section.getAttribute("aria-labelledby")}"]`);
      await expect(section.contains(heading)).toBe(true);
    }
  },
};

/** A player under way: the first chapter done, two positions of each other chapter solved. */
export const Progress: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const bars = canvas.getAllByRole("progressbar");
    await expect(bars).toHaveLength(4);
    await expect(bars[1]).toHaveAttribute("aria-valuenow", "2");
    const lucena = canvas.getAllByRole("link", { name: /Lucena|لوسينا/ });
    await expect(lucena).toHaveLength(2);
    await expect(lucena[0]).toHaveAttribute("href", "/training/endgame-course/lucena");
    await expect(lucena[0]).toHaveTextContent(t("endgameCourse.goal.promote"));
    await expect(canvasElement.querySelector('[data-chapter="basic-mates"]')).toHaveAttribute(
      "data-complete",
      "true",
    );
  },
};

/** A first visit: nothing solved yet. */
export const Fresh: Story = {
  args: { solvedLabel: "fresh" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    for (const bar of canvas.getAllByRole("progressbar"))
      await expect(bar).toHaveAttribute("aria-valuenow", "0");
    await expect(canvas.queryByText(`(${t("endgameCourse.solved")})`)).toBeNull();
  },
};
