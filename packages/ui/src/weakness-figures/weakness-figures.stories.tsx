import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { FigureTable, ThemeFigureList, WhyThisPuzzle } from "./weakness-figures";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A player's weaknesses (issue 39), as the dashboard shows them: the weak or strong themes with
their performance figure (lichess's: average puzzle rating − 500 + 1000 × first-try rate over 30 days) and results,
a weak theme linking into the Weaknesses mode; the figures per phase or theme as a table (a dash below 5 results);
and, above the trainer's board, the line that says why the coach chose this puzzle.

**Do**
- Pass every text in the page's language, figures formatted with the page's locale.
- Give a weak theme its link into the Weaknesses mode; strong themes have none.

**Don't**
- Don't show a figure below 5 results: pass \`performance: null\` and the table shows a dash with \`labels.notShown\`.`;

/** Theme names as the library's /api/themes gives them (sample data). */
const THEMES: Record<string, { en: string; ar: string }> = {
  pin: { en: "Pin", ar: "التثبيت" },
  skewer: { en: "Skewer", ar: "السيخ" },
  fork: { en: "Fork", ar: "الشوكة" },
};
const themeName = (key: string, language: unknown) => THEMES[key]?.[language === "ar" ? "ar" : "en"] ?? key;

const figures = (language: string, values: number[]) =>
  values.map((value) => new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value));

const meta = {
  title: "Training/WeaknessFigures",
  component: ThemeFigureList,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { kind: "weak", title: "", intro: "", empty: "", items: [], renderLink: undefined },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const [pin, skewer] = figures(i18n.language, [1333, 1400]);
    const weak = args.kind === "weak";
    const items = args.items.length > 0 || args.title === "none" ? args.items : null;
    return (
      <div className="max-w-xl">
        <ThemeFigureList
          kind={args.kind}
          title={t(`weaknesses.dashboard.${args.kind}`)}
          intro={t(`weaknesses.dashboard.${args.kind}Intro`)}
          empty={t(`weaknesses.dashboard.${args.kind}None`)}
          items={
            items ??
            (weak
              ? [
                  {
                    key: "pin",
                    name: themeName("pin", i18n.language),
                    performance: pin ?? "",
                    detail: t("weaknesses.dashboard.weakDetail", { count: 6, missed: 4 }),
                    link: {
                      href: "/training/weaknesses?theme=pin",
                      label: t("weaknesses.dashboard.train", { name: themeName("pin", i18n.language) }),
                    },
                  },
                  {
                    key: "skewer",
                    name: themeName("skewer", i18n.language),
                    performance: skewer ?? "",
                    detail: t("weaknesses.dashboard.weakDetail", { count: 5, missed: 3 }),
                    link: {
                      href: "/training/weaknesses?theme=skewer",
                      label: t("weaknesses.dashboard.train", { name: themeName("skewer", i18n.language) }),
                    },
                  },
                ]
              : [
                  {
                    key: "fork",
                    name: themeName("fork", i18n.language),
                    performance: figures(i18n.language, [2000])[0] ?? "",
                    detail: t("weaknesses.dashboard.strongDetail", { count: 8, wins: 8 }),
                  },
                ])
          }
          {...(args.renderLink ? { renderLink: args.renderLink } : {})}
        />
      </div>
    );
  },
} satisfies Meta<typeof ThemeFigureList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The theme lists (weak with links, strong, none), the figures per phase, and the two lines above the board. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-6">
      <Variant label="Weak themes" className="items-stretch">
        <FromStory meta={meta} story={WeakThemes} globals={context.globals} />
      </Variant>
      <Variant label="Strong themes" className="items-stretch">
        <FromStory meta={meta} story={StrongThemes} globals={context.globals} />
      </Variant>
      <Variant label="No weak theme" className="items-stretch">
        <FromStory meta={meta} story={NoWeakTheme} globals={context.globals} />
      </Variant>
      <Variant label="Figures per phase" className="items-stretch">
        <FromStory meta={meta} story={PhaseFigures} globals={context.globals} />
      </Variant>
      <Variant label="Why: a weak theme" className="items-stretch">
        <FromStory meta={meta} story={WhyWeakTheme} globals={context.globals} />
      </Variant>
      <Variant label="Why: no weak theme yet" className="items-stretch">
        <FromStory meta={meta} story={WhyNoWeakThemes} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      "Weak themes",
      "Strong themes",
      "No weak theme",
      "Figures per phase",
      "Why: a weak theme",
      "Why: no weak theme yet",
    ]);
    const weak = within(shown["Weak themes"] as HTMLElement);
    await expect(weak.getAllByRole("listitem")).toHaveLength(2);
    await expect(weak.getAllByRole("link")).toHaveLength(2);
    const strong = within(shown["Strong themes"] as HTMLElement);
    await expect(strong.getAllByRole("listitem")).toHaveLength(1);
    await expect(strong.queryByRole("link")).toBeNull();
    await expect(shown["No weak theme"]).toHaveTextContent(t("weaknesses.dashboard.weakNone"));
    const table = within(shown["Figures per phase"] as HTMLElement).getByRole("table", {
      name: t("weaknesses.dashboard.byPhase"),
    });
    await expect(within(table).getAllByRole("rowheader")).toHaveLength(3);
    await expect(shown["Why: a weak theme"]?.querySelector("[data-slot=why-this-puzzle]")).toHaveAttribute(
      "data-reason",
      "weak-theme",
    );
    await expect(shown["Why: no weak theme yet"]).toHaveTextContent(t("weaknesses.why.noWeakThemes"));
  },
};

