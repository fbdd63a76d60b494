import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { MoveInput, type MoveInputLabels } from "./move-input";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/** Both white knights reach d2. */
const TWO_KNIGHTS = "r3k2r/8/8/8/2N5/1p3N2/2P5/R3K2R w KQkq - 0 1";
/** White's pawn on e7 promotes. */
const PROMOTION = "3r1r2/4P3/8/8/8/8/8/4K1k1 w - - 0 1";

const DESCRIPTION = `A text box beside an interactive board to play a move by typing it: standard notation (\`Nf3\`,
\`exd5\`, \`e8=N\`, \`O-O\`) or squares (\`g1f3\`, \`e7e8n\`), capture and check signs optional, a piece letter in
lower case when it cannot be a pawn's file, Arabic-Indic digits accepted. Enter (or Play) plays it; the legal moves
that fit what is typed are listed under the box (arrow keys and Enter, or a click).

**Do**
- Put it beside every board the player moves on, with the board's position as \`fen\`; answer \`onMove\` as the
  board's own \`onMove\` does (a refused move keeps the text).
- Disable it while the board takes no moves (the opponent's turn, a solved puzzle).

**Don't**
- Don't judge the move here: the box only reads the text; the trainer judges it like a move made on the board.
- Don't force the box right to left in Arabic: notation reads left to right.`;

const meta = {
  title: "Chess/MoveInput",
  component: MoveInput,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { fen: START, onMove: fn(() => true), labels: {} as MoveInputLabels },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <MoveInput
        {...args}
        {...textsOr(args, { labels: t("board.moveInput", { returnObjects: true }) as MoveInputLabels })}
        className="max-w-[360px]"
      />
    );
  },
} satisfies Meta<typeof MoveInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const box = (canvasElement: HTMLElement, t: ReturnType<typeof storyTexts>) =>
  within(canvasElement).getByRole("combobox", { name: t("board.moveInput.label") });

/** Ready for a move, and disabled on the opponent's turn (the other stories type into it). */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Empty" className="items-stretch">
        <FromStory meta={meta} story={Empty} globals={context.globals} />
      </Variant>
      <Variant label="Disabled" className="items-stretch">
        <FromStory meta={meta} story={Disabled} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Empty", "Disabled"]);
    await expect(
      within(shown.Empty as HTMLElement).getByRole("combobox", { name: t("board.moveInput.label") }),
    ).toBeEnabled();
    await expect(within(shown.Disabled as HTMLElement).getByRole("combobox")).toBeDisabled();
  },
};

/** The label, the way to write a move, and nothing said yet. */
export const Empty: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const input = box(canvasElement, t);
    await expect(input).toHaveValue("");
    await expect(input).toHaveAccessibleDescription(t("board.moveInput.hint"));
    await expect(input).toHaveAttribute("dir", "ltr");
    await expect(input).toHaveAttribute("aria-expanded", "false");
  },
};

/** Enter plays the typed move; the box empties. */
export const TypeAndEnter: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const input = box(canvasElement, t);
    await userEvent.type(input, "Nf3{Enter}");
    await waitFor(() => expect(args.onMove).toHaveBeenCalledWith({ from: "g1", to: "f3" }));
    await expect(input).toHaveValue("");
    await userEvent.type(input, "e2e4");
    await userEvent.click(within(canvasElement).getByRole("button", { name: t("board.moveInput.play") }));
    await expect(args.onMove).toHaveBeenLastCalledWith({ from: "e2", to: "e4" });
  },
};

/** Arabic-Indic digits are the board's own: "Nf٣" is Nf3. */
export const IndicDigits: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const input = box(canvasElement, storyTexts(globals));
    await userEvent.type(input, "Nf٣{Enter}");
    await waitFor(() => expect(args.onMove).toHaveBeenCalledWith({ from: "g1", to: "f3" }));
  },
};

/** What is typed opens the legal moves that fit; the arrows choose one and Enter plays it. */
export const Suggestions: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const input = box(canvasElement, t);
    await userEvent.type(input, "n");
    const list = within(canvasElement).getByRole("listbox", { name: t("board.moveInput.suggestions") });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Na3", "Nc3", "Nf3", "Nh3"]),
    );
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect(within(list).getByRole("option", { name: "Nc3" })).toHaveAttribute("aria-selected", "true");
    await expect(input.getAttribute("aria-activedescendant")).toBe(
      within(list).getByRole("option", { name: "Nc3" }).id,
    );
    await userEvent.keyboard("{Enter}");
    await expect(args.onMove).toHaveBeenCalledWith({ from: "b1", to: "c3" });
    await expect(input).toHaveAttribute("aria-expanded", "false");
    // Open again for the designers' picture.
    await userEvent.type(input, "N");
    await expect(input).toHaveAttribute("aria-expanded", "true");
  },
};

/** A move that is not legal here is said under the box, and nothing is played. */
export const Illegal: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const input = box(canvasElement, t);
    await userEvent.type(input, "Nf4{Enter}");
    const alert = within(canvasElement).getByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent(t("board.moveInput.illegal")));
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveValue("Nf4");
    await expect(args.onMove).not.toHaveBeenCalled();
    // Typing again clears it; text that is no move at all says how to write one.
    await userEvent.clear(input);
    await userEvent.type(input, "hello{Enter}");
    await expect(alert).toHaveTextContent(t("board.moveInput.unreadable"));
  },
};

/** "Nd2" with two knights able to go there: a button for each. */
export const Ambiguous: Story = {
  args: { fen: TWO_KNIGHTS },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.type(box(canvasElement, t), "Nd2{Enter}");
    const alert = within(canvasElement).getByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent(t("board.moveInput.ambiguous")));
    await userEvent.click(within(alert).getByRole("button", { name: "Nfd2" }));
    await expect(args.onMove).toHaveBeenCalledWith({ from: "f3", to: "d2" });
    await expect(alert).toBeEmptyDOMElement();
    // Asked again, the question stays for the designers' picture.
    await userEvent.type(box(canvasElement, t), "Nd2{Enter}");
    await expect(within(alert).getAllByRole("button")).toHaveLength(2);
  },
};

/** A promotion: "e8=N" becomes a knight; "e8" alone asks which piece, the queen first. */
export const Promotion: Story = {
  args: { fen: PROMOTION },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const input = box(canvasElement, t);
    await userEvent.type(input, "e8=N{Enter}");
    await waitFor(() => expect(args.onMove).toHaveBeenCalledWith({ from: "e7", to: "e8", promotion: "n" }));
    await userEvent.type(input, "e8");
    await userEvent.keyboard("{Escape}{Enter}");
    const alert = within(canvasElement).getByRole("alert");
    await expect(
      within(alert)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["e8=Q", "e8=N", "e8=R", "e8=B"]);
  },
};

/** The opponent's turn: the box and its button take nothing. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(box(canvasElement, t)).toBeDisabled();
    await expect(
      within(canvasElement).getByRole("button", { name: t("board.moveInput.play") }),
    ).toBeDisabled();
  },
};
