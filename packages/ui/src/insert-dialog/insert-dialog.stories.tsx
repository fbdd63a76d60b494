import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { InsertDialog, type InsertDialogProps } from "./insert-dialog";

type Kind = "diagramDialog" | "videoDialog" | "linkDialog";

/**
 * The dialog with its value kept in state, opened by a button, as the editor drives it. The link dialog edits an
 * existing link when the story gives `onRemove`.
 */
function Harness({ kind, ...args }: InsertDialogProps & { kind: Kind }) {
  const { t } = useTranslation();
  const link = kind === "linkDialog";
  const editing = link && args.onRemove !== undefined;
  const [open, setOpen] = useState(args.open);
  const [value, setValue] = useState(args.value);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t(`admin.editor.${kind}.title`)}
      </Button>
      <InsertDialog
        {...args}
        {...textsOr(args, {
          title: t(`admin.editor.${kind}.${editing ? "editTitle" : "title"}`),
          description: t(`admin.editor.${kind}.description`),
          inputLabel: t(`admin.editor.${kind}.label`),
          placeholder: t(`admin.editor.${kind}.placeholder`),
          cancelLabel: t("admin.editor.dialog.cancel"),
          insertLabel: link ? t("admin.editor.linkDialog.apply") : t("admin.editor.dialog.insert"),
          removeLabel: editing ? t("admin.editor.linkDialog.remove") : undefined,
        })}
        error={args.error ? t(`admin.editor.${kind}.invalid`) : null}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setValue("");
          args.onOpenChange(next);
        }}
        onRemove={
          args.onRemove
            ? () => {
                args.onRemove?.();
                setOpen(false);
                setValue("");
              }
            : undefined
        }
        value={value}
        onValueChange={(next) => {
          setValue(next);
          args.onValueChange(next);
        }}
        onConfirm={() => {
          args.onConfirm();
          setOpen(false);
          setValue("");
        }}
      />
    </>
  );
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The editor's insert dialog (spec section 2): a title, an explanation, one input, Cancel and
Insert (plus Remove when given, for an existing link). Enter confirms; Escape, Cancel and a click on the backdrop
close it. An empty value inserts nothing (Insert is disabled). The editor opens it for a chess diagram (a FEN), a
YouTube video (its address) and a link.

**Do**
- Say in \`description\` what to paste and in what form ("Paste a FEN from the position setup or another site").
- Check the value in \`onConfirm\` and pass \`error\` when it is refused: the dialog stays open with the reason under
  the input.
- Set \`inputMode="url"\` for addresses, and give \`removeLabel\` and \`onRemove\` only when the dialog edits an
  existing link.

**Don't**
- Don't use it for a question (delete this post?): that is the ConfirmDialog.
- Don't make the FEN or the address right to left in Arabic: they are typed left to right.`;

const meta = {
  title: "Admin/InsertDialog",
  component: InsertDialog,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    open: true,
    onOpenChange: fn(),
    title: "",
    description: "",
    inputLabel: "",
    placeholder: "",
    value: "",
    onValueChange: fn(),
    onConfirm: fn(),
    cancelLabel: "",
    insertLabel: "",
  },
  render: (args) => <Harness {...args} kind="diagramDialog" />,
} satisfies Meta<typeof InsertDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

type Texts = ReturnType<typeof storyTexts>;
const dialogNamed = (t: Texts, kind: Kind) =>
  screen.findByRole("dialog", { name: t(`admin.editor.${kind}.title`) });

/**
 * The editor's three dialogs closed (their triggers), and the diagram dialog open with the error a bad FEN gets
 * (portalled over the page, as Radix's dialog always is; on the docs page the story has a frame of its own).
 */
export const Overview: Story = {
  parameters: {
    ...chromaticParameters({ portalled: true }),
    docs: { story: { inline: false, height: "420px" } },
  },
  render: (args) => (
    <Variants>
      <Variant label="Closed: the triggers">
        <div className="flex flex-wrap gap-2">
          <Harness {...args} open={false} kind="diagramDialog" />
          <Harness {...args} open={false} kind="videoDialog" />
          <Harness {...args} open={false} inputMode="url" kind="linkDialog" />
        </div>
      </Variant>
      <Variant label="Open, with an error">
        <Harness {...args} {...WithError.args} open kind="diagramDialog" />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Closed: the triggers", "Open, with an error"]);
    // The page under the open dialog is hidden from assistive technology: its triggers are counted as elements.
    await expect(shown["Closed: the triggers"]?.querySelectorAll("button")).toHaveLength(3);
    const dialog = await screen.findByRole("dialog", { name: t("admin.editor.diagramDialog.title") });
    const input = within(dialog).getByRole("textbox");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(t("admin.editor.diagramDialog.invalid"));
  },
};

export const ChessDiagram: Story = {
  parameters: chromaticParameters({ portalled: true }),
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const dialog = await dialogNamed(t, "diagramDialog");
    await expect(dialog).toHaveAccessibleDescription(t("admin.editor.diagramDialog.description"));
    const input = within(dialog).getByRole("textbox", { name: t("admin.editor.diagramDialog.label") });
    await expect(input).toHaveAttribute("placeholder", t("admin.editor.diagramDialog.placeholder"));
    await expect(input).toHaveFocus();
    await expect(
      within(dialog).getByRole("button", { name: t("admin.editor.dialog.insert") }),
    ).toBeDisabled();
    await expect(within(dialog).getByRole("button", { name: t("admin.editor.dialog.cancel") })).toBeEnabled();
  },
};

