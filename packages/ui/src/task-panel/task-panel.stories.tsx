import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { TaskPanel } from "./task-panel";

const description = {
  en: "White to move. Find the move that wins material.",
  ar: "الدور للأبيض. ابحث عن النقلة التي تكسب مادة.",
};

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The task panel of the training screen: 'Position N of M' and the position's description (spec
section 2). It says what the player is asked to find; its children (the position's record: solved, outcome, attempts)
go under the task.

**Do**
- Pass \`position\` already formatted in the page's language ("Position 3 of 10") and the position's description in
  that language.
- Pass \`status\` while there is no position ("Loading position...", "No position available"): it takes the
  description's place and is announced.
- Use \`density="compact"\` on the training screen, where the board and the panel must fit one screen.

**Don't**
- Don't put a hint or the answer in the description: hints come from the HintCard, one level at a time.
- Don't use it as a general boxed section outside training: that is the Card.`;

const meta = {
  title: "Training/TaskPanel",
  component: TaskPanel,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { title: "", position: "" },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <TaskPanel
        {...args}
        {...textsOr(args, {
          title: t("training.task.title"),
          position: t("training.task.position", { n: 3, total: 12 }),
        })}
        description={args.status ? null : description[i18n.language === "ar" ? "ar" : "en"]}
        className="max-w-panel"
      />
    );
  },
} satisfies Meta<typeof TaskPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_PANELS = [
  { label: "With description", story: () => WithDescription },
  { label: "Loading position", story: () => LoadingPosition },
  { label: "No position", story: () => NoPosition },
  { label: "Compact", story: () => Compact },
];

/** The task with its description, while the position loads, with no position, and the training screen's density. */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      {OVERVIEW_PANELS.map(({ label, story }) => (
        <Variant key={label} label={label} className="items-stretch">
          <FromStory meta={meta} story={story()} globals={context.globals} />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_PANELS.map(({ label }) => label),
    );
    await expect(
      within(canvasElement).getAllByRole("region", { name: t("training.task.title") }),
    ).toHaveLength(4);
    await expect(shown["With description"]).toHaveTextContent(
      description[globals.locale === "ar" ? "ar" : "en"],
    );
    await expect(shown["Loading position"]).toHaveTextContent(t("training.loadingPosition"));
    await expect(shown["No position"]).toHaveTextContent(t("training.noPosition"));
  },
};

export const WithDescription: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("region", { name: t("training.task.title") })).toBeVisible();
    await expect(canvas.getByText(t("training.task.position", { n: 3, total: 12 }))).toBeVisible();
    await expect(canvas.getByText(globals?.locale === "ar" ? description.ar : description.en)).toBeVisible();
  },
};

export const LoadingPosition: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <TaskPanel
        {...args}
        title={t("training.task.title")}
        position={t("training.task.position", { n: 1, total: 12 })}
        status={t("training.loadingPosition")}
        className="max-w-panel"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(t("training.loadingPosition"));
  },
};

export const NoPosition: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <TaskPanel
        {...args}
        title={t("training.task.title")}
        position={t("training.task.position", { n: 0, total: 0 })}
        status={t("training.noPosition")}
        className="max-w-panel"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(t("training.noPosition"));
  },
};

/** The training screen's density: less padding, so the panel, the buttons and the feedback fit beside the board. */
export const Compact: Story = {
  args: { density: "compact" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const panel = canvas.getByRole("region", { name: t("training.task.title") });
    await expect(panel).toHaveAttribute("data-density", "compact");
    await expect(canvas.getByText(globals?.locale === "ar" ? description.ar : description.en)).toBeVisible();
  },
};
