import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { PIECE_CODES, type PieceCode } from "../board";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { type EditorPieces, PositionEditor, type PositionEditorLabels } from "./position-editor";

const START: EditorPieces = {
  a8: "bR",
  b8: "bN",
  c8: "bB",
  d8: "bQ",
  e8: "bK",
  f8: "bB",
  g8: "bN",
  h8: "bR",
  ...Object.fromEntries([..."abcdefgh"].map((file) => [`${file}7`, "bP"])),
  ...Object.fromEntries([..."abcdefgh"].map((file) => [`${file}2`, "wP"])),
  a1: "wR",
  b1: "wN",
  c1: "wB",
  d1: "wQ",
  e1: "wK",
  f1: "wB",
  g1: "wN",
  h1: "wR",
};

function square(canvasElement: HTMLElement, name: string): HTMLElement {
  const element = canvasElement.querySelector<HTMLElement>(
    `[data-slot=position-editor-board] [data-square="${name}"]`,
  );
  if (!element) throw new Error(`no square ${name}`);
  return element;
}

/** The accessible name of the piece on a square, or null when it is empty. */
function pieceOn(canvasElement: HTMLElement, name: string): string | null {
  return square(canvasElement, name).querySelector("[role=img]")?.getAttribute("aria-label") ?? null;
}

const centre = (element: Element, dx = 0) => {
  const rect = element.getBoundingClientRect();
  return { clientX: rect.left + rect.width / 2 + dx, clientY: rect.top + rect.height / 2 };
};

