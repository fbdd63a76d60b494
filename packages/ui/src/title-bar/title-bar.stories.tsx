import type { Meta, StoryObj } from "@storybook/react-vite";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { Button } from "../button";
import { storyTexts } from "../lib/story-texts";
import { TitleBar } from "./title-bar";

/** The filled part of the bar, as a share of its width. */
function indicatorWidth(bar: HTMLElement): string {
  return (bar.firstElementChild as HTMLElement | null)?.style.width ?? "";
}

const meta = {
  title: "Training/TitleBar",
  component: TitleBar,
  args: { title: "Middle Game Strategy", value: 3, max: 10, progressLabel: "Progress" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <TitleBar
        {...args}
        title={t("training.modules.middleGame.title")}
        progressLabel={t("training.progress")}
        progressText={t("training.progressValue", { completed: args.value, total: args.max })}
      />
    );
  },
} satisfies Meta<typeof TitleBar>;

export default meta;
type Story = StoryObj<typeof meta>;

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
        title={t("training.modules.endgame.title")}
        progressLabel={t("training.progress")}
        progressText={t("training.progressValue", { completed: args.value, total: args.max })}
        actions={
          <Button asChild variant="secondary" size="sm">
            <a href="#training">
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t("training.backToModules")}
            </a>
          </Button>
        }
      />
    );
  },
};
