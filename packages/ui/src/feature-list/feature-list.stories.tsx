import type { Meta, StoryObj } from "@storybook/react-vite";
import { BookOpen, Languages, Lightbulb } from "lucide-react";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { storyTexts } from "../lib/story-texts";
import { FeatureList } from "./feature-list";

const IDS = ["phases", "hints", "explanations", "languages", "blog", "editor"] as const;

const meta = {
  title: "Content/FeatureList",
  component: FeatureList,
  args: { features: [] },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <FeatureList
        {...args}
        features={IDS.map((id) => ({
          id,
          title: t(`about.features.items.${id}.title`),
          description: t(`about.features.items.${id}.description`),
        }))}
      />
    );
  },
} satisfies Meta<typeof FeatureList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The About page's features: a list of titled items. */
export const AboutFeatures: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const items = within(canvas.getByRole("list")).getAllByRole("listitem");
    await expect(items).toHaveLength(IDS.length);
    await expect(canvas.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(
      IDS.map((id) => t(`about.features.items.${id}.title`)),
    );
    await expect(canvas.getByText(t("about.features.items.hints.description"))).toBeVisible();
  },
};

/** With decorative icons, hidden from assistive technology. */
export const WithIcons: Story = {
  render: function Render() {
    const { t } = useTranslation();
    const icons = { hints: <Lightbulb />, languages: <Languages />, blog: <BookOpen /> } as const;
    return (
      <FeatureList
        features={(["hints", "languages", "blog"] as const).map((id) => ({
          id,
          title: t(`about.features.items.${id}.title`),
          description: t(`about.features.items.${id}.description`),
          icon: icons[id],
        }))}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const item = within(canvasElement).getByRole("heading", {
      name: t("about.features.items.languages.title"),
    });
    const feature = item.closest("[data-slot=feature]");
    await expect(feature?.querySelector("[aria-hidden] svg")).not.toBeNull();
  },
};

/** Level-4 headings, for a list under a level-3 heading. */
export const Level4Headings: Story = {
  args: { headingLevel: 4 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("heading", { level: 4 })).toHaveLength(IDS.length);
  },
};
