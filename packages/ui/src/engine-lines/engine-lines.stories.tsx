import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { EngineLines, type EngineLineView } from "./engine-lines";

const DESCRIPTION = `The engine's best lines for the position on an analysis board, best first: each with its
evaluation from White's side (a white chip when White is better, a dark one when Black is), its moves in numbered
standard notation and a button that plays its first move. The site's analysis board (/analysis) runs Stockfish in the
browser and gives it three lines.

**Do**
- Give the lines of the position on the board only; while the engine searches a new position, set \`status\` to
  \`thinking\` (the old lines go).
- Name each line and each Play button in the page's language.

**Don't**
- Don't turn the moves right to left in Arabic: the notation stays left to right inside the Arabic page.`;

type LineSpec = Omit<EngineLineView, "label" | "depth" | "playLabel" | "evaluationLabel"> & {
  first: string;
  mate?: number;
};

const LINES: LineSpec[] = [
  { evaluation: "+1.25", favours: "white", moves: "24. Qd7 Rxd7 25. Rxd7 Kf8 26. Rxb7", first: "Qd7" },
  { evaluation: "+0.40", favours: "white", moves: "24. a4 h6 25. Qe3 Rd8 26. Rb1", first: "a4" },
  { evaluation: "\u22120.35", favours: "black", moves: "24. Rb1 Rd8 25. Qe3 Qxe3 26. fxe3", first: "Rb1" },
];
const MATES: LineSpec[] = [
  { evaluation: "#2", favours: "white", moves: "31. Qh7+ Kf8 32. Qh8#", first: "Qh7+", mate: 2 },
  { evaluation: "0.00", favours: "even", moves: "31. Qe4 Qd6 32. Qe8+", first: "Qe4" },
  { evaluation: "#\u22121", favours: "black", moves: "31. Kh1 Qf1#", first: "Kh1", mate: 1 },
];

const meta = {
  title: "Training/EngineLines",
  component: EngineLines,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { title: "", status: "ready", lines: [], onPlayLine: fn() },
  render: function Render(args) {
    const { t } = useTranslation();
    const specs = args.lines.length === 0 ? LINES : (args.lines as unknown as LineSpec[]);
    const lines: EngineLineView[] = specs.map((line, index) => ({
      evaluation: line.evaluation,
      favours: line.favours,
      moves: line.moves,
      ...(line.mate ? { evaluationLabel: t("aroundPuzzle.board.lines.mate", { count: line.mate }) } : {}),
      label: t("aroundPuzzle.board.lines.line", { n: index + 1 }),
      depth: t("aroundPuzzle.board.lines.depth", { depth: 18 }),
      playLabel: t("aroundPuzzle.board.lines.play", { move: line.first }),
    }));
    return (
      <EngineLines
        {...args}
        title={args.title || t("aroundPuzzle.board.lines.title")}
        statusText={
          args.statusText ??
          (args.status === "failed"
            ? t("aroundPuzzle.board.lines.failed")
            : args.status === "over"
              ? t("aroundPuzzle.board.lines.over")
              : t("aroundPuzzle.board.lines.thinking"))
        }
        lines={lines}
        className="max-w-[420px]"
      />
    );
  },
} satisfies Meta<typeof EngineLines>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three lines with evaluations, mates and an even line, and the three states without lines. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-6">
      <Variant label="Ready" className="items-stretch">
        <FromStory meta={meta} story={Ready} globals={context.globals} />
      </Variant>
      <Variant label="Mates" className="items-stretch">
        <FromStory meta={meta} story={Mates} globals={context.globals} />
      </Variant>
      <Variant label="Thinking" className="items-stretch">
        <FromStory meta={meta} story={Thinking} globals={context.globals} />
      </Variant>
      <Variant label="Failed" className="items-stretch">
        <FromStory meta={meta} story={Failed} globals={context.globals} />
      </Variant>
      <Variant label="Game over" className="items-stretch">
        <FromStory meta={meta} story={GameOver} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Ready", "Mates", "Thinking", "Failed", "Game over"]);
    const ready = within(shown.Ready as HTMLElement).getAllByRole("listitem");
    await expect(ready).toHaveLength(3);
    await expect(ready[0]).toHaveTextContent("+1.25");
    await expect(ready[0]).toHaveTextContent("24. Qd7 Rxd7");
    const mates = within(shown.Mates as HTMLElement).getAllByRole("listitem");
    await expect(mates[0]).toHaveTextContent(t("aroundPuzzle.board.lines.mate", { count: 2 }));
    await expect(mates[2]).toHaveTextContent("#\u22121");
    await expect(within(shown.Thinking as HTMLElement).getByRole("status")).toHaveTextContent(
      t("aroundPuzzle.board.lines.thinking"),
    );
    await expect(within(shown.Thinking as HTMLElement).queryAllByRole("listitem")).toHaveLength(0);
    await expect(within(shown.Failed as HTMLElement).getByRole("status")).toHaveTextContent(
      t("aroundPuzzle.board.lines.failed"),
    );
    await expect(within(shown["Game over"] as HTMLElement).getByRole("status")).toHaveTextContent(
      t("aroundPuzzle.board.lines.over"),
    );
  },
};

/** Three lines, best first; Play plays a line's first move (here: the second line's). */
export const Ready: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: t("aroundPuzzle.board.lines.title") })).toBeVisible();
    const items = canvas.getAllByRole("listitem");
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent(t("aroundPuzzle.board.lines.line", { n: 1 }));
    await expect(items[0]).toHaveTextContent("24. Qd7 Rxd7");
    await expect(items[0]).toHaveTextContent("+1.25");
    const play = canvas.getByRole("button", { name: t("aroundPuzzle.board.lines.play", { move: "a4" }) });
    play.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onPlayLine).toHaveBeenCalledWith(1);
  },
};

/** Mates are counted in moves, from White's side: "#2" White mates, "#−1" Black mates; read out as words. */
export const Mates: Story = {
  args: { lines: MATES as unknown as EngineLineView[] },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole("listitem");
    await expect(items[0]).toHaveTextContent(t("aroundPuzzle.board.lines.mate", { count: 2 }));
    await expect(items[2]).toHaveTextContent("#\u22121");
    await expect(canvasElement.querySelector("[data-favours=even]")).toHaveTextContent("0.00");
  },
};

/** While the engine searches, it says so (a status the screen reader announces) and shows no lines. */
export const Thinking: Story = {
  args: { status: "thinking" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(t("aroundPuzzle.board.lines.thinking"));
    await expect(canvas.queryAllByRole("listitem")).toHaveLength(0);
    await expect(canvasElement.querySelector("[data-slot=engine-lines]")).toHaveAttribute(
      "aria-busy",
      "true",
    );
  },
};

export const Failed: Story = {
  args: { status: "failed" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      t("aroundPuzzle.board.lines.failed"),
    );
  },
};

export const GameOver: Story = {
  args: { status: "over" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      t("aroundPuzzle.board.lines.over"),
    );
  },
};
