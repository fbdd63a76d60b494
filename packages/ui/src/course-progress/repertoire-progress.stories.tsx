import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectShownLeftToRight } from "../lib/story-bidi";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import {
  type RepertoireLineStatus,
  RepertoireProgress,
  type RepertoireProgressOpening,
} from "./repertoire-progress";

const DESCRIPTION = `The repertoire's progress on the dashboard (issue 40): each opening the player started, with its lines
learnt, drilled and mastered, the moves to review, each line's status and a link to drill the opening.

**Do**
- List only the openings the player started; the repertoire's own page lists them all.
- Give the Drill link an accessible name with the opening's name: the visible label is one word.

**Don't**
- Don't show a line's status by colour alone: its word is in the badge.`;

interface StoryOpening {
  id: string;
  name: { en: string; ar: string };
  side: "white" | "black";
  lines: { name: { en: string; ar: string }; status: RepertoireLineStatus; due: number }[];
}

const UNDER_WAY: StoryOpening[] = [
  {
    id: "scotch-game",
    name: { en: "Scotch Game", ar: "اللعبة الاسكتلندية" },
    side: "white",
    lines: [
      { name: { en: "4...Nf6, Mieses", ar: "4...Nf6، ميزس" }, status: "mastered", due: 0 },
      { name: { en: "4...Bc5", ar: "4...Bc5" }, status: "drilled", due: 2 },
      { name: { en: "4...Qh4", ar: "4...Qh4" }, status: "new", due: 0 },
    ],
  },
  {
    id: "sicilian-defense",
    name: { en: "Sicilian Defense", ar: "الدفاع الصقلي" },
    side: "black",
    lines: [
      { name: { en: "Najdorf, English Attack", ar: "نايدورف، الهجوم الإنجليزي" }, status: "learnt", due: 0 },
      { name: { en: "Najdorf, 6.Bg5", ar: "نايدورف، 6.Bg5" }, status: "new", due: 0 },
    ],
  },
];

const MASTERED: StoryOpening[] = [
  {
    id: "london-system",
    name: { en: "London System", ar: "نظام لندن" },
    side: "white",
    lines: [
      { name: { en: "Against ...d5 and ...c5", ar: "ضد ...d5 و...c5" }, status: "mastered", due: 0 },
      {
        name: { en: "Against the King's Indian set-up", ar: "ضد بناء الهندي الملكي" },
        status: "mastered",
        due: 0,
      },
    ],
  },
];

const SETS: Record<string, StoryOpening[]> = { "under-way": UNDER_WAY, mastered: MASTERED };

