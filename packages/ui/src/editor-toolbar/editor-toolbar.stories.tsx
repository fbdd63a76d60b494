import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import {
  EDITOR_TOOLBAR_COMMANDS,
  EditorToolbar,
  type EditorToolbarCommand,
  type EditorToolbarLabels,
} from "./editor-toolbar";
import type { EditorTableLabels } from "./table-menu";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The editor's toolbar: Undo, Redo | Bold, Italic, Link | Heading 2, Heading 3 | Bullet List,
Numbered List, Quote, Code Block | Horizontal Rule, Table (a menu: insert a 3 × 3 table with a header row; in a table,
add a row below or a column after, delete the row, the column or the table), Insert Image (a file picker for images),
Insert Chess Diagram, Insert YouTube Video. An ARIA toolbar with one tab stop (roving tabindex): the arrow keys move
along it in reading order (mirrored right to left), Home and End go to the first and the last button. Icon buttons
with accessible names and tooltips; the format buttons say whether they are on (aria-pressed); the buttons that open
a dialog or the menu say so (aria-haspopup).

**Do**
- Pass \`active\` from the editor's selection, so Bold, the headings and the lists show pressed where the cursor is.
- Give \`tooltips\` with the keyboard shortcut ("Bold (Ctrl+B)"), and a name for every button in \`labels\`.
- Set \`canUndo\` and \`canRedo\` from the editor's history, and \`uploading\` while an image uploads (Insert Image is
  then disabled).
- Set \`inTable\` while the cursor is in a table: the menu then offers the row, column and delete items.

**Don't**
- Don't add buttons or change their order per page: the toolbar is the blog editor's, one for every post.
- Don't disable the whole toolbar to show a busy state: \`disabled\` is for an editor that cannot be edited.`;

const meta = {
  title: "Admin/EditorToolbar",
  component: EditorToolbar,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    labels: {} as EditorToolbarLabels,
    active: {},
    canUndo: false,
    canRedo: false,
    onUndo: fn(),
    onRedo: fn(),
    onBold: fn(),
    onItalic: fn(),
    onLink: fn(),
    onHeading: fn(),
    onBulletList: fn(),
    onOrderedList: fn(),
    onBlockquote: fn(),
    onCodeBlock: fn(),
    onHorizontalRule: fn(),
    tableLabels: {} as EditorTableLabels,
    onTable: fn(),
    onImageFiles: fn(),
    onInsertDiagram: fn(),
    onInsertVideo: fn(),
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <EditorToolbar
        {...args}
        {...textsOr(args, {
          labels: t("admin.editor.toolbar", { returnObjects: true }) as EditorToolbarLabels,
          tooltips: t("admin.editor.toolbarTooltips", { returnObjects: true, mod: "Ctrl" }) as Record<
            EditorToolbarCommand,
            string
          >,
          tableLabels: t("admin.editorBlocks.tableMenu", { returnObjects: true }) as EditorTableLabels,
        })}
      />
    );
  },
} satisfies Meta<typeof EditorToolbar>;

export default meta;
type Story = StoryObj<typeof meta>;

type Texts = ReturnType<typeof storyTexts>;
const name = (t: Texts, key: keyof EditorToolbarLabels) => t(`admin.editor.toolbar.${key}`);
const TOGGLES = [
  "bold",
  "italic",
  "heading2",
  "heading3",
  "bulletList",
  "orderedList",
  "blockquote",
  "codeBlock",
] as const;
const DIALOGS = ["link", "diagram", "video"] as const;

/** The arrow key that moves forward in reading order: right in English, left in Arabic. */
const forwardKey = () => (document.documentElement.dir === "rtl" ? "{ArrowLeft}" : "{ArrowRight}");
const backwardKey = () => (document.documentElement.dir === "rtl" ? "{ArrowRight}" : "{ArrowLeft}");

const OVERVIEW_TOOLBARS = [
  { label: "Default", story: () => Default },
  { label: "Active formats", story: () => ActiveFormats },
  { label: "Uploading an image", story: () => Uploading },
  { label: "Narrow column", story: () => Narrow },
];

