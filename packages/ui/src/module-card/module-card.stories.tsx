import type { Meta, StoryObj } from "@storybook/react-vite";
import { Crown, Swords, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { ModuleCard } from "./module-card";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `One card of the training module list (/training): title, description, position count and Start.
Use one per module (Middle Game Strategy, Endgame Essentials, Opening Repertoire), side by side in a grid of equal
heights.

**Do**
- Pass \`positionCount: null\` while the count loads, with a \`countLoadingLabel\`; pass \`countError\` ("Error
  loading positions") when it failed, so the card still offers Start.
- Pass the site's router link as \`renderLink\`, so Start does not reload the page.
- Keep the card's Start as its only action: its hidden text names the module ("Start Middle Game Strategy") for screen
  readers and link lists.

**Don't**
- Don't write the count as a bare number: pass it in words, formatted in the page's language ("Positions: 1,204").
- Don't put the player's progress or a hint of the puzzles on it: progress is the TitleBar's, inside the module.`;

const meta = {
  title: "Training/ModuleCard",
  component: ModuleCard,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    title: "",
    description: "",
    positionCount: null,
    startLabel: "",
    href: "/training/middle-game",
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <ModuleCard
        {...args}
        {...textsOr(args, {
          title: t("training.modules.middleGame.title"),
          description: t("training.modules.middleGame.description"),
          startLabel: t("training.start"),
        })}
        positionCount={t("training.positionCount", { count: 1204 })}
        icon={<Swords className="size-5" />}
        className="max-w-[320px]"
      />
    );
  },
} satisfies Meta<typeof ModuleCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With its position count, while the count loads, and when it failed (Start stays usable). */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-3 gap-x-4">
      <Variant label="With count" className="items-stretch">
        <FromStory meta={meta} story={WithCount} globals={context.globals} />
      </Variant>
      <Variant label="Count loading" className="items-stretch">
        <FromStory meta={meta} story={CountLoading} globals={context.globals} />
      </Variant>
      <Variant label="Count error" className="items-stretch">
        <FromStory meta={meta} story={CountError} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["With count", "Count loading", "Count error"]);
    await expect(within(canvasElement).getAllByRole("link")).toHaveLength(3);
    await expect(shown["With count"]).toHaveTextContent(t("training.positionCount", { count: 1204 }));
    await expect(shown["Count loading"]).toHaveTextContent(t("training.countLoading"));
    await expect(shown["Count error"]).toHaveTextContent(t("training.countError"));
  },
};

export const WithCount: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const card = within(canvasElement).getByRole("region", { name: t("training.modules.middleGame.title") });
    await expect(card).toHaveTextContent(t("training.positionCount", { count: 1204 }));
    // The link's name says where it leads: the visible 'Start' and the module's title.
    const start = `${t("training.start")} ${t("training.modules.middleGame.title")}`;
    await expect(within(card).getByRole("link", { name: start })).toHaveAttribute(
      "href",
      "/training/middle-game",
    );
  },
};

export const CountLoading: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <ModuleCard
        {...args}
        title={t("training.modules.endgame.title")}
        description={t("training.modules.endgame.description")}
        positionCount={null}
        countLoadingLabel={t("training.countLoading")}
        startLabel={t("training.start")}
        href="/training/endgame"
        className="max-w-[320px]"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByText(t("training.countLoading"))).toBeVisible();
  },
};

export const CountError: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <ModuleCard
        {...args}
        title={t("training.modules.opening.title")}
        description={t("training.modules.opening.description")}
        positionCount={null}
        countError={t("training.countError")}
        startLabel={t("training.start")}
        href="/training/opening"
        className="max-w-[320px]"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByText(t("training.countError"))).toBeVisible();
    const start = `${t("training.start")} ${t("training.modules.opening.title")}`;
    await expect(within(canvasElement).getByRole("link", { name: start })).toBeVisible();
  },
};

/** The site passes its router's Link through `renderLink`, as it does for the NavBar. */
export const CustomLink: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <ModuleCard
        {...args}
        title={t("training.modules.opening.title")}
        description={t("training.modules.opening.description")}
        positionCount={t("training.positionCount", { count: 87 })}
        startLabel={t("training.start")}
        href="/training/opening"
        renderLink={({ href, className, children }) => (
          <a href={`#${href}`} data-router-link className={className}>
            {children}
          </a>
        )}
        className="max-w-[320px]"
      />
    );
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link");
    await expect(link).toHaveAttribute("href", "#/training/opening");
    await expect(link).toHaveAttribute("data-router-link");
  },
};

/** The /training page: three modules side by side. */
export const ModuleList: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    const modules = [
      ["middleGame", "/training/middle-game", 1204, <Swords key="i" className="size-5" />],
      ["endgame", "/training/endgame", 356, <Crown key="i" className="size-5" />],
      ["opening", "/training/opening", 87, <Trophy key="i" className="size-5" />],
    ] as const;
    return (
      <div className="grid max-w-[1000px] gap-4 md:grid-cols-3">
        {modules.map(([key, href, count, icon]) => (
          <ModuleCard
            {...args}
            key={key}
            title={t(`training.modules.${key}.title`)}
            description={t(`training.modules.${key}.description`)}
            positionCount={t("training.positionCount", { count })}
            startLabel={t("training.start")}
            href={href}
            icon={icon}
          />
        ))}
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    for (const key of ["middleGame", "endgame", "opening"]) {
      const title = t(`training.modules.${key}.title`);
      await expect(canvas.getByRole("heading", { name: title })).toBeVisible();
      await expect(canvas.getByRole("link", { name: `${t("training.start")} ${title}` })).toBeVisible();
    }
  },
};