/** Two weak themes, the weakest first, each with a link training it in the Weaknesses mode. */
export const WeakThemes: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole("listitem");
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent(themeName("pin", globals.locale));
    const link = canvas.getByRole("link", {
      name: t("weaknesses.dashboard.train", { name: themeName("pin", globals.locale) }),
    });
    await expect(link).toHaveAttribute("href", "/training/weaknesses?theme=pin");
    await expect(items[1]).toHaveTextContent(t("weaknesses.dashboard.weakDetail", { count: 5, missed: 3 }));
  },
};

/** A strong theme: its figure and clean first tries, no link. */
export const StrongThemes: Story = {
  args: { kind: "strong" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: t("weaknesses.dashboard.strong") })).toBeVisible();
    await expect(canvas.getAllByRole("listitem")).toHaveLength(1);
    await expect(canvas.queryByRole("link")).toBeNull();
  },
};

/** No weak theme: the rule that names one, instead of a list. */
export const NoWeakTheme: Story = {
  args: { title: "none" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t("weaknesses.dashboard.weakNone"))).toBeVisible();
    await expect(canvas.queryByRole("list")).toBeNull();
  },
};

/** A custom link renderer (the site's router link) receives the href. */
export const RouterLinks: Story = {
  args: {
    renderLink: fn(({ href, className, children }) => (
      <a href={href} className={className} data-router="">
        {children}
      </a>
    )),
  },
  play: async ({ canvasElement, args }) => {
    await expect(args.renderLink).toHaveBeenCalledWith(
      expect.objectContaining({ href: "/training/weaknesses?theme=pin" }),
    );
    await expect(within(canvasElement).getAllByRole("link")[0]).toHaveAttribute("data-router");
  },
};

/** The figures per phase: the opening's with fewer than 5 results shows a dash that says why. */
export const PhaseFigures: Story = {
  render: function Render() {
    const { t, i18n } = useTranslation();
    const [middle, end, six, eleven, three] = figures(i18n.language, [1333, 1545, 6, 11, 3]);
    return (
      <div className="max-w-xl">
        <FigureTable
          title={t("weaknesses.dashboard.byPhase")}
          labels={{
            name: t("weaknesses.dashboard.name"),
            performance: t("weaknesses.dashboard.performance"),
            results: t("weaknesses.dashboard.results"),
            notShown: t("weaknesses.dashboard.notShown"),
          }}
          rows={[
            { key: "opening", name: t("dashboard.phases.opening"), performance: null, results: three ?? "" },
            {
              key: "middlegame",
              name: t("dashboard.phases.middlegame"),
              performance: middle ?? "",
              results: six ?? "",
            },
            {
              key: "endgame",
              name: t("dashboard.phases.endgame"),
              performance: end ?? "",
              results: eleven ?? "",
            },
          ]}
        />
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const table = within(canvasElement).getByRole("table", { name: t("weaknesses.dashboard.byPhase") });
    const rows = within(table).getAllByRole("rowheader");
    await expect(rows.map((row) => row.textContent)).toEqual([
      t("dashboard.phases.opening"),
      t("dashboard.phases.middlegame"),
      t("dashboard.phases.endgame"),
    ]);
    await expect(within(table).getByText(t("weaknesses.dashboard.notShown"))).toBeInTheDocument();
  },
};

/** Above the board: a weak theme's misses among the player's last results on it. */
export const WhyWeakTheme: Story = {
  render: function Render() {
    const { t, i18n } = useTranslation();
    return (
      <WhyThisPuzzle
        label={t("weaknesses.why.label")}
        text={t("weaknesses.why.weakTheme", { name: themeName("pin", i18n.language), missed: 4, count: 9 })}
        reason="weak-theme"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const line = canvasElement.querySelector("[data-slot=why-this-puzzle]");
    await expect(line).toHaveAttribute("data-reason", "weak-theme");
    await expect(line?.querySelector("[data-slot=why-text]")).toHaveTextContent(
      t("weaknesses.why.weakTheme", { name: themeName("pin", globals.locale), missed: 4, count: 9 }),
    );
  },
};

/** Above the board, before any weak theme is known: puzzles at the player's level. */
export const WhyNoWeakThemes: Story = {
  render: function Render() {
    const { t } = useTranslation();
    return (
      <WhyThisPuzzle
        label={t("weaknesses.why.label")}
        text={t("weaknesses.why.noWeakThemes")}
        reason="no-weak-themes"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByText(t("weaknesses.why.noWeakThemes"))).toBeVisible();
  },
};
