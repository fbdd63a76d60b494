import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { type RepertoireOpeningItem, RepertoireOpenings } from "./repertoire-openings";

const DESCRIPTION = `The Opening Repertoire's list (issue 40): each opening with the side the player plays, the lines learnt
(a bar and in words), the lines mastered and due for review, and its Learn and Drill links.

**Do**
- Pass every text in the page's language, figures formatted with the page's locale.
- Give each link an accessible name with the opening's name ("Drill Ruy Lopez"): the visible label is one word.

**Don't**
- Don't hide an opening the player has not started: the list is the whole repertoire.`;

/** Three openings: one new, one under way, one mastered with lines to review. */
const OPENINGS = [
  {
    id: "ruy-lopez",
    en: "Ruy Lopez",
    ar: "روي لوبيز",
    side: "white",
    learnt: 0,
    mastered: 0,
    due: 0,
    total: 3,
  },
  {
    id: "sicilian-defense",
    en: "Sicilian Defense",
    ar: "الدفاع الصقلي",
    side: "black",
    learnt: 1,
    mastered: 0,
    due: 1,
    total: 2,
  },
  {
    id: "london-system",
    en: "London System",
    ar: "نظام لندن",
    side: "white",
    learnt: 2,
    mastered: 2,
    due: 0,
    total: 2,
  },
] as const;

const meta = {
  title: "Training/RepertoireOpenings",
  component: RepertoireOpenings,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { openings: [] },
  render: function Render() {
    const { t, i18n } = useTranslation();
    const items: RepertoireOpeningItem[] = OPENINGS.map((opening) => {
      const name = i18n.language === "ar" ? opening.ar : opening.en;
      return {
        id: opening.id,
        name,
        side: t(`repertoire.side.${opening.side}`),
        progress: t("repertoire.linesLearnt", { learnt: opening.learnt, total: opening.total }),
        figures: [
          ...(opening.mastered > 0 ? [t("repertoire.linesMastered", { mastered: opening.mastered })] : []),
          ...(opening.due > 0 ? [t("repertoire.linesDue", { due: opening.due })] : []),
        ],
        share: opening.learnt / opening.total,
        learn: {
          href: `/training/repertoire/${opening.id}?mode=learn`,
          label: t("repertoire.learn"),
          name: t("repertoire.learnOpening", { opening: name }),
        },
        drill: {
          href: `/training/repertoire/${opening.id}?mode=drill`,
          label: t("repertoire.drill"),
          name: t("repertoire.drillOpening", { opening: name }),
        },
      };
    });
    return <RepertoireOpenings openings={items} />;
  },
} satisfies Meta<typeof RepertoireOpenings>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A player's list (new, under way, mastered), and an opening with Export. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="flex-col">
      <Variant label="New, under way, mastered" className="items-stretch self-stretch">
        <FromStory meta={meta} story={Progress} globals={context.globals} />
      </Variant>
      <Variant label="With Export" className="items-stretch self-stretch">
        <FromStory meta={meta} story={WithExport} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["New, under way, mastered", "With Export"]);
    const items = within(shown["New, under way, mastered"] as HTMLElement).getAllByRole("listitem");
    await expect(items.map((item) => item.dataset.opening)).toEqual([
      "ruy-lopez",
      "sicilian-defense",
      "london-system",
    ]);
    const name = globals?.locale === "ar" ? OPENINGS[0].ar : OPENINGS[0].en;
    await expect(
      within(shown["With Export"] as HTMLElement).getByRole("button", {
        name: t("myRepertoires.exportName", { name }),
      }),
    ).toBeVisible();
  },
};

/** A player's list: a new opening, one under way with a line to review, one mastered. */
export const Progress: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole("listitem");
    await expect(items.map((item) => item.dataset.opening)).toEqual([
      "ruy-lopez",
      "sicilian-defense",
      "london-system",
    ]);
    await expect(items[1]).toHaveTextContent(t("repertoire.linesLearnt", { learnt: 1, total: 2 }));
    await expect(items[1]).toHaveTextContent(t("repertoire.linesDue", { due: 1 }));
    const name = globals?.locale === "ar" ? "الدفاع الصقلي" : "Sicilian Defense";
    const drill = canvas.getByRole("link", { name: t("repertoire.drillOpening", { opening: name }) });
    await expect(drill).toHaveAttribute("href", "/training/repertoire/sicilian-defense?mode=drill");
  },
};

const onExport = fn();

/** With Export: each opening's repertoire can be downloaded as PGN; the button is named after the opening. */
export const WithExport: Story = {
  render: function Render() {
    const { t, i18n } = useTranslation();
    const opening = OPENINGS[0];
    const name = i18n.language === "ar" ? opening.ar : opening.en;
    return (
      <RepertoireOpenings
        openings={[
          {
            id: opening.id,
            name,
            side: t("repertoire.side.white"),
            progress: t("repertoire.linesLearnt", { learnt: 0, total: opening.total }),
            share: 0,
            learn: {
              href: "#learn",
              label: t("repertoire.learn"),
              name: t("repertoire.learnOpening", { opening: name }),
            },
            drill: {
              href: "#drill",
              label: t("repertoire.drill"),
              name: t("repertoire.drillOpening", { opening: name }),
            },
            exportPgn: {
              label: t("myRepertoires.export"),
              name: t("myRepertoires.exportName", { name }),
              onClick: () => onExport(opening.id),
            },
          },
        ]}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const name = globals?.locale === "ar" ? OPENINGS[0].ar : OPENINGS[0].en;
    await userEvent.click(
      within(canvasElement).getByRole("button", { name: t("myRepertoires.exportName", { name }) }),
    );
    await expect(onExport).toHaveBeenCalledWith("ruy-lopez");
  },
};
