import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { PuzzleIdInput } from "./puzzle-id-input";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A numeric box with a Go button to jump to one puzzle (spec section 4, Go by ID). Use it on the
training screen, for a player or a tester who has a puzzle's number.

**Do**
- Pass \`invalidMessage\` ('Please enter a valid numeric ID.'): the box checks the number itself and calls \`onGo\`
  only with a whole number of at least 1.
- Set \`loading\` while the puzzle loads (Go is disabled), then pass the outcome as \`result\`: 'Puzzle not found.' as
  an error, 'Loaded puzzle #12' as a success.
- Choose the \`layout\` for the place: \`stacked\` in a panel, \`inline\` in a toolbar, \`inline-lg\` for both.

**Don't**
- Don't check the number again in \`onGo\` or show a second error: the box already says what is wrong.
- Don't leave an old \`result\` after the player types again; set it back to \`null\` on the next Go.`;

const meta = {
  title: "Training/PuzzleIdInput",
  component: PuzzleIdInput,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    label: "",
    goLabel: "",
    invalidMessage: "",
    onGo: fn(),
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <PuzzleIdInput
        {...args}
        {...textsOr(args, {
          label: t("training.puzzleId.label"),
          goLabel: t("training.puzzleId.go"),
          invalidMessage: t("training.puzzleId.invalid"),
        })}
        className="max-w-panel"
      />
    );
  },
} satisfies Meta<typeof PuzzleIdInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_INPUTS = [
  { label: "Empty", story: () => Empty },
  { label: "Loading", story: () => Loading },
  { label: "Not found", story: () => NotFound },
  { label: "Loaded", story: () => Loaded },
];

/** Empty, looking a puzzle up (Go busy), a number with no puzzle, a puzzle loaded, and the label inline. */
export const Overview: Story = {
  render: (args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      {OVERVIEW_INPUTS.map(({ label, story }) => (
        <Variant key={label} label={label} className="items-stretch">
          <FromStory meta={meta} story={story()} globals={context.globals} args={{ onGo: args.onGo }} />
        </Variant>
      ))}
      <Variant label="Inline" className="col-span-2 items-stretch">
        <FromStory meta={meta} story={Inline} globals={context.globals} args={{ onGo: args.onGo }} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      ...OVERVIEW_INPUTS.map(({ label }) => label),
      "Inline",
    ]);
    await expect(
      within(canvasElement).getAllByRole("textbox", { name: t("training.puzzleId.label") }),
    ).toHaveLength(5);
    await expect(shown["Not found"]).toHaveTextContent(t("training.puzzleId.notFound"));
    await expect(shown.Loaded).toHaveTextContent(t("training.puzzleId.loaded", { id: 12 }));
    await expect(within(shown.Empty as HTMLElement).getByRole("textbox")).toHaveValue("");
  },
};

export const Empty: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const go = canvas.getByRole("button", { name: t("training.puzzleId.go") });
    await expect(go).toBeDisabled();
    const box = canvas.getByRole("textbox", { name: t("training.puzzleId.label") });
    await userEvent.type(box, "   {Enter}");
    await expect(go).toBeDisabled();
    await expect(args.onGo).not.toHaveBeenCalled();
  },
};

export const EnterSubmits: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: t("training.puzzleId.label") }), "42{Enter}");
    await expect(args.onGo).toHaveBeenCalledOnce();
    await expect(args.onGo).toHaveBeenCalledWith(42);
  },
};

export const GoSubmits: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox"), " 7 ");
    await userEvent.click(canvas.getByRole("button", { name: t("training.puzzleId.go") }));
    await expect(args.onGo).toHaveBeenCalledWith(7);
  },
};

export const RejectsText: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const box = canvas.getByRole("textbox");
    await userEvent.type(box, "abc{Enter}");
    await expect(canvas.getByRole("alert")).toHaveTextContent(t("training.puzzleId.invalid"));
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveAccessibleDescription(t("training.puzzleId.invalid"));
    await expect(args.onGo).not.toHaveBeenCalled();
    // Typing again clears the message.
    await userEvent.clear(box);
    await userEvent.type(box, "5");
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expect(box).not.toHaveAttribute("aria-invalid");
  },
};

export const RejectsZero: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox"), "0");
    await userEvent.click(canvas.getByRole("button", { name: t("training.puzzleId.go") }));
    await expect(canvas.getByRole("alert")).toHaveTextContent(t("training.puzzleId.invalid"));
    await expect(args.onGo).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, defaultValue: "12" },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: t("training.puzzleId.go") })).toBeDisabled();
    await userEvent.type(canvas.getByRole("textbox"), "{Enter}");
    await expect(args.onGo).not.toHaveBeenCalled();
  },
};

export const NotFound: Story = {
  args: { defaultValue: "99999" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <PuzzleIdInput
        {...args}
        {...textsOr(args, {
          label: t("training.puzzleId.label"),
          goLabel: t("training.puzzleId.go"),
          invalidMessage: t("training.puzzleId.invalid"),
          result: { kind: "error", text: t("training.puzzleId.notFound") },
        })}
        className="max-w-panel"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(t("training.puzzleId.notFound"));
    await expect(canvas.getByRole("textbox")).toHaveAttribute("aria-invalid", "true");
  },
};

export const Loaded: Story = {
  args: { defaultValue: "12" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <PuzzleIdInput
        {...args}
        {...textsOr(args, {
          label: t("training.puzzleId.label"),
          goLabel: t("training.puzzleId.go"),
          invalidMessage: t("training.puzzleId.invalid"),
          result: { kind: "success", text: t("training.puzzleId.loaded", { id: 12 }) },
        })}
        className="max-w-panel"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(t("training.puzzleId.loaded", { id: 12 }));
    await expect(canvas.getByRole("textbox")).not.toHaveAttribute("aria-invalid");
  },
};

/** The label beside the box and the message after Go: the trainer's toolbar on a wide screen. */
export const Inline: Story = {
  args: { layout: "inline", result: { kind: "success", text: "" } },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <PuzzleIdInput
        {...args}
        {...textsOr(args, {
          label: t("training.puzzleId.label"),
          goLabel: t("training.puzzleId.go"),
          invalidMessage: t("training.puzzleId.invalid"),
          result: { kind: "success", text: t("training.puzzleId.loaded", { id: 12 }) },
        })}
        defaultValue="12"
        className="max-w-2xl"
      />
    );
  },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const box = canvas.getByRole("textbox", { name: t("training.puzzleId.label") });
    const label = canvas.getByText(t("training.puzzleId.label"));
    const middle = (element: HTMLElement) => {
      const rect = element.getBoundingClientRect();
      return rect.top + rect.height / 2;
    };
    await expect(Math.abs(middle(label) - middle(box))).toBeLessThan(4);
    await expect(canvas.getByRole("status")).toHaveTextContent(t("training.puzzleId.loaded", { id: 12 }));
    await userEvent.click(canvas.getByRole("button", { name: t("training.puzzleId.go") }));
    await expect(args.onGo).toHaveBeenCalledWith(12);
  },
};
