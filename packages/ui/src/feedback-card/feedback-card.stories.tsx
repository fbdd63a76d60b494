import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { isolateLtr } from "../lib/bidi";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { FEEDBACK_KINDS, FeedbackCard, type FeedbackKind } from "./feedback-card";

/** Which of the spec's messages goes with a kind in these stories. */
const MESSAGE_KEY: Record<FeedbackKind, string> = {
  excellent: "training.feedback.correct",
  best: "training.feedback.correct",
  good: "training.feedback.correct",
  interesting: "training.feedback.incorrect",
  inaccuracy: "training.feedback.incorrect",
  mistake: "training.feedback.incorrect",
  blunder: "training.feedback.incorrect",
  invalid: "training.feedback.invalid",
};

const meta = {
  title: "Training/FeedbackCard",
  component: FeedbackCard,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { kind: "best", kindLabel: "", message: "" },
  argTypes: { kind: { control: "select", options: FEEDBACK_KINDS } },
  render: function Render(args) {
    const { t } = useTranslation();
    const kind = args.kind ?? "best";
    return (
      <FeedbackCard
        {...args}
        {...textsOr(args, { kindLabel: t(`training.feedback.kinds.${kind}`), message: t(MESSAGE_KEY[kind]) })}
        className="max-w-panel"
      />
    );
  },
} satisfies Meta<typeof FeedbackCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind side by side (its colour, icon and name), then a wrong move with its refutation. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4 gap-y-3">
      {FEEDBACK_KINDS.map((kind) => (
        <Variant key={kind} label={kind[0]?.toUpperCase() + kind.slice(1)} className="items-stretch">
          <FromStory meta={meta} globals={context.globals} args={{ kind }} />
        </Variant>
      ))}
      <Variant label="With refutation" className="items-stretch">
        <FromStory meta={meta} story={WithRefutation} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, [
      ...FEEDBACK_KINDS.map((kind) => kind[0]?.toUpperCase() + kind.slice(1)),
      "With refutation",
    ]);
    const cards = within(canvasElement).getAllByRole("status");
    await expect(cards.map((card) => card.getAttribute("data-kind"))).toEqual([...FEEDBACK_KINDS, "mistake"]);
    for (const card of cards) await expect(card.querySelector("svg")).not.toBeNull();
    await expect(within(shown["With refutation"] as HTMLElement).getByRole("status")).toHaveTextContent(
      "14... Qd4? 15. Nf3 Qxe4+",
    );
  },
};

/** A correct move (spec: 'best', score 1). */
export const Correct: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const card = within(canvasElement).getByRole("status");
    await expect(card).toHaveAttribute("data-kind", "best");
    await expect(card).toHaveTextContent(t("training.feedback.kinds.best"));
    await expect(card).toHaveTextContent(t("training.feedback.correct"));
  },
};

/** A wrong move (spec: 'mistake', score -0.5). */
export const Incorrect: Story = {
  args: { kind: "mistake" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const card = within(canvasElement).getByRole("status");
    await expect(card).toHaveAttribute("data-kind", "mistake");
    await expect(card).toHaveTextContent(t("training.feedback.incorrect"));
  },
};

/** Show Answer: 'This is the correct move.' */
export const AnswerShown: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <FeedbackCard
        {...args}
        kind="best"
        {...textsOr(args, {
          kindLabel: t("training.feedback.kinds.best"),
          message: t("training.feedback.answer"),
        })}
        className="max-w-panel"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(t("training.feedback.answer"));
  },
};

/** The answer shown: "Try again" replays the puzzle at once, as a review (the rating stays). */
export const AnswerShownTryAgain: Story = {
  args: { onTryAgain: fn() },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <FeedbackCard
        {...args}
        kind="best"
        {...textsOr(args, {
          kindLabel: t("training.feedback.kinds.best"),
          message: t("training.feedback.answer"),
        })}
        tryAgainLabel={t("coachReview.feedback.tryAgain")}
        tryAgainDescription={t("coachReview.feedback.tryAgainHelp")}
        className="max-w-panel"
      />
    );
  },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const again = within(canvasElement).getByRole("button", { name: t("coachReview.feedback.tryAgain") });
    await expect(again).toHaveAccessibleDescription(t("coachReview.feedback.tryAgainHelp"));
    await userEvent.click(again);
    await expect(args.onTryAgain).toHaveBeenCalledOnce();
  },
};

export const InvalidMove: Story = {
  args: { kind: "invalid" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(t("training.feedback.invalid"));
  },
};

export const Excellent: Story = { args: { kind: "excellent" } };
export const Good: Story = { args: { kind: "good" } };
export const Interesting: Story = { args: { kind: "interesting" } };
export const Inaccuracy: Story = { args: { kind: "inaccuracy" } };
export const Blunder: Story = { args: { kind: "blunder" } };

/** Every kind has its own colour and icon, and its name in words (colour is never the only signal). */
export const AllKinds: Story = {
  render: function Render() {
    const { t } = useTranslation();
    return (
      <div className="grid max-w-[760px] gap-3 md:grid-cols-2">
        {FEEDBACK_KINDS.map((kind) => (
          <FeedbackCard
            key={kind}
            kind={kind}
            kindLabel={t(`training.feedback.kinds.${kind}`)}
            message={t(MESSAGE_KEY[kind])}
          />
        ))}
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const cards = within(canvasElement).getAllByRole("status");
    await expect(cards.map((card) => card.getAttribute("data-kind"))).toEqual([...FEEDBACK_KINDS]);
    const backgrounds = new Set(cards.map((card) => getComputedStyle(card).backgroundColor));
    await expect(backgrounds.size).toBe(FEEDBACK_KINDS.length);
    for (const card of cards) await expect(card.querySelector("svg")).not.toBeNull();
  },
};

/** A wrong move with the refutation in the extra slot: the opponent's best reply and what it wins. */
export const WithRefutation: Story = {
  args: { kind: "mistake" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <FeedbackCard
        {...args}
        {...textsOr(args, {
          kindLabel: t("training.feedback.kinds.mistake"),
          message: t("training.feedback.incorrect"),
        })}
        className="max-w-panel"
        extra={
          <div className="flex flex-col gap-1 border-t border-grade-mistake-rule pt-2 text-sm">
            <p className="m-0 font-semibold">{t("training.feedback.whyNot", { move: isolateLtr("Nxe5") })}</p>
            <p className="m-0">
              {t("training.feedback.refutation", { line: "\u206614... Qd4? 15. Nf3 Qxe4+\u2069" })}
            </p>
          </div>
        }
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const card = within(canvasElement).getByRole("status");
    await expect(card).toHaveTextContent(t("training.feedback.whyNot", { move: isolateLtr("Nxe5") }));
    await expect(card).toHaveTextContent("14... Qd4? 15. Nf3 Qxe4+");
  },
};

/** Texts typed in the Controls panel replace the locale's (here given as the story's args); the kind's label stays. */
export const EditedInControls: Story = {
  args: { kind: "blunder", message: "Bxh7+ wins your queen." },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const card = within(canvasElement).getByRole("status");
    await expect(card).toHaveAttribute("data-kind", "blunder");
    await expect(card).toHaveTextContent("Bxh7+ wins your queen.");
    await expect(card).toHaveTextContent(t("training.feedback.kinds.blunder"));
  },
};
