import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, mocked, spyOn, userEvent, waitFor, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { FenBar } from "./fen-bar";

const FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The current position string with a Copy FEN button that copies it with the Clipboard API and says
so. The string is shown whole: it wraps where the bar is narrow (below 448 px, with the button under it). Use it under
the board wherever a player may want to take the position elsewhere (an engine, another site): the trainer, the
position setup, the notation page.

**Do**
- Pass the full FEN of the position the board shows; the "Copied" note belongs to that FEN and goes when the
  position changes.
- Give \`copyFailedLabel\`: some browsers refuse the clipboard, and the bar says so instead of failing silently.

**Don't**
- Don't use it to load a position: the box is read-only. Pasting a FEN is the FenInput.
- Don't cut the FEN short to save room: it wraps, and a narrow column puts the button under it.
- Don't make the string right to left in Arabic: it stays \`dir="ltr"\`, only the label follows the page.`;

const meta = {
  title: "Training/FenBar",
  component: FenBar,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    fen: FEN,
    label: "",
    copyLabel: "",
    copiedLabel: "",
    copyFailedLabel: "",
    onCopied: fn(),
  },
  // The clipboard is replaced for each story so a test never depends on the browser's permission.
  beforeEach: () => {
    spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <FenBar
        {...args}
        {...textsOr(args, {
          label: t("training.fen.label"),
          copyLabel: t("training.fen.copy"),
          copiedLabel: t("training.fen.copied"),
          copyFailedLabel: t("training.fen.copyFailed"),
        })}
        className="max-w-[640px]"
      />
    );
  },
} satisfies Meta<typeof FenBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The bar as wide as a board, and in a side panel's narrow column (the FEN wraps, Copy goes under it). */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Default" className="items-stretch">
        <FromStory meta={meta} story={Default} globals={context.globals} />
      </Variant>
      <Variant label="Narrow column">
        <FromStory meta={meta} story={NarrowColumn} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Default", "Narrow column"]);
    await expect(within(shown.Default as HTMLElement).getByRole("button")).toHaveTextContent(
      t("training.fen.copy"),
    );
    await expect(shown.Default).toHaveTextContent(FEN);
    await expect(within(shown["Narrow column"] as HTMLElement).getByRole("button")).toHaveTextContent(
      t("positionSetup.current.copy"),
    );
  },
};

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: t("training.fen.label") })).toHaveValue(FEN);
    await expect(canvas.getByRole("status")).toHaveTextContent("");
  },
};

export const Copy: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: t("training.fen.copy") }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(FEN);
    await expect(await canvas.findByRole("status")).toHaveTextContent(t("training.fen.copied"));
    await expect(args.onCopied).toHaveBeenCalledOnce();
  },
};

/** The "Copied" note goes away by itself. */
export const CopiedNoteClears: Story = {
  args: { resetAfterMs: 50 },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: t("training.fen.copy") }));
    await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent(t("training.fen.copied")));
    await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent(""));
  },
};

export const ClipboardRefused: Story = {
  beforeEach: () => {
    mocked(navigator.clipboard.writeText).mockRejectedValue(new Error("denied"));
  },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: t("training.fen.copy") }));
    await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent(t("training.fen.copyFailed")));
    await expect(args.onCopied).not.toHaveBeenCalled();
  },
};

/**
 * In a side panel (here 320 px) the whole FEN stays readable: it wraps instead of being cut off, and Copy FEN goes
 * under it.
 */
export const NarrowColumn: Story = {
  args: { fen: "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 8" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <div className="w-[320px]">
        <FenBar
          {...args}
          {...textsOr(args, {
            label: t("positionSetup.current.fenLabel"),
            copyLabel: t("positionSetup.current.copy"),
            copiedLabel: t("positionSetup.current.copied"),
            copyFailedLabel: t("positionSetup.current.copyFailed"),
          })}
        />
      </div>
    );
  },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: t("positionSetup.current.fenLabel") });
    await expect(field).toHaveValue(args.fen);
    // Nothing is hidden: no scrolling either way.
    await expect(field.scrollWidth).toBeLessThanOrEqual(field.clientWidth);
    await expect(field.scrollHeight).toBeLessThanOrEqual(field.clientHeight + 1);
    const button = canvas.getByRole("button", { name: t("positionSetup.current.copy") });
    await expect(button.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      field.getBoundingClientRect().bottom,
    );
  },
};

export const ArabicNarrowColumn: Story = { ...NarrowColumn, ...ARABIC_STORY };