/** Drags with the mouse from one element to a point (dnd-kit needs a small first move to start a drag). */
async function drag(from: Element, to: Element, coords: { clientX: number; clientY: number }) {
  // dnd-kit starts listening once its context has mounted (its description element is there then).
  await waitFor(() => expect(from.ownerDocument.querySelector("[id^=dnd-]")).not.toBeNull());
  // A frame between steps, as a hand gives: dnd-kit measures the board after the drag starts (a piece from the
  // palette in a production build has no drop target until it has).
  await userEvent.setup({ delay: 20 }).pointer([
    { keys: "[MouseLeft>]", target: from, coords: centre(from) },
    { target: from, coords: centre(from, 8) },
    { target: to, coords },
    { target: to, coords },
    { keys: "[/MouseLeft]", target: to, coords },
  ]);
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The position editor's board (spec section 2): a palette of both colours' pieces and an eraser,
and a board to build on. Pieces go on by choosing a palette piece and clicking squares (clicking the same piece again
takes it off), by dragging from the palette, and move by dragging from square to square; dragging a piece off the
board removes it. Keyboard: the palette is one radio group; on the board the arrow keys move between squares, Enter or
Space uses the selected tool, Delete or Backspace empties the square. Clear Board, Start Position and Flip Board sit
under the board. The board stays left to right in a right-to-left page.

**Do**
- Keep \`pieces\` in the page and update them from \`onPiecesChange\`; Clear Board and Start Position call \`onClear\`
  and \`onStartPosition\`, where the page also resets what goes with the pieces (the en passant square, say).
- Pair it with PositionSettings, the FenBar and the FenInput, so the pieces, the settings and the FEN always agree.
- Give \`labels.instructions\` and \`labels.drag\` in the page's language: they are how a keyboard or screen-reader
  player learns to place pieces.

**Don't**
- Don't use it to play moves: it places pieces freely, with no rules. Playing from a position is the Board.
- Don't mirror the board in Arabic: files run a to h from White's side; turn it only with Flip Board (or
  \`orientation\`).
- Don't give two editors on one page the same \`boardId\`.`;

const meta = {
  title: "Setup/PositionEditor",
  component: PositionEditor,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    pieces: START,
    onPiecesChange: fn(),
    onClear: fn(),
    onStartPosition: fn(),
    labels: {} as PositionEditorLabels,
    pieceLabels: {} as Record<PieceCode, string>,
  },
  // The editor is controlled: the story keeps the pieces, as the page does, and reports every change.
  render: function Render(args) {
    const { t } = useTranslation();
    const [pieces, setPieces] = useState<EditorPieces>(args.pieces);
    return (
      <div className="w-[440px]">
        <PositionEditor
          {...args}
          {...textsOr(args, {
            labels: t("positionSetup.editor", { returnObjects: true }) as PositionEditorLabels,
            pieceLabels: Object.fromEntries(
              PIECE_CODES.map((code) => [code, t(`board.pieces.${code}`)]),
            ) as Record<PieceCode, string>,
          })}
          pieces={pieces}
          onPiecesChange={(next) => {
            setPieces(next);
            args.onPiecesChange(next);
          }}
          onClear={() => {
            setPieces({});
            args.onClear();
          }}
          onStartPosition={() => {
            setPieces(START);
            args.onStartPosition();
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof PositionEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_EDITORS = [
  { label: "Start position, white pawn chosen", props: { pieces: START } },
  {
    label: "Black at the bottom, black rook chosen",
    props: {
      pieces: { e1: "wK", e8: "bK" } as EditorPieces,
      defaultOrientation: "black" as const,
      defaultTool: "bR" as const,
    },
  },
];

/** The editor on the start position, and flipped with kings only and another piece chosen in the palette. */
export const Overview: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    const labels = t("positionSetup.editor", { returnObjects: true }) as PositionEditorLabels;
    const pieceLabels = Object.fromEntries(
      PIECE_CODES.map((code) => [code, t(`board.pieces.${code}`)]),
    ) as Record<PieceCode, string>;
    return (
      <Variants className="gap-x-4">
        {OVERVIEW_EDITORS.map(({ label, props }, index) => (
          <Variant key={label} label={label} className="w-[360px]">
            <div className="w-full">
              <PositionEditor
                {...args}
                {...props}
                boardId={`overview-editor-${index}`}
                labels={labels}
                pieceLabels={pieceLabels}
              />
            </div>
          </Variant>
        ))}
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_EDITORS.map(({ label }) => label),
    );
    const [start, flipped] = OVERVIEW_EDITORS.map(({ label }) => shown[label] as HTMLElement);
    await expect(
      within(start as HTMLElement).getByRole("radio", { name: t("board.pieces.wP") }),
    ).toBeChecked();
    await expect(
      within(flipped as HTMLElement).getByRole("radio", { name: t("board.pieces.bR") }),
    ).toBeChecked();
    const board = (frame: HTMLElement) =>
      within(frame.querySelector("[data-slot=position-editor-board]") as HTMLElement);
    await expect(
      board(start as HTMLElement).getAllByRole("img", { name: t("board.pieces.wP") }),
    ).toHaveLength(8);
    await expect(board(flipped as HTMLElement).getAllByRole("img")).toHaveLength(2);
    const first = (frame: HTMLElement) =>
      frame.querySelector("[data-slot=position-editor-board] [data-square]")?.getAttribute("data-square");
    await expect(first(start as HTMLElement)).toBe("a8");
    await expect(first(flipped as HTMLElement)).toBe("h1");
  },
};

/** Both colours' pieces and the eraser in the palette; the board stays left to right. */
export const Palette: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const palette = canvas.getByRole("group", { name: t("positionSetup.editor.palette") });
    for (const code of PIECE_CODES) {
      await expect(within(palette).getByRole("radio", { name: t(`board.pieces.${code}`) })).toBeVisible();
    }
    await expect(within(palette).getAllByRole("radio")).toHaveLength(13);
    await expect(
      within(palette).getByRole("radio", { name: t("positionSetup.editor.eraser") }),
    ).toBeVisible();
    // The white pawn is chosen at first.
    await expect(within(palette).getByRole("radio", { name: t("board.pieces.wP") })).toBeChecked();
    const board = canvas.getByRole("application", { name: t("positionSetup.editor.board") });
    await expect(board).toHaveAttribute("dir", "ltr");
    // No tab stop per piece: dnd-kit's draggable wrappers are quietened.
    await waitFor(() =>
      expect(canvasElement.querySelectorAll("[data-slot=position-editor] [role=button]")).toHaveLength(0),
    );
    await expect(pieceOn(canvasElement, "e1")).toBe(t("board.pieces.wK"));
  },
};

/** Choose a palette piece and click squares: it goes on; clicking the same piece again takes it off. */
export const ClickToPlace: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: t("board.pieces.bQ") }));
    await userEvent.click(square(canvasElement, "e4"));
    await expect(pieceOn(canvasElement, "e4")).toBe(t("board.pieces.bQ"));
    await expect(args.onPiecesChange).toHaveBeenLastCalledWith(expect.objectContaining({ e4: "bQ" }));
    // Another piece is replaced.
    await userEvent.click(square(canvasElement, "d1"));
    await expect(pieceOn(canvasElement, "d1")).toBe(t("board.pieces.bQ"));
    await userEvent.click(square(canvasElement, "e4"));
    await expect(pieceOn(canvasElement, "e4")).toBeNull();
  },
};

