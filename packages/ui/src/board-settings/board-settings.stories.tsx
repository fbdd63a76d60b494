import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Board } from "../board/board";
import { usePieceLabels } from "../board/story-labels";
import { chromaticParameters } from "../lib/story-modes";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import {
  BoardSettings,
  type BoardSettingsProps,
  type BoardSettingsTexts,
  type BoardSettingsValue,
} from "./board-settings";

const DEFAULTS: BoardSettingsValue = {
  boardTheme: "green",
  pieceSet: "classic",
  showCoordinates: true,
  showLegalMoves: true,
  showLastMove: true,
  highlightCheck: true,
  animationSpeed: "normal",
  orientation: "auto",
  autoQueen: false,
  soundOn: false,
  volume: 70,
};

const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/** The panel with its value kept in state, and a board beside it that follows the value, as the site's boards do. */
function Harness({
  initial,
  ...args
}: Partial<BoardSettingsProps> & { initial?: Partial<BoardSettingsValue> }) {
  const { t } = useTranslation();
  const pieceLabels = usePieceLabels();
  const [value, setValue] = useState({ ...DEFAULTS, ...initial });
  return (
    <div className="flex flex-col items-start gap-3">
      <BoardSettings
        {...args}
        value={value}
        texts={t("boardSettings", { returnObjects: true }) as BoardSettingsTexts}
        onChange={(patch) => {
          setValue((current) => ({ ...current, ...patch }));
          args.onChange?.(patch);
        }}
      />
      <div className="w-56">
        <Board
          boardId="settings-preview"
          fen={AFTER_E4}
          label={t("training.boardLabel", { side: t("training.game.sides.b") })}
          pieceLabels={pieceLabels}
          lastMove={{ from: "e2", to: "e4" }}
          boardTheme={value.boardTheme}
          pieceSet={value.pieceSet}
          showCoordinates={value.showCoordinates}
          showLastMove={value.showLastMove}
          orientation={value.orientation === "white" ? "white" : "black"}
        />
      </div>
    </div>
  );
}

const DESCRIPTION = `The board settings (issue 42): a "Board settings" button with a gear opens a dialog with the
board's colours and pieces (each with a preview), coordinates, legal-move dots, last move, check, animation speed,
orientation, "always promote to a queen", sound and volume. Each change applies at once through \`onChange\`; the site
keeps the value for every interactive board. A page adds its own rows as children.

**Do**
- Put the button next to the board it changes, on every page with an interactive board.
- Add a page's own setting as a child row (a SettingSwitch).

**Don't**
- Don't add a Save button: every row applies as it changes.`;

const meta = {
  title: "Chess/BoardSettings",
  component: BoardSettings,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    value: DEFAULTS,
    onChange: fn(),
    texts: {} as BoardSettingsTexts,
  },
  render: (args) => <Harness onChange={args.onChange} />,
} satisfies Meta<typeof BoardSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

type Texts = ReturnType<typeof storyTexts>;
/**
 * In the dark modes the small piece previews' edges (the classic knight, the letters' discs) were shaded in one of
 * two ways from one run to the next (16–17 of 480,000 pixels), with nothing else changed.
 */
const PREVIEW_EDGE_NOISE = { maxDiffPixels: 24 };

const panelOf = (t: Texts) => screen.findByRole("dialog", { name: t("boardSettings.title") });

/** The button closed, and the panel open on the defaults (portalled over the page). */
export const Overview: Story = {
  parameters: {
    ...chromaticParameters({ portalled: true }),
    docs: { story: { inline: false, height: "760px" } },
    visual: PREVIEW_EDGE_NOISE,
  },
  render: (args) => (
    <Variants>
      <Variant label="Closed: the button">
        <Harness onChange={args.onChange} />
      </Variant>
      <Variant label="Open, the defaults">
        <Harness onChange={args.onChange} open />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expectVariants(canvasElement, ["Closed: the button", "Open, the defaults"]);
    const panel = await panelOf(t);
    await expect(panel).toHaveAccessibleDescription(t("boardSettings.description"));
    await expect(within(panel).getAllByRole("radio")).toHaveLength(6 + 4 + 4 + 2);
  },
};

/** Opened from the keyboard: Enter on the button, the focus inside, Escape closes and gives the focus back. */
export const KeyboardOperable: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const button = within(canvasElement).getByRole("button", { name: t("boardSettings.button") });
    button.focus();
    await userEvent.keyboard("{Enter}");
    const panel = await panelOf(t);
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(button).toHaveFocus();
  },
};

