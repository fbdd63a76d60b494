import type { Meta, StoryObj } from "@storybook/react-vite";
import { Chess } from "chess.js";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { BoardMove } from "../board/board";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { AccessibleBoard, type AccessibleBoardLabels } from "./accessible-board";
import { type BoardWords, fill, moveWords, squareWords } from "./speech";

/** The words in the story's locale. */
const wordsOf = (t: ReturnType<typeof storyTexts>) =>
  t("board.screenReader.words", { returnObjects: true }) as BoardWords;

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/** Black to move after 1.e4: the board seen from Black's side. */
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/** White's pawn on d7 can take on e8 or go to d8. */
const PROMOTION = "4r1k1/3P4/8/8/8/8/8/4K3 w - - 0 1";

const DESCRIPTION = `The board for a screen reader (issue 42's screen-reader mode, after lichess's blind mode): a grid
of buttons named by square and piece ("e4, white knight"), one of them in the tab order. Arrow keys move as the board
is seen; K Q R B N P jump to the next such piece; H reads the rank, V the file, L the last move, M the legal moves of
the selected piece; Enter or Space selects a piece and plays it to a square; a promotion asks which piece, queen
first; Escape cancels. The keys are listed in a "Keys" disclosure over the grid (so they are in reach on a short
window; the key names kept left to right in an Arabic sentence), and the grid is described by that text.

**Do**
- Give it \`onAnnounce\` and put what it says in a polite live region the page owns (one for the whole page).
- Read the player's move and the reply in that region too (\`moveWords\`), in the page's language.

**Don't**
- Don't show it beside an interactive visual board that takes moves as well: hide that one (\`aria-hidden\`) or
  leave it out.`;

function Render(args: React.ComponentProps<typeof AccessibleBoard>) {
  const { t } = useTranslation();
  const [said, setSaid] = React.useState<string[]>([]);
  const [fen, setFen] = React.useState(args.fen);
  const [last, setLast] = React.useState(args.lastMove ?? null);
  React.useEffect(() => setFen(args.fen), [args.fen]);
  return (
    <div className="flex max-w-[420px] flex-col gap-3">
      <AccessibleBoard
        {...args}
        fen={fen}
        lastMove={last}
        label={args.label || t("board.label")}
        labels={t("board.screenReader", { returnObjects: true }) as AccessibleBoardLabels}
        words={t("board.screenReader.words", { returnObjects: true }) as BoardWords}
        onAnnounce={(text) => {
          args.onAnnounce(text);
          setSaid((before) => [...before.slice(-2), text]);
        }}
        onMove={(move: BoardMove) => {
          const chess = new Chess(fen);
          let played: ReturnType<Chess["move"]>;
          try {
            played = chess.move(move);
          } catch {
            return false;
          }
          const taken = args.onMove?.(move) ?? false;
          if (taken) {
            setFen(chess.fen());
            setLast(played.san);
          }
          return taken;
        }}
      />
      <div role="status" aria-live="polite" data-testid="said" className="text-sm text-fg">
        {said.map((text, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are replaced in order
          <p key={index} className="m-0">
            {text}
          </p>
        ))}
      </div>
    </div>
  );
}

const meta = {
  title: "Chess/AccessibleBoard",
  component: AccessibleBoard,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    fen: START,
    label: "",
    labels: {} as AccessibleBoardLabels,
    words: {} as BoardWords,
    onAnnounce: fn(),
    onMove: fn(() => true),
  },
  render: (args) => <Render {...args} />,
} satisfies Meta<typeof AccessibleBoard>;

export default meta;
type Story = StoryObj<typeof meta>;

const grid = (canvasElement: HTMLElement) => within(canvasElement).getByRole("grid");
const square = (canvasElement: HTMLElement, name: string) =>
  within(grid(canvasElement)).getByRole("button", { name });
const said = (canvasElement: HTMLElement) => within(canvasElement).getByTestId("said");

/**
 * The board from White's side with its keys' disclosure open (the play opens it: a designer sees the keys, their
 * names left to right in Arabic too), from Black's side after 1.e4, and a promotion position.
 */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-6">
      <Variant label="White's side, keys open" className="items-stretch">
        <FromStory meta={meta} story={KeysOpen} globals={context.globals} />
      </Variant>
      <Variant label="Black's side, last move" className="items-stretch">
        <FromStory meta={meta} story={FromBlack} globals={context.globals} />
      </Variant>
      <Variant label="Promotion" className="items-stretch">
        <FromStory meta={meta} story={Promotion} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      "White's side, keys open",
      "Black's side, last move",
      "Promotion",
    ]);
    const white = shown["White's side, keys open"] as HTMLElement;
    await userEvent.click(within(white).getByText(t("board.screenReader.instructionsTitle")));
    const help = white.querySelector("[data-slot=accessible-board-help]") as HTMLDetailsElement;
    await expect(help.open).toBe(true);
    for (const key of help.querySelectorAll("kbd")) await expect(key).toHaveAttribute("dir", "ltr");
    const whiteRows = within(grid(white)).getAllByRole("row");
    await expect(within(whiteRows[7] as HTMLElement).getAllByRole("button")[0]).toHaveAttribute(
      "data-square",
      "a1",
    );
    const blackRows = within(grid(shown["Black's side, last move"] as HTMLElement)).getAllByRole("row");
    await expect(within(blackRows[0] as HTMLElement).getAllByRole("button")[0]).toHaveAttribute(
      "data-square",
      "h1",
    );
    await expect(square(shown.Promotion as HTMLElement, squareWords("d7", "wP", wordsOf(t)))).toBeVisible();
  },
};

/**
 * The keys' disclosure opened: the Latin key names (K, Q, H, Enter…) each in a left-to-right `kbd`, so an Arabic
 * sentence keeps them in their places; the grid's description is the same text.
 */