/** Nothing pressed, the formats at the cursor pressed, Insert Image waiting for an upload, and a narrow column. */
export const Overview: Story = {
  render: (args, context) => (
    <Variants className="grid grid-cols-1">
      {OVERVIEW_TOOLBARS.map(({ label, story }) => (
        <Variant key={label} label={label}>
          <FromStory
            meta={meta}
            story={story()}
            globals={context.globals}
            args={{ ...args, ...story().args }}
          />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_TOOLBARS.map(({ label }) => label),
    );
    await expect(within(canvasElement).getAllByRole("toolbar", { name: name(t, "label") })).toHaveLength(4);
    const pressed = (label: string) =>
      within(shown[label] as HTMLElement)
        .getAllByRole("button")
        .filter((button) => button.getAttribute("aria-pressed") === "true").length;
    await expect(pressed("Default")).toBe(0);
    await expect(pressed("Active formats")).toBe(4);
    await expect(
      within(shown["Uploading an image"] as HTMLElement).getByRole("button", { name: name(t, "image") }),
    ).toBeDisabled();
  },
};

/** Every button, in order, named and with its tooltip; toggles say whether they are on; dialogs say they open one. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const toolbar = within(canvasElement).getByRole("toolbar", { name: name(t, "label") });
    const buttons = within(toolbar).getAllByRole("button");
    await expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual(
      EDITOR_TOOLBAR_COMMANDS.map((key) => name(t, key)),
    );
    for (const key of EDITOR_TOOLBAR_COMMANDS) {
      await expect(within(toolbar).getByRole("button", { name: name(t, key) })).toHaveAttribute(
        "title",
        t(`admin.editor.toolbarTooltips.${key}`, { mod: "Ctrl" }),
      );
    }
    for (const key of TOGGLES) {
      await expect(within(toolbar).getByRole("button", { name: name(t, key) })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
    }
    for (const key of DIALOGS) {
      const button = within(toolbar).getByRole("button", { name: name(t, key) });
      await expect(button).not.toHaveAttribute("aria-pressed");
      await expect(button).toHaveAttribute("aria-haspopup", "dialog");
    }
    // Table opens a menu; Horizontal Rule inserts at once.
    await expect(within(toolbar).getByRole("button", { name: name(t, "table") })).toHaveAttribute(
      "aria-haspopup",
      "menu",
    );
    await expect(
      within(toolbar).getByRole("button", { name: name(t, "horizontalRule") }),
    ).not.toHaveAttribute("aria-haspopup");
    // Nothing to undo or redo yet.
    await expect(within(toolbar).getByRole("button", { name: name(t, "undo") })).toBeDisabled();
    await expect(within(toolbar).getByRole("button", { name: name(t, "redo") })).toBeDisabled();
  },
};

/** The formats at the cursor are pressed; on a link, the link button is highlighted. */
export const ActiveFormats: Story = {
  args: { active: { bold: true, heading3: true, orderedList: true, blockquote: true, link: true } },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    for (const key of ["bold", "heading3", "orderedList", "blockquote"] as const) {
      await expect(canvas.getByRole("button", { name: name(t, key) })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    }
    for (const key of ["italic", "heading2", "bulletList"] as const) {
      await expect(canvas.getByRole("button", { name: name(t, key) })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
    }
    await expect(canvas.getByRole("button", { name: name(t, "link") })).toHaveAttribute(
      "data-active",
      "true",
    );
  },
};

/** With something to undo and to redo, both buttons work. */
export const UndoRedo: Story = {
  args: { canUndo: true, canRedo: false },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: name(t, "redo") })).toBeDisabled();
    await userEvent.click(canvas.getByRole("button", { name: name(t, "undo") }));
    await expect(args.onUndo).toHaveBeenCalledOnce();
    await expect(args.onRedo).not.toHaveBeenCalled();
  },
};

export const Clicks: Story = {
  args: { canUndo: true, canRedo: true },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    for (const key of EDITOR_TOOLBAR_COMMANDS) {
      // Insert Image opens a file picker (PickImage), Table a menu (EditorTableMenu's stories).
      if (key === "image" || key === "table") continue;
      await userEvent.click(canvas.getByRole("button", { name: name(t, key) }));
    }
    for (const handler of [
      args.onUndo,
      args.onRedo,
      args.onBold,
      args.onItalic,
      args.onLink,
      args.onBulletList,
      args.onOrderedList,
      args.onBlockquote,
      args.onCodeBlock,
      args.onHorizontalRule,
      args.onInsertDiagram,
      args.onInsertVideo,
    ]) {
      await expect(handler).toHaveBeenCalledOnce();
    }
    await expect(args.onHeading).toHaveBeenNthCalledWith(1, 2);
    await expect(args.onHeading).toHaveBeenNthCalledWith(2, 3);
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

/**
 * One tab stop; the arrow keys move along the toolbar in reading order (mirrored right to left), Home and End go to
 * the first and the last button, and the focus wraps around. Disabled Undo/Redo are skipped.
 */
export const Keyboard: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const button = (key: EditorToolbarCommand) => canvas.getByRole("button", { name: name(t, key) });
    await userEvent.tab();
    await expect(button("bold")).toHaveFocus();
    await userEvent.keyboard(forwardKey());
    await waitFor(() => expect(button("italic")).toHaveFocus());
    await userEvent.keyboard("{Enter}");
    await expect(args.onItalic).toHaveBeenCalledOnce();
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(button("video")).toHaveFocus());
    await userEvent.keyboard(" ");
    await expect(args.onInsertVideo).toHaveBeenCalledOnce();
    await userEvent.keyboard("{Home}");
    await waitFor(() => expect(button("bold")).toHaveFocus());
    await userEvent.keyboard(backwardKey());
    await waitFor(() => expect(button("video")).toHaveFocus());
    await userEvent.keyboard(forwardKey());
    await waitFor(() => expect(button("bold")).toHaveFocus());
    await userEvent.tab();
    await expect(button("bold")).not.toHaveFocus();
    await expect(
      canvasElement.querySelectorAll("[data-slot=editor-toolbar-button][tabindex='0']"),
    ).toHaveLength(1);
  },
};

/** With an undo history, Home goes to Undo. */
export const KeyboardWithHistory: Story = {
  args: { canUndo: true, canRedo: true },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: name(t, "undo") })).toHaveFocus();
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(canvas.getByRole("button", { name: name(t, "video") })).toHaveFocus());
    await userEvent.keyboard("{Home}");
    await waitFor(() => expect(canvas.getByRole("button", { name: name(t, "undo") })).toHaveFocus());
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

/** A phone-wide column: the buttons wrap onto a second row instead of overflowing. */
export const Narrow: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <div className="w-[320px]">
        <EditorToolbar
          {...args}
          {...textsOr(args, {
            labels: t("admin.editor.toolbar", { returnObjects: true }) as EditorToolbarLabels,
          })}
        />
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const toolbar = within(canvasElement).getByRole("toolbar", { name: name(t, "label") });
    await expect(toolbar.scrollWidth).toBeLessThanOrEqual(toolbar.clientWidth);
    for (const button of within(toolbar).getAllByRole("button")) await expect(button).toBeVisible();
  },
};

/** Arabic, right to left. */
export const Arabic: Story = {
  ...ARABIC_STORY,
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await Default.play?.(context);
    await Keyboard.play?.(context);
  },
};

export const Playground: Story = {};