const meta = {
  title: "Training/RepertoireProgress",
  component: RepertoireProgress,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { openings: [], id: "under-way" },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const language = i18n.language === "ar" ? "ar" : "en";
    const openings: RepertoireProgressOpening[] = (SETS[args.id ?? ""] ?? UNDER_WAY).map((opening) => {
      const name = opening.name[language];
      const total = opening.lines.length;
      const count = (statuses: RepertoireLineStatus[]) =>
        opening.lines.filter((line) => statuses.includes(line.status)).length;
      const figure = (id: string, value: number, of?: number) => ({
        id,
        label: t(`courseProgress.repertoire.figures.${id}`),
        value:
          of === undefined
            ? new Intl.NumberFormat(language).format(value)
            : t("courseProgress.repertoire.ofTotal", { count: value, total: of }),
      });
      return {
        id: opening.id,
        name,
        side: t(`repertoire.side.${opening.side}`),
        figures: [
          figure("learnt", count(["learnt", "drilled", "mastered"]), total),
          figure("drilled", count(["drilled", "mastered"]), total),
          figure("mastered", count(["mastered"]), total),
          figure(
            "due",
            opening.lines.reduce((sum, line) => sum + line.due, 0),
          ),
        ],
        linesLabel: t("courseProgress.repertoire.lines", { opening: name }),
        lines: opening.lines.map((line, index) => ({
          id: `${opening.id}/${index}`,
          name: line.name[language],
          status: line.status,
          statusLabel: t(`courseProgress.repertoire.status.${line.status}`),
          ...(line.due > 0 ? { due: t("courseProgress.repertoire.lineDue", { count: line.due }) } : {}),
        })),
        drill: {
          href: `/training/repertoire/${opening.id}?mode=drill`,
          label: t("courseProgress.repertoire.drill"),
          name: t("courseProgress.repertoire.drillOpening", { opening: name }),
        },
      };
    });
    return <RepertoireProgress openings={openings} />;
  },
} satisfies Meta<typeof RepertoireProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two openings under way (every line status, moves to review) beside one opening mastered. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-6">
      <Variant label="Under way" className="items-stretch">
        <FromStory meta={meta} story={UnderWay} globals={context.globals} />
      </Variant>
      <Variant label="Mastered" className="items-stretch">
        <FromStory meta={meta} story={Mastered} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Under way", "Mastered"]);
    const underWay = shown["Under way"] as HTMLElement;
    await expect(
      [...underWay.querySelectorAll<HTMLElement>("[data-line]")].map((line) => line.dataset.status),
    ).toEqual(["mastered", "drilled", "new", "learnt", "new"]);
    await expect(within(underWay).getAllByRole("link")).toHaveLength(2);
    await expect(underWay.querySelector('[data-line="scotch-game/1"]')).toHaveTextContent(
      t("courseProgress.repertoire.lineDue", { count: 2 }),
    );
    const mastered = shown.Mastered as HTMLElement;
    const lines = mastered.querySelectorAll("[data-line]");
    await expect(lines).toHaveLength(2);
    for (const line of lines) await expect(line).toHaveAttribute("data-status", "mastered");
  },
};

/** Two openings under way: lines mastered, drilled with moves to review, learnt and new. */
export const UnderWay: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const scotch = canvasElement.querySelector('[data-opening="scotch-game"]') as HTMLElement;
    await expect(within(scotch).getByText(t("courseProgress.repertoire.figures.mastered"))).toBeVisible();
    await expect(scotch.querySelector('[data-figure="learnt"] dd')).toHaveTextContent(
      t("courseProgress.repertoire.ofTotal", { count: 2, total: 3 }),
    );
    await expect(scotch.querySelector('[data-line="scotch-game/1"]')).toHaveTextContent(
      t("courseProgress.repertoire.lineDue", { count: 2 }),
    );
    await expect(scotch.querySelector('[data-line="scotch-game/2"]')).toHaveAttribute("data-status", "new");
    const drill = canvas.getByRole("link", {
      name: t("courseProgress.repertoire.drillOpening", {
        opening: storyName(globals, "Scotch Game", "اللعبة الاسكتلندية"),
      }),
    });
    await expect(drill).toHaveAttribute("href", "/training/repertoire/scotch-game?mode=drill");
    await expect(canvas.getAllByRole("list", { name: /Sicilian|الصقلي/ })).toHaveLength(1);
  },
};

/** One opening, every line mastered and nothing to review. */
export const Mastered: Story = {
  args: { id: "mastered" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const lines = canvasElement.querySelectorAll("[data-line]");
    await expect(lines).toHaveLength(2);
    for (const line of lines) await expect(line).toHaveAttribute("data-status", "mastered");
    await expect(canvasElement.querySelector('[data-figure="due"] dd')).toHaveTextContent(
      new Intl.NumberFormat(globals?.locale === "ar" ? "ar" : "en").format(0),
    );
    await expect(
      within(canvasElement).queryByText(t("courseProgress.repertoire.lineDue", { count: 1 })),
    ).toBeNull();
  },
};

const storyName = (globals: Record<string, unknown> | undefined, en: string, ar: string) =>
  globals?.locale === "ar" ? ar : en;

/** In Arabic: each line's moves read left to right inside its Arabic name ("4...Nf6، ميزس", "ضد ...d5 و...c5"). */
export const Arabic: Story = {
  ...ARABIC_STORY,
  play: async ({ canvasElement }) => {
    await expectShownLeftToRight(canvasElement, "4...Nf6", "4...Bc5", "4...Qh4", "6.Bg5");
  },
};