/** Every choice changes the value and the board beside it, and each switch goes both ways. */
export const EveryChoice: Story = {
  args: { onChange: fn() },
  parameters: chromaticParameters({ portalled: true }),
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const board = canvasElement.querySelector("[data-slot=board]");
    await userEvent.click(within(canvasElement).getByRole("button", { name: t("boardSettings.button") }));
    const panel = await panelOf(t);
    const inPanel = within(panel);

    for (const theme of ["purple", "ice", "brown", "grey", "blue", "green"] as const) {
      await userEvent.click(inPanel.getByRole("radio", { name: t(`boardSettings.themes.${theme}`) }));
      await expect(args.onChange).toHaveBeenLastCalledWith({ boardTheme: theme });
      await expect(board).toHaveAttribute("data-board-theme", theme);
    }
    for (const set of ["letters", "outline", "geometric", "classic"] as const) {
      await userEvent.click(inPanel.getByRole("radio", { name: t(`boardSettings.pieceSets.${set}`) }));
      await expect(args.onChange).toHaveBeenLastCalledWith({ pieceSet: set });
      await expect(board).toHaveAttribute("data-piece-set", set);
    }
    for (const key of [
      "showCoordinates",
      "showLegalMoves",
      "showLastMove",
      "highlightCheck",
      "autoQueen",
    ] as const) {
      const toggle = inPanel.getByRole("switch", { name: t(`boardSettings.${key}`) });
      const before = toggle.getAttribute("aria-checked") === "true";
      await userEvent.click(toggle);
      await expect(args.onChange).toHaveBeenLastCalledWith({ [key]: !before });
      await userEvent.click(toggle);
      await expect(args.onChange).toHaveBeenLastCalledWith({ [key]: before });
    }
    await userEvent.click(inPanel.getByRole("radio", { name: t("boardSettings.speeds.slow") }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ animationSpeed: "slow" });
    await userEvent.click(inPanel.getByRole("radio", { name: t("boardSettings.orientations.white") }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ orientation: "white" });
    await expect(board).toHaveAttribute("data-orientation", "white");
    await userEvent.click(inPanel.getByRole("radio", { name: t("boardSettings.orientations.auto") }));
    await expect(board).toHaveAttribute("data-orientation", "black");

    // The volume waits for the sound to be on; then the arrow keys move it by 5.
    const volume = inPanel.getByRole("slider", { name: t("boardSettings.volume") });
    await expect(volume).toHaveAttribute("data-disabled");
    await userEvent.click(inPanel.getByRole("switch", { name: t("boardSettings.sound") }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ soundOn: true });
    await waitFor(() => expect(volume).not.toHaveAttribute("data-disabled"));
    volume.focus();
    await userEvent.keyboard("{ArrowUp}");
    await expect(args.onChange).toHaveBeenLastCalledWith({ volume: 75 });
    await expect(volume).toHaveAttribute("aria-valuetext", t("boardSettings.volumeValue", { value: 75 }));
  },
};

/** Opened as a player left it: blue, letters, no coordinates, queens at once, sound at 40 %. */
export const ChosenBefore: Story = {
  parameters: { ...chromaticParameters({ portalled: true }), visual: PREVIEW_EDGE_NOISE },
  render: (args) => (
    <Harness
      onChange={args.onChange}
      open
      initial={{
        boardTheme: "blue",
        pieceSet: "letters",
        showCoordinates: false,
        autoQueen: true,
        animationSpeed: "off",
        soundOn: true,
        volume: 40,
      }}
    />
  ),
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const panel = within(await panelOf(t));
    await expect(panel.getByRole("radio", { name: t("boardSettings.themes.blue") })).toBeChecked();
    await expect(panel.getByRole("radio", { name: t("boardSettings.pieceSets.letters") })).toBeChecked();
    await expect(panel.getByRole("switch", { name: t("boardSettings.autoQueen") })).toBeChecked();
    await expect(panel.getByRole("switch", { name: t("boardSettings.showCoordinates") })).not.toBeChecked();
    await expect(panel.getByRole("radio", { name: t("boardSettings.speeds.off") })).toBeChecked();
    await expect(panel.getByRole("slider", { name: t("boardSettings.volume") })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
  },
};
