import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { Button } from "../button";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A framed surface: the login card, the side panels of the trainer, the admin panels. Build it from
its parts: CardHeader with CardTitle and CardDescription, CardContent, CardFooter.

**Do**
- Give each card a CardTitle (a level 2 heading) and point the card's \`aria-labelledby\` at it when the card is a
  region of its own.
- Put a card's actions in the CardFooter, the main one first.
- Use the components built on it (TaskPanel, GameInfoCard, ModuleCard) where they fit, rather than a new card.

**Don't**
- Don't put cards inside cards: use spacing or a heading within the one card.
- Don't give a card its own border colour or shadow in \`className\` to signal a state: that is an Alert or the
  FeedbackCard.`;

const meta = {
  title: "Basics/Card",
  component: Card,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Card {...args} className="max-w-login">
        <CardHeader>
          <CardTitle>{t("analysis.title")}</CardTitle>
          <CardDescription>{t("analysis.intro")}</CardDescription>
        </CardHeader>
        <CardContent>{t("analysis.uploadHelp")}</CardContent>
        <CardFooter>
          <Button>{t("analysis.upload")}</Button>
        </CardFooter>
      </Card>
    );
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole card (header, content, footer), and the smallest: a title and content only. */
export const Overview: Story = {
  render: function Render() {
    const { t } = useTranslation();
    return (
      <Variants>
        <Variant label="Header, content, footer" className="w-panel max-w-full items-stretch">
          <Card>
            <CardHeader>
              <CardTitle>{t("analysis.title")}</CardTitle>
              <CardDescription>{t("analysis.intro")}</CardDescription>
            </CardHeader>
            <CardContent>{t("analysis.uploadHelp")}</CardContent>
            <CardFooter>
              <Button>{t("analysis.upload")}</Button>
            </CardFooter>
          </Card>
        </Variant>
        <Variant label="Title and content" className="w-panel max-w-full items-stretch">
          <Card>
            <CardHeader>
              <CardTitle>{t("analysis.status.title")}</CardTitle>
            </CardHeader>
            <CardContent>{t("analysis.uploadHelp")}</CardContent>
          </Card>
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["Header, content, footer", "Title and content"]);
    for (const frame of Object.values(shown))
      await expect(within(frame).getByRole("heading", { level: 2 })).toBeVisible();
    await expect(within(canvasElement).getAllByRole("button")).toHaveLength(1);
  },
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(canvas.getByRole("button")).toBeEnabled();
  },
};
