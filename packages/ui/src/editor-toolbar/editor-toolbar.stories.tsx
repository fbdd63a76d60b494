import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { storyTexts } from "../lib/story-texts";
import { EditorToolbar, type EditorToolbarLabels } from "./editor-toolbar";

const meta = {
  title: "Admin/EditorToolbar",
  component: EditorToolbar,
  args: {
    labels: {} as EditorToolbarLabels,
    active: {},
    onBold: fn(),
    onItalic: fn(),
    onHeading: fn(),
    onBulletList: fn(),
    onImageFiles: fn(),
    onInsertDiagram: fn(),
    onInsertVideo: fn(),
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <EditorToolbar
        {...args}
        labels={t("admin.editor.toolbar", { returnObjects: true }) as EditorToolbarLabels}
      />
    );
  },
} satisfies Meta<typeof EditorToolbar>;

export default meta;
type Story = StoryObj<typeof meta>;

type Texts = ReturnType<typeof storyTexts>;
const name = (t: Texts, key: keyof EditorToolbarLabels) => t(`admin.editor.toolbar.${key}`);

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const toolbar = within(canvasElement).getByRole("toolbar", { name: name(t, "label") });
    const buttons = within(toolbar).getAllByRole("button");
    await expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual(
      (["bold", "italic", "heading", "bulletList", "image", "diagram", "video"] as const).map((key) =>
        name(t, key),
      ),
    );
    for (const key of ["bold", "italic", "heading", "bulletList"] as const) {
      await expect(within(toolbar).getByRole("button", { name: name(t, key) })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
    }
    await expect(within(toolbar).getByRole("button", { name: name(t, "diagram") })).not.toHaveAttribute(
      "aria-pressed",
    );
  },
};

/** The formats at the cursor are pressed. */
export const ActiveFormats: Story = {
  args: { active: { bold: true, heading: true } },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: name(t, "bold") })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(canvas.getByRole("button", { name: name(t, "heading") })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(canvas.getByRole("button", { name: name(t, "italic") })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  },
};

export const Clicks: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: name(t, "bold") }));
    await userEvent.click(canvas.getByRole("button", { name: name(t, "italic") }));
    await userEvent.click(canvas.getByRole("button", { name: name(t, "heading") }));
    await userEvent.click(canvas.getByRole("button", { name: name(t, "bulletList") }));
    await userEvent.click(canvas.getByRole("button", { name: name(t, "diagram") }));
    await userEvent.click(canvas.getByRole("button", { name: name(t, "video") }));
    for (const handler of [
      args.onBold,
      args.onItalic,
      args.onHeading,
      args.onBulletList,
      args.onInsertDiagram,
      args.onInsertVideo,
    ]) {
      await expect(handler).toHaveBeenCalledOnce();
    }
  },
};

/** Insert Image opens a file picker for images; the picked files are handed over. */
export const PickImage: Story = {
  play: async ({ args, canvasElement }) => {
    const input = canvasElement.querySelector<HTMLInputElement>("input[type=file]");
    await expect(input).not.toBeNull();
    if (!input) return;
    await expect(input).toHaveAttribute("accept", "image/*");
    await expect(input).not.toBeVisible();
    const file = new File([new Uint8Array([137, 80, 78, 71])], "board.png", { type: "image/png" });
    await userEvent.upload(input, file);
    await expect(args.onImageFiles).toHaveBeenCalledWith([file]);
  },
};

/** One tab stop; the arrow keys move along the toolbar (in reading order, so mirrored right to left). */
export const Keyboard: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: name(t, "bold") })).toHaveFocus();
    const forward = document.documentElement.dir === "rtl" ? "{ArrowLeft}" : "{ArrowRight}";
    await userEvent.keyboard(forward);
    await expect(canvas.getByRole("button", { name: name(t, "italic") })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onItalic).toHaveBeenCalledOnce();
    await userEvent.keyboard("{End}");
    await expect(canvas.getByRole("button", { name: name(t, "video") })).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(args.onInsertVideo).toHaveBeenCalledOnce();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: name(t, "video") })).not.toHaveFocus();
  },
};

/** While an image uploads, Insert Image waits. */
export const Uploading: Story = {
  args: { uploading: true },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByRole("button", { name: name(t, "image") })).toBeDisabled();
  },
};

/** Arabic, right to left. */
export const Arabic: Story = {
  globals: { locale: "ar", direction: "rtl" },
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await Keyboard.play?.(context);
  },
};

export const Playground: Story = {};
