import { courseExercise } from "@ct/chess/endgame-course";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { isolateLtr } from "../lib/bidi";
import { expectShownLeftToRight } from "../lib/story-bidi";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { EndgameLesson, type EndgameStatus } from "./endgame-lesson";

const DESCRIPTION = `The side panel of an endgame exercise (issue 40): the goal, the moves used against the limit, the
lesson, a hint naming the technique, the exercise's state — announced as it changes — and Retry.

**Do**
- Name the move where the result slipped and the better move in the failure, and draw the better move on the board.

**Don't**
- Don't show the hint before the player asks: the lesson says what the position is about, the hint how to play it.`;

type State = "playing" | "hint" | "failed" | "solved";

const meta = {
  title: "Training/EndgameLesson",
  component: EndgameLesson,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    title: "playing",
    side: "",
    goal: "",
    moves: "",
    lessonTitle: "",
    lesson: "",
    hint: { label: "", title: "", text: "", shown: false, onShow: fn() },
    status: { tone: "info", text: "" },
    retry: { label: "", onClick: fn() },
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const language = i18n.language === "ar" ? "ar" : "en";
    const lucena = courseExercise("lucena");
    if (!lucena) return <p>missing</p>;
    const state = args.title as State;
    const result = (key: "win" | "draw") => t(`endgameCourse.result.${key}`);
    const status: EndgameStatus =
      state === "failed"
        ? {
            tone: "failure",
            text: t("endgameCourse.failed.slipped", {
              move: isolateLtr("Rc6"),
              from: result("win"),
              to: result("draw"),
            }),
            detail: t("endgameCourse.failed.better", { better: isolateLtr("Rd1+") }),
          }
        : state === "solved"
          ? { tone: "success", text: t("endgameCourse.passed.promotion") }
          : { tone: "info", text: t("endgameCourse.status.yourMove") };
    return (
      <div className="max-w-md">
        <EndgameLesson
          title={lucena.title[language]}
          side={t("endgameCourse.side.white")}
          goal={t("endgameCourse.goal.promote")}
          moves={t("endgameCourse.moves", { used: state === "solved" ? 9 : 1, limit: 15 })}
          lessonTitle={t("endgameCourse.lesson")}
          lesson={lucena.lesson[language]}
          hint={{
            ...args.hint,
            label: t("endgameCourse.hint"),
            title: t("endgameCourse.hintTitle"),
            text: lucena.hint[language],
            shown: state === "hint",
          }}
          status={status}
          retry={{ ...args.retry, label: t("endgameCourse.retry") }}
          next={
            state === "solved"
              ? { label: t("endgameCourse.next"), href: "/training/endgame-course/lucena-centre" }
              : null
          }
        />
      </div>
    );
  },
} satisfies Meta<typeof EndgameLesson>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The panel's four states: on the move, the hint shown, the result slipped, solved. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-6">
      <Variant label="Playing" className="items-stretch">
        <FromStory meta={meta} story={Playing} globals={context.globals} />
      </Variant>
      <Variant label="Hint shown" className="items-stretch">
        <FromStory meta={meta} story={HintShown} globals={context.globals} />
      </Variant>
      <Variant label="Failed" className="items-stretch">
        <FromStory meta={meta} story={Failed} globals={context.globals} />
      </Variant>
      <Variant label="Solved" className="items-stretch">
        <FromStory meta={meta} story={Solved} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Playing", "Hint shown", "Failed", "Solved"]);
    const playing = within(shown.Playing as HTMLElement);
    await expect(playing.getByRole("status")).toHaveAttribute("data-tone", "info");
    await expect(playing.getByRole("button", { name: t("endgameCourse.hint") })).toBeVisible();
    const hint = within(shown["Hint shown"] as HTMLElement);
    await expect(hint.getByText(t("endgameCourse.hintTitle"))).toBeVisible();
    await expect(hint.queryByRole("button", { name: t("endgameCourse.hint") })).toBeNull();
    const failed = within(shown.Failed as HTMLElement).getByRole("status");
    await expect(failed).toHaveAttribute("data-tone", "failure");
    await expect(failed).toHaveTextContent("Rd1+");
    const solved = within(shown.Solved as HTMLElement);
    await expect(solved.getByRole("status")).toHaveAttribute("data-tone", "success");
    await expect(solved.getByRole("link", { name: t("endgameCourse.next") })).toBeVisible();
  },
};

/** On the move: the goal, the moves used, the lesson; Hint asks for the technique. */
export const Playing: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(t("endgameCourse.status.yourMove"));
    await expect(canvas.getByText(t("endgameCourse.goal.promote"))).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: t("endgameCourse.hint") }));
    await expect(args.hint.onShow).toHaveBeenCalled();
  },
};

/** The hint shown: the technique's key idea ("build a bridge with your rook"). */
export const HintShown: Story = {
  args: { title: "hint" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t("endgameCourse.hintTitle"))).toBeVisible();
    await expect(canvas.queryByRole("button", { name: t("endgameCourse.hint") })).toBeNull();
  },
};

/** The win slipped: the move where it happened and the better one; Retry starts again. */
export const Failed: Story = {
  args: { title: "failed" },
  play: async ({ canvasElement, globals, args }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const status = canvas.getByRole("status");
    await expect(status).toHaveAttribute("data-tone", "failure");
    await expect(status).toHaveTextContent("Rc6");
    await expect(status).toHaveTextContent("Rd1+");
    await userEvent.click(canvas.getByRole("button", { name: t("endgameCourse.retry") }));
    await expect(args.retry.onClick).toHaveBeenCalled();
  },
};

/** The failure in Arabic: the moves in the sentences read left to right ("Rd1+", not "+Rd1"). */
export const ArabicFailed: Story = {
  ...ARABIC_STORY,
  args: { title: "failed" },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveAttribute("data-tone", "failure");
    await expectShownLeftToRight(status, "Rc6", "Rd1+");
  },
};

/** Solved: the success and a link to the next position. */
export const Solved: Story = {
  args: { title: "solved" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveAttribute("data-tone", "success");
    await expect(canvas.getByRole("link", { name: t("endgameCourse.next") })).toHaveAttribute(
      "href",
      "/training/endgame-course/lucena-centre",
    );
  },
};