/** The YouTube dialog explains that a watch URL or a short URL can be pasted; Enter confirms. */
export const YouTubeVideo: Story = {
  render: (args) => <Harness {...args} kind="videoDialog" />,
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    const dialog = await dialogNamed(t, "videoDialog");
    await expect(dialog).toHaveAccessibleDescription(t("admin.editor.videoDialog.description"));
    const input = within(dialog).getByRole("textbox", { name: t("admin.editor.videoDialog.label") });
    await expect(input).toHaveAttribute("placeholder", t("admin.editor.videoDialog.placeholder"));
    await userEvent.type(input, "https://youtu.be/dQw4w9WgXcQ{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("https://youtu.be/dQw4w9WgXcQ");
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

/** Enter on an empty value inserts nothing. */
export const EmptyInsertsNothing: Story = {
  parameters: chromaticParameters({ portalled: true }),
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    const dialog = await dialogNamed(t, "diagramDialog");
    await userEvent.type(within(dialog).getByRole("textbox"), "   {Enter}");
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(screen.getByRole("dialog")).toBeVisible();
  },
};

export const WithError: Story = {
  parameters: chromaticParameters({ portalled: true }),
  args: { error: "invalid", value: "not a position" },
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const dialog = await dialogNamed(t, "diagramDialog");
    const input = within(dialog).getByRole("textbox");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(t("admin.editor.diagramDialog.invalid"));
  },
};

export const CancelCloses: Story = {
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    const dialog = await dialogNamed(t, "diagramDialog");
    await userEvent.click(within(dialog).getByRole("button", { name: t("admin.editor.dialog.cancel") }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

/** A click on the backdrop closes the dialog. */
export const BackdropCloses: Story = {
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    await dialogNamed(t, "diagramDialog");
    const overlay = document.querySelector<HTMLElement>("[data-slot=insert-dialog-overlay]");
    await expect(overlay).not.toBeNull();
    if (!overlay) return;
    await userEvent.pointer({ keys: "[MouseLeft]", target: overlay, coords: { clientX: 5, clientY: 5 } });
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

/** Opened from the keyboard, used without a mouse, closed with Escape: the focus returns to the opener. */
export const Keyboard: Story = {
  args: { open: false },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const opener = within(canvasElement).getByRole("button", { name: t("admin.editor.diagramDialog.title") });
    opener.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await dialogNamed(t, "diagramDialog");
    await expect(within(dialog).getByRole("textbox")).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(opener).toHaveFocus();

    await userEvent.keyboard("{Enter}");
    const again = await dialogNamed(t, "diagramDialog");
    await userEvent.keyboard("8/8/8/4k3/8/8/4P3/4K3");
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(again).getByRole("button", { name: t("admin.editor.dialog.insert") })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** The link dialog: an address to type (a URL keyboard on phones), Apply or Enter confirms, nothing to remove. */
export const Link: Story = {
  args: { inputMode: "url" },
  render: (args) => <Harness {...args} kind="linkDialog" />,
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    const dialog = await dialogNamed(t, "linkDialog");
    await expect(dialog).toHaveAccessibleDescription(t("admin.editor.linkDialog.description"));
    const input = within(dialog).getByRole("textbox", { name: t("admin.editor.linkDialog.label") });
    await expect(input).toHaveAttribute("inputmode", "url");
    await expect(input).toHaveAttribute("dir", "ltr");
    await expect(
      within(dialog).queryByRole("button", { name: t("admin.editor.linkDialog.remove") }),
    ).toBeNull();
    await expect(
      within(dialog).getByRole("button", { name: t("admin.editor.linkDialog.apply") }),
    ).toBeDisabled();
    await userEvent.type(input, "lichess.org{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("lichess.org");
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

/** A refused address says why, under the input. */
export const LinkWithError: Story = {
  parameters: chromaticParameters({ portalled: true }),
  args: { error: "invalid", value: "javascript:alert(1)" },
  render: (args) => <Harness {...args} kind="linkDialog" />,
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const input = within(await dialogNamed(t, "linkDialog")).getByRole("textbox");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(t("admin.editor.linkDialog.invalid"));
  },
};

/** Opened on an existing link: its address, and Remove link. */
export const EditLink: Story = {
  args: { value: "https://lichess.org/study", onRemove: fn(), inputMode: "url" },
  render: (args) => <Harness {...args} kind="linkDialog" />,
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    const dialog = await screen.findByRole("dialog", { name: t("admin.editor.linkDialog.editTitle") });
    await expect(within(dialog).getByRole("textbox")).toHaveValue("https://lichess.org/study");
    await userEvent.click(within(dialog).getByRole("button", { name: t("admin.editor.linkDialog.remove") }));
    await expect(args.onRemove).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

export const ArabicEditLink: Story = {
  ...EditLink,
  ...ARABIC_STORY,
};

/** Arabic, right to left. */
export const Arabic: Story = {
  ...ARABIC_STORY,
  parameters: chromaticParameters({ arabic: true, portalled: true }),
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await ChessDiagram.play?.(context);
  },
};