export const Eraser: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.click(
      within(canvasElement).getByRole("radio", { name: t("positionSetup.editor.eraser") }),
    );
    await userEvent.click(square(canvasElement, "e2"));
    await userEvent.click(square(canvasElement, "d8"));
    await expect(pieceOn(canvasElement, "e2")).toBeNull();
    await expect(pieceOn(canvasElement, "d8")).toBeNull();
    await expect(pieceOn(canvasElement, "d2")).toBe(t("board.pieces.wP"));
  },
};

/** Keyboard only: choose a piece with the arrow keys, go to the board, move to a square, Enter; Delete empties. */
export const Keyboard: Story = {
  args: { pieces: { e1: "wK", e8: "bK" } },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    // The palette's chosen piece is its one tab stop (a radio group); the story starts there.
    const pawn = canvas.getByRole("radio", { name: t("board.pieces.wP") });
    pawn.focus();
    await expect(pawn).toHaveFocus();
    // Up goes back through the group: the white knight comes before the pawn.
    await userEvent.keyboard("{ArrowUp}");
    await expect(canvas.getByRole("radio", { name: t("board.pieces.wN") })).toBeChecked();
    await userEvent.tab();
    const board = canvas.getByRole("application", { name: t("positionSetup.editor.board") });
    await expect(board).toHaveFocus();
    await expect(board).toHaveAccessibleDescription(t("positionSetup.editor.instructions"));
    const status = within(board).getByRole("status");
    await expect(status).toHaveTextContent(`a1, ${t("positionSetup.editor.empty")}`);
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowUp}{ArrowUp}");
    await expect(status).toHaveTextContent(`c3, ${t("positionSetup.editor.empty")}`);
    await userEvent.keyboard("{Enter}");
    await expect(pieceOn(canvasElement, "c3")).toBe(t("board.pieces.wN"));
    await expect(status).toHaveTextContent(`c3, ${t("board.pieces.wN")}`);
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowDown}{ArrowDown}");
    await expect(status).toHaveTextContent(`e1, ${t("board.pieces.wK")}`);
    await userEvent.keyboard("{Delete}");
    await expect(pieceOn(canvasElement, "e1")).toBeNull();
    await userEvent.keyboard(" ");
    await expect(pieceOn(canvasElement, "e1")).toBe(t("board.pieces.wN"));
  },
};

export const DragBetweenSquares: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const piece = square(canvasElement, "g1").querySelector("[data-piece]");
    if (!piece) throw new Error("no piece on g1");
    await drag(piece, square(canvasElement, "f3"), centre(square(canvasElement, "f3")));
    await waitFor(() => expect(pieceOn(canvasElement, "f3")).toBe(t("board.pieces.wN")));
    await expect(pieceOn(canvasElement, "g1")).toBeNull();
  },
};

/** A piece dragged off the board is removed. */
export const DragOffTheBoard: Story = {
  play: async ({ canvasElement }) => {
    const piece = square(canvasElement, "d8").querySelector("[data-piece]");
    if (!piece) throw new Error("no piece on d8");
    const board = canvasElement.querySelector("[data-slot=position-editor-board]");
    if (!board) throw new Error("no board");
    const rect = board.getBoundingClientRect();
    await drag(piece, document.body, { clientX: rect.right + 60, clientY: rect.top + 20 });
    // After another story in the same page (the visual suite switches stories in one page), the description element
    // drag() waits for can be the previous story's, and a drag that starts before this board's listeners is lost:
    // a second drag, if the queen is still there after a moment, is what a hand would do.
    const gone = await waitFor(() => expect(pieceOn(canvasElement, "d8")).toBeNull(), { timeout: 1500 }).then(
      () => true,
      () => false,
    );
    if (!gone) {
      const again = square(canvasElement, "d8").querySelector("[data-piece]");
      if (again) await drag(again, document.body, { clientX: rect.right + 60, clientY: rect.top + 20 });
    }
    await waitFor(() => expect(pieceOn(canvasElement, "d8")).toBeNull());
  },
};

