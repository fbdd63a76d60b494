import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { FenInput } from "./fen-input";

const SHORT = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `Paste a position string and load it: a labelled text box, a Load button and the result under
them. Use it in the position setup, where a player brings a position from elsewhere.

**Do**
- Judge the text in \`onLoad\` (called on Load or Enter) and answer with \`message\`: an error ("Invalid FEN. Please
  check your input.") marks the box invalid and is announced at once; a success note is announced politely.
- Set \`message\` back to \`null\` or to the new result on the next load, so an old error does not stay beside a good
  position.
- Keep the visible \`label\`; a \`placeholder\` may show a sample FEN, as an example only.

**Don't**
- Don't use it to show the current position: that is the FenBar, read-only with Copy.
- Don't say why a FEN is wrong in colour alone: the error's text is what is announced and read.
- Don't force the box right to left in Arabic: it turns left to right as soon as it holds text.`;

const meta = {
  title: "Setup/FenInput",
  component: FenInput,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { label: "", loadLabel: "", onLoad: fn(), message: null },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <FenInput
        {...args}
        {...textsOr(args, {
          label: t("positionSetup.load.label"),
          placeholder: t("positionSetup.load.placeholder"),
          loadLabel: t("positionSetup.load.action"),
        })}
        className="max-w-[480px]"
      />
    );
  },
} satisfies Meta<typeof FenInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty (the placeholder), a malformed FEN with the spec's error, and a short FEN loaded and completed. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Empty" className="items-stretch">
        <FromStory meta={meta} story={Empty} globals={context.globals} />
      </Variant>
      <Variant label="Invalid" className="items-stretch">
        <FromStory meta={meta} story={Invalid} globals={context.globals} />
      </Variant>
      <Variant label="Loaded" className="items-stretch">
        <FromStory meta={meta} story={Loaded} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Empty", "Invalid", "Loaded"]);
    await expect(
      within(canvasElement).getAllByRole("textbox", { name: t("positionSetup.load.label") }),
    ).toHaveLength(3);
    await expect(within(shown.Invalid as HTMLElement).getByRole("textbox")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(shown.Invalid).toHaveTextContent(t("positionSetup.errors.fen"));
    await expect(within(shown.Loaded as HTMLElement).getByRole("textbox")).toHaveValue(SHORT);
  },
};

export const Empty: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const box = canvas.getByRole("textbox", { name: t("positionSetup.load.label") });
    await expect(box).toHaveValue("");
    await expect(box).toHaveAttribute("placeholder", t("positionSetup.load.placeholder"));
    await expect(box).not.toHaveAttribute("aria-invalid");
    await expect(canvas.getByRole("alert")).toHaveTextContent("");
  },
};

/** Load passes the text on; so does Enter. */
export const LoadWithButtonOrEnter: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const box = canvas.getByRole("textbox", { name: t("positionSetup.load.label") });
    await userEvent.type(box, SHORT);
    await userEvent.click(canvas.getByRole("button", { name: t("positionSetup.load.action") }));
    await expect(args.onLoad).toHaveBeenCalledWith(SHORT);
    await userEvent.type(box, "{Enter}");
    await expect(args.onLoad).toHaveBeenCalledTimes(2);
  },
};

/** A malformed FEN: the spec's message, announced, and the box marked invalid. */
export const Invalid: Story = {
  args: {
    defaultValue: "not a position",
    message: { kind: "error", text: "" },
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <FenInput
        {...args}
        {...textsOr(args, {
          label: t("positionSetup.load.label"),
          loadLabel: t("positionSetup.load.action"),
          message: { kind: "error", text: t("positionSetup.errors.fen") },
        })}
        className="max-w-[480px]"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(t("positionSetup.errors.fen"));
    const box = canvas.getByRole("textbox", { name: t("positionSetup.load.label") });
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveAccessibleDescription(t("positionSetup.errors.fen"));
  },
};

export const Loaded: Story = {
  args: { defaultValue: SHORT },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <FenInput
        {...args}
        {...textsOr(args, {
          label: t("positionSetup.load.label"),
          loadLabel: t("positionSetup.load.action"),
          message: { kind: "success", text: t("positionSetup.load.completed", { fields: "KQkq - 0 1" }) },
        })}
        className="max-w-[480px]"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(
      t("positionSetup.load.completed", { fields: "KQkq - 0 1" }),
    );
    await expect(canvas.getByRole("textbox")).not.toHaveAttribute("aria-invalid");
  },
};

export const Arabic: Story = {
  ...Invalid,
  ...ARABIC_STORY,
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    // The position string itself stays left to right.
    await expect(within(context.canvasElement).getByRole("textbox")).toHaveAttribute("dir", "ltr");
    await Invalid.play?.(context);
  },
};
