import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, within } from "storybook/test";
import { isolateLtr } from "../lib/bidi";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { type RepertoireMoveItem, RepertoirePanel, type RepertoireStatus } from "./repertoire-panel";

const DESCRIPTION = `The repertoire trainer's side panel (issue 40): the opening, the mode (Learn or Drill) and the line, the
trainer's state (announced as it changes), the idea of the move in question (the repertoire's comment), the line's
moves so far and the actions.

**Do**
- Show the repertoire move and its idea after a wrong move in Drill, with Continue.
- Pass moves as numbered standard notation; they read left to right in both languages.

**Don't**
- Don't list the moves still to come in Drill: the player must find them.`;

const MOVES = ["1.e4", "1...e5", "2.Nf3", "2...Nc6", "3.Bb5"];

const IDEA = {
  en: "Attack the knight that defends e5.",
  ar: "مهاجمة الحصان الذي يحمي e5.",
};

type Kind = "learn" | "wrong";

const meta = {
  title: "Training/RepertoirePanel",
  component: RepertoirePanel,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    title: "learn",
    mode: "",
    side: "",
    line: "",
    status: { tone: "info", text: "" },
    movesTitle: "",
    moves: [],
    actions: [],
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const kind = args.title as Kind;
    const language = i18n.language === "ar" ? "ar" : "en";
    const opening = language === "ar" ? "روي لوبيز" : "Ruy Lopez";
    const lineName = language === "ar" ? "المغلق، تشيغورين" : "Closed, Chigorin";
    const moves: RepertoireMoveItem[] = MOVES.map((label, index) => ({
      label,
      state: index < 4 ? "played" : "current",
    }));
    const status: RepertoireStatus =
      kind === "learn"
        ? { tone: "info", text: t("repertoire.learnStep.yours", { move: isolateLtr("Bb5") }) }
        : {
            tone: "failure",
            text: t("repertoire.drillStep.wrong", { played: isolateLtr("Bc4"), move: isolateLtr("Bb5") }),
            detail: t("repertoire.drillStep.later"),
          };
    return (
      <div className="max-w-md">
        <RepertoirePanel
          title={opening}
          mode={t(`repertoire.mode.${kind === "learn" ? "learn" : "drill"}`)}
          side={t("repertoire.side.white")}
          line={t("repertoire.line", { number: 1, total: 3, name: lineName })}
          status={status}
          idea={{ title: t("repertoire.idea"), text: IDEA[language] }}
          movesTitle={t("repertoire.moves")}
          moves={moves}
          remaining={kind === "wrong" ? t("repertoire.remaining", { count: 3 }) : null}
          actions={
            kind === "learn"
              ? [{ label: t("repertoire.next"), onClick: args.actions[0]?.onClick ?? fn(), primary: true }]
              : [
                  {
                    label: t("repertoire.continue"),
                    onClick: args.actions[0]?.onClick ?? fn(),
                    primary: true,
                  },
                ]
          }
        />
      </div>
    );
  },
} satisfies Meta<typeof RepertoirePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Learn (the move to play next, with its idea) and Drill after a wrong move. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      <Variant label="Learn" className="items-stretch">
        <FromStory meta={meta} story={Learn} globals={context.globals} />
      </Variant>
      <Variant label="Drill, wrong move" className="items-stretch">
        <FromStory meta={meta} story={WrongMove} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Learn", "Drill, wrong move"]);
    const learn = within(shown.Learn as HTMLElement);
    await expect(learn.getByRole("status")).toHaveAttribute("data-tone", "info");
    await expect(learn.getByRole("button", { name: t("repertoire.next") })).toBeVisible();
    const wrong = within(shown["Drill, wrong move"] as HTMLElement);
    await expect(wrong.getByRole("status")).toHaveAttribute("data-tone", "failure");
    await expect(wrong.getByRole("button", { name: t("repertoire.continue") })).toBeVisible();
  },
};

/** Learn: the player's move to play next (3.Bb5), with its idea. */
export const Learn: Story = {
  args: { actions: [{ label: "", onClick: fn() }] },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(
      t("repertoire.learnStep.yours", { move: isolateLtr("Bb5") }),
    );
    const moves = canvas.getAllByRole("listitem");
    await expect(moves.map((move) => move.dataset.state)).toEqual([
      "played",
      "played",
      "played",
      "played",
      "current",
    ]);
    await canvas.getByRole("button", { name: t("repertoire.next") }).click();
    await expect(args.actions[0]?.onClick).toHaveBeenCalled();
  },
};

/** Drill after a wrong move: the repertoire move and its idea, the line coming back later, Continue. */
export const WrongMove: Story = {
  args: { title: "wrong" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const status = canvas.getByRole("status");
    await expect(status).toHaveAttribute("data-tone", "failure");
    await expect(status).toHaveTextContent(t("repertoire.drillStep.later"));
    await expect(canvas.getByText(IDEA[globals?.locale === "ar" ? "ar" : "en"])).toBeVisible();
    await expect(canvas.getByRole("button", { name: t("repertoire.continue") })).toBeEnabled();
  },
};