export const KeysOpen: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const summary = within(canvasElement).getByText(t("board.screenReader.instructionsTitle"));
    await userEvent.click(summary);
    const help = canvasElement.querySelector("[data-slot=accessible-board-help]") as HTMLDetailsElement;
    await expect(help.open).toBe(true);
    const keys = [...help.querySelectorAll("kbd")];
    await expect(keys.map((key) => key.textContent)).toEqual(
      expect.arrayContaining(["K", "Q", "H", "Enter"]),
    );
    for (const key of keys) await expect(key).toHaveAttribute("dir", "ltr");
    await expect(grid(canvasElement)).toHaveAccessibleDescription(t("board.screenReader.instructions"));
  },
};

/** The starting position from White's side: the king in the tab order, the keys explained. */
export const Start: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(grid(canvasElement)).toHaveAccessibleDescription(t("board.screenReader.instructions"));
    const king = square(canvasElement, squareWords("e1", "wK", wordsOf(t)));
    await expect(king).toHaveAttribute("tabindex", "0");
    // The first rank from the left: a1 is the bottom left corner.
    const rows = within(grid(canvasElement)).getAllByRole("row");
    await expect(within(rows[7] as HTMLElement).getAllByRole("button")[0]).toHaveAttribute(
      "data-square",
      "a1",
    );
  },
};

/** Arrow keys, piece letters, and the keys that read a rank, a file and a piece's moves. */
export const ReadingKeys: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const words = wordsOf(t);
    const king = canvasElement.querySelector<HTMLButtonElement>("[data-square=e1]");
    king?.focus();
    await userEvent.keyboard("{ArrowUp}");
    await expect(canvasElement.querySelector("[data-square=e2]")).toHaveFocus();
    // The next knight in reading order (the top row first, each from the left), then round to the top again.
    await userEvent.keyboard("n");
    await expect(canvasElement.querySelector("[data-square=b1]")).toHaveFocus();
    await userEvent.keyboard("n");
    await expect(canvasElement.querySelector("[data-square=g1]")).toHaveFocus();
    await userEvent.keyboard("h");
    await waitFor(() => expect(said(canvasElement)).toHaveTextContent(`a1 ${words.squarePieces.wR}`));
    await userEvent.keyboard("v");
    await waitFor(() => expect(said(canvasElement)).toHaveTextContent(`g8 ${words.squarePieces.bN}`));
    await userEvent.keyboard("m");
    await waitFor(() => expect(said(canvasElement)).toHaveTextContent(moveWords("Nf3", words)));
    await userEvent.keyboard("N");
    await expect(canvasElement.querySelector("[data-square=b8]")).toHaveFocus();
    await userEvent.keyboard("l");
    await waitFor(() => expect(said(canvasElement)).toHaveTextContent(t("board.screenReader.noLastMove")));
  },
};

/** Enter selects the knight and plays it; Escape drops a selection; a square it cannot reach is refused. */
export const PlayAMove: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    canvasElement.querySelector<HTMLButtonElement>("[data-square=g1]")?.focus();
    // The knight's moves, said once the rules have come (a moment after the first paint).
    await userEvent.keyboard("m");
    await waitFor(() => expect(said(canvasElement)).toHaveTextContent(moveWords("Nf3", wordsOf(t))));
    await userEvent.keyboard("{Enter}");
    await expect(canvasElement.querySelector("[data-square=g1]")).toHaveAttribute("data-selected", "true");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(said(canvasElement)).toHaveTextContent(t("board.screenReader.cancelled")));
    await userEvent.keyboard("{Enter}{ArrowUp}{ArrowUp}{Enter}");
    await waitFor(() =>
      expect(said(canvasElement)).toHaveTextContent(fill(t("board.screenReader.notLegal"), { square: "g3" })),
    );
    await userEvent.keyboard("{ArrowLeft}{Enter}");
    await waitFor(() => expect(args.onMove).toHaveBeenCalledWith({ from: "g1", to: "f3" }));
  },
};

/** Black to move: the board turned, h1 at the top left, the arrows as Black sees them. */
export const FromBlack: Story = {
  args: { fen: AFTER_E4, orientation: "black", lastMove: "e4" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const rows = within(grid(canvasElement)).getAllByRole("row");
    await expect(within(rows[0] as HTMLElement).getAllByRole("button")[0]).toHaveAttribute(
      "data-square",
      "h1",
    );
    canvasElement.querySelector<HTMLButtonElement>("[data-square=e8]")?.focus();
    await userEvent.keyboard("{ArrowUp}{ArrowRight}");
    await expect(canvasElement.querySelector("[data-square=d7]")).toHaveFocus();
    await userEvent.keyboard("l");
    await waitFor(() => expect(said(canvasElement)).toHaveTextContent(moveWords("e4", wordsOf(t))));
  },
};

/** A pawn reaching the last rank asks which piece it becomes, queen first; the knight is chosen by keyboard. */
export const Promotion: Story = {
  args: { fen: PROMOTION },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    canvasElement.querySelector<HTMLButtonElement>("[data-square=d7]")?.focus();
    await userEvent.keyboard("{Enter}{ArrowUp}{ArrowRight}{Enter}");
    const group = await within(canvasElement).findByRole("group", {
      name: t("board.screenReader.promotion"),
    });
    const choices = within(group).getAllByRole("button");
    await expect(choices[0]).toHaveFocus();
    await expect(choices[0]).toHaveAccessibleName(t("board.screenReader.words.pieces.q"));
    await userEvent.keyboard("{ArrowRight}{Enter}");
    await waitFor(() => expect(args.onMove).toHaveBeenCalledWith({ from: "d7", to: "e8", promotion: "n" }));
  },
};
