import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { HINT_LEVELS, HintCard, type HintLevel } from "./hint-card";

/** Hints of one position (data, as the API sends them in both languages). */
const HINTS: Record<"en" | "ar", Record<HintLevel, string>> = {
  en: {
    subtle: "Look at the undefended pieces near the black king.",
    moderate: "A knight move attacks two pieces at once.",
    explicit: "Play Nf7+, forking the king and the queen.",
  },
  ar: {
    subtle: "انظر إلى القطع غير المحمية قرب الملك الأسود.",
    moderate: "نقلة حصان تهاجم قطعتين في آن واحد.",
    explicit: "العب Nf7+ لتهاجم الملك والوزير معًا.",
  },
};

function useHintProps(level: HintLevel) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  return {
    level,
    text: HINTS[language][level],
    title: t("training.hint.title"),
    levelLabel: t(`training.hint.levels.${level}`),
    moreHelpLabel: t("training.hint.moreHelp"),
    targetSquare: "f7",
    targetSquareLabel: t("training.hint.targetSquare"),
    move: "Nf7+",
    suggestedMoveLabel: t("training.hint.suggestedMove"),
    playMoveLabel: t("training.hint.playMove", { move: "Nf7+" }),
  };
}

const meta = {
  title: "Training/HintCard",
  component: HintCard,
  args: {
    level: "subtle",
    // Texts come from the story's locale; typed in Controls, they replace it.
    text: "",
    title: "",
    levelLabel: "",
    moreHelpLabel: "",
    onMoreHelp: fn(),
    onPlayMove: fn(),
  },
  argTypes: { level: { control: "inline-radio", options: HINT_LEVELS } },
  render: function Render(args) {
    const texts = useHintProps(args.level ?? "subtle");
    return <HintCard {...args} {...texts} {...textsOr(args, texts)} className="max-w-panel" />;
  },
} satisfies Meta<typeof HintCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The three levels side by side: subtle (More Help), moderate (the target square), explicit (the move to play). */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      {HINT_LEVELS.map((level) => (
        <Variant key={level} label={level[0]?.toUpperCase() + level.slice(1)} className="items-stretch">
          <FromStory meta={meta} globals={context.globals} args={{ level }} />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Subtle", "Moderate", "Explicit"]);
    await expect(
      within(canvasElement).getAllByRole("region", { name: t("training.hint.title") }),
    ).toHaveLength(3);
    for (const level of HINT_LEVELS) {
      await expect(shown[level[0]?.toUpperCase() + level.slice(1)]).toHaveTextContent(
        t(`training.hint.levels.${level}`),
      );
    }
    await expect(within(shown.Subtle as HTMLElement).getByRole("button")).toHaveTextContent(
      t("training.hint.moreHelp"),
    );
    await expect(
      within(shown.Explicit as HTMLElement).getByRole("button", {
        name: t("training.hint.playMove", { move: "Nf7+" }),
      }),
    ).toBeVisible();
  },
};

export const Subtle: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const card = within(canvasElement).getByRole("region", { name: t("training.hint.title") });
    await expect(card).toHaveTextContent(t("training.hint.levels.subtle"));
    await expect(within(card).queryByText("f7")).toBeNull();
    await expect(
      within(card).queryByRole("button", { name: t("training.hint.playMove", { move: "Nf7+" }) }),
    ).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: t("training.hint.moreHelp") }));
    await expect(args.onMoreHelp).toHaveBeenCalledOnce();
  },
};

/** Moderate shows the target square of the first correct move. */
export const Moderate: Story = {
  args: { level: "moderate" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText("f7")).toBeVisible();
    await expect(canvas.getByText(t("training.hint.targetSquare"), { exact: false })).toBeVisible();
    await expect(canvas.getByRole("button", { name: t("training.hint.moreHelp") })).toBeVisible();
    await expect(
      canvas.queryByRole("button", { name: t("training.hint.playMove", { move: "Nf7+" }) }),
    ).toBeNull();
  },
};

/** Explicit: the suggested move is a button that plays it, and More Help is gone. */
export const Explicit: Story = {
  args: { level: "explicit" },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("button", { name: t("training.hint.moreHelp") })).toBeNull();
    await userEvent.click(
      canvas.getByRole("button", { name: t("training.hint.playMove", { move: "Nf7+" }) }),
    );
    await expect(args.onPlayMove).toHaveBeenCalledOnce();
    await expect(args.onPlayMove).toHaveBeenCalledWith("Nf7+");
  },
};

/** More Help steps subtle → moderate → explicit, then disappears (the level lives in the story here). */
export const MoreHelpSteps: Story = {
  render: function Render(args) {
    const [level, setLevel] = useState<HintLevel>("subtle");
    return (
      <HintCard
        {...args}
        {...useHintProps(level)}
        onMoreHelp={() => {
          args.onMoreHelp();
          setLevel((current) => HINT_LEVELS[Math.min(HINT_LEVELS.indexOf(current) + 1, 2)] ?? "explicit");
        }}
        className="max-w-panel"
      />
    );
  },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const language = globals?.locale === "ar" ? "ar" : "en";
    const moreHelp = () => canvas.getByRole("button", { name: t("training.hint.moreHelp") });
    await expect(canvas.getByText(HINTS[language].subtle)).toBeVisible();
    await userEvent.click(moreHelp());
    await expect(canvas.getByText(HINTS[language].moderate)).toBeVisible();
    await expect(canvas.getByText("f7")).toBeVisible();
    await userEvent.click(moreHelp());
    await expect(canvas.getByText(HINTS[language].explicit)).toBeVisible();
    await expect(canvas.queryByRole("button", { name: t("training.hint.moreHelp") })).toBeNull();
    await userEvent.click(
      canvas.getByRole("button", { name: t("training.hint.playMove", { move: "Nf7+" }) }),
    );
    await expect(args.onMoreHelp).toHaveBeenCalledTimes(2);
    await expect(args.onPlayMove).toHaveBeenCalledWith("Nf7+");
  },
};

/** Texts typed in the Controls panel replace the locale's (here given as the story's args). */
export const EditedInControls: Story = {
  args: { title: "Coach's note", text: "Count the defenders of f7." },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const card = within(canvasElement).getByRole("region", { name: "Coach's note" });
    await expect(card).toHaveTextContent("Count the defenders of f7.");
    // The texts left empty still come from the locale.
    await expect(card).toHaveTextContent(t("training.hint.levels.subtle"));
  },
};