/** Pieces dragged from the palette onto the board. */
export const DragFromPalette: Story = {
  args: { pieces: {} },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const spare = canvasElement.querySelector('[data-tool="bK"] [data-piece]');
    if (!spare) throw new Error("no black king in the palette");
    await drag(spare, square(canvasElement, "e8"), centre(square(canvasElement, "e8")));
    await waitFor(() => expect(pieceOn(canvasElement, "e8")).toBe(t("board.pieces.bK")));
    await expect(args.onPiecesChange).toHaveBeenLastCalledWith({ e8: "bK" });
    // The palette still offers the piece, and its choice did not change.
    await expect(within(canvasElement).getByRole("radio", { name: t("board.pieces.wP") })).toBeChecked();
  },
};

export const ClearStartAndFlip: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: t("positionSetup.editor.clear") }));
    await expect(args.onClear).toHaveBeenCalledOnce();
    await expect(
      canvasElement.querySelectorAll("[data-slot=position-editor-board] [data-piece]"),
    ).toHaveLength(0);
    await userEvent.click(canvas.getByRole("button", { name: t("positionSetup.editor.start") }));
    await expect(args.onStartPosition).toHaveBeenCalledOnce();
    await expect(
      canvasElement.querySelectorAll("[data-slot=position-editor-board] [data-piece]"),
    ).toHaveLength(32);

    await userEvent.click(canvas.getByRole("button", { name: t("positionSetup.editor.flip") }));
    const squares = [...canvasElement.querySelectorAll("[data-slot=position-editor-board] [data-square]")];
    await expect(squares[0]).toHaveAttribute("data-square", "h1");
    await expect(squares.at(-1)).toHaveAttribute("data-square", "a8");
    // White's pieces are now at the top of the palette, as on the board.
    const first = canvas.getAllByRole("radio")[0];
    await expect(first).toHaveAccessibleName(t("board.pieces.wK"));
  },
};

/** Flipped, the arrow keys follow the board as seen: Right goes from h8 towards a8. */
export const KeyboardOnFlippedBoard: Story = {
  args: { pieces: { e1: "wK", e8: "bK" }, defaultOrientation: "black", defaultTool: "bR" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const board = within(canvasElement).getByRole("application");
    board.focus();
    const status = within(board).getByRole("status");
    await waitFor(() => expect(status).toHaveTextContent(`h8, ${t("positionSetup.editor.empty")}`));
    await userEvent.keyboard("{ArrowRight}{Enter}");
    await expect(pieceOn(canvasElement, "g8")).toBe(t("board.pieces.bR"));
  },
};

/** Arabic, right to left: the page mirrors, the board does not. */
export const Arabic: Story = {
  ...ARABIC_STORY,
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await Palette.play?.(context);
    await ClickToPlace.play?.(context);
    const a1 = square(context.canvasElement, "a1").getBoundingClientRect();
    const h1 = square(context.canvasElement, "h1").getBoundingClientRect();
    await expect(a1.left).toBeLessThan(h1.left);
  },
};

export const ArabicKeyboard: Story = {
  ...Keyboard,
  ...ARABIC_STORY,
};

const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);

/**
 * dnd-kit's screen-reader texts in the page's language: the description of the draggable pieces, and the drag
 * announcements of its live region, which screen readers can read (no English left behind).
 */
export const DragTexts: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await waitFor(() =>
      expect(canvasElement.querySelector("#dnd-position-editor")).toHaveTextContent(
        t("positionSetup.editor.drag.instructions"),
      ),
    );
    const piece = square(canvasElement, "g1").querySelector("[data-piece]");
    if (!piece) throw new Error("no piece on g1");
    await drag(piece, square(canvasElement, "f3"), centre(square(canvasElement, "f3")));
    await waitFor(() => expect(pieceOn(canvasElement, "f3")).toBe(t("board.pieces.wN")));
    const region = canvasElement.querySelector("[data-slot=position-editor] [id^=DndLiveRegion-]");
    await waitFor(() =>
      expect(region).toHaveTextContent(
        filled(t("positionSetup.editor.drag.dropped"), { piece: t("board.pieces.wN"), square: "f3" }),
      ),
    );
    await expect(region).not.toHaveAttribute("aria-hidden");
    await expect(region).toHaveAttribute("aria-live");
  },
};

export const ArabicDragTexts: Story = {
  ...DragTexts,
  ...ARABIC_STORY,
};
