import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { InsertDialog, type InsertDialogProps } from "./insert-dialog";

/** The image dialog as the editor drives it: alt text and caption kept in state, opened by a button. */
function Harness({
  alt: startAlt,
  caption: startCaption,
  ...args
}: InsertDialogProps & { alt: string; caption: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(args.open);
  const [alt, setAlt] = useState(startAlt);
  const [caption, setCaption] = useState(startCaption);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("admin.editorBlocks.imageDetails.edit")}
      </Button>
      <InsertDialog
        {...args}
        title={t("admin.editorBlocks.imageDetails.title")}
        description={t("admin.editorBlocks.imageDetails.description")}
        inputLabel={t("admin.editorBlocks.imageDetails.altLabel")}
        placeholder={t("admin.editorBlocks.imageDetails.altPlaceholder")}
        cancelLabel={t("admin.editor.dialog.cancel")}
        insertLabel={t("admin.editorBlocks.imageDetails.apply")}
        inputDir="auto"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          args.onOpenChange(next);
        }}
        value={alt}
        onValueChange={(next) => {
          setAlt(next);
          args.onValueChange(next);
        }}
        extraField={{
          label: t("admin.editorBlocks.imageDetails.captionLabel"),
          placeholder: t("admin.editorBlocks.imageDetails.captionPlaceholder"),
          value: caption,
          onValueChange: setCaption,
        }}
        onConfirm={() => {
          args.onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The insert dialog with a second field, as the editor opens it for an image: its alt text (needed:
Apply waits for it) and an optional caption shown under the image on the post. Both are typed in either language and
run the way their own text goes (\`inputDir="auto"\`; the second field always does).

**Do**
- Open it with the image's current alt text and caption, so that it edits them as well as it adds them.

**Don't**
- Don't use the second field for something required: only the first one holds Insert back.`;

const meta = {
  title: "Admin/ImageDetailsDialog",
  component: InsertDialog,
  parameters: { docs: { description: { component: DESCRIPTION } } },
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
  render: (args) => <Harness {...args} alt="" caption="" />,
} satisfies Meta<typeof InsertDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

type Texts = ReturnType<typeof storyTexts>;
const dialogOf = (t: Texts) =>
  screen.findByRole("dialog", { name: t("admin.editorBlocks.imageDetails.title") });
const fields = (dialog: HTMLElement, t: Texts) => ({
  alt: within(dialog).getByRole("textbox", { name: t("admin.editorBlocks.imageDetails.altLabel") }),
  caption: within(dialog).getByRole("textbox", { name: t("admin.editorBlocks.imageDetails.captionLabel") }),
  apply: within(dialog).getByRole("button", { name: t("admin.editorBlocks.imageDetails.apply") }),
});

/**
 * Overview: the image's button that opens the dialog, and the dialog open on an image that has its texts (it opens
 * over the page, so on the docs page this story has a frame of its own).
 */
export const Overview: Story = {
  parameters: {
    ...chromaticParameters({ portalled: true }),
    docs: { story: { inline: false, height: "420px" } },
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Variants>
        <Variant label="Closed: the image's button">
          <Button variant="secondary" size="sm">
            {t("admin.editorBlocks.imageDetails.edit")}
          </Button>
        </Variant>
        <Variant label="Open, editing (over the page)">
          <Harness {...args} alt="The Lucena position" caption="White builds a bridge" />
          <span className="text-fg-muted text-sm">{t("admin.editorBlocks.imageDetails.title")}</span>
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expectVariants(canvasElement, ["Closed: the image's button", "Open, editing (over the page)"]);
    const dialog = await dialogOf(t);
    const { alt, caption, apply } = fields(dialog, t);
    await expect(alt).toHaveValue("The Lucena position");
    await expect(caption).toHaveValue("White builds a bridge");
    await expect(apply).toBeEnabled();
  },
};

/** Alt text first (focused, Apply waits for it), then the optional caption; both run in the text's own direction. */
export const NewImage: Story = {
  parameters: chromaticParameters({ portalled: true }),
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    const dialog = await dialogOf(t);
    await expect(dialog).toHaveAccessibleDescription(t("admin.editorBlocks.imageDetails.description"));
    const { alt, caption, apply } = fields(dialog, t);
    await expect(alt).toHaveFocus();
    await expect(alt).toHaveAttribute("dir", "auto");
    await expect(caption).toHaveAttribute("dir", "auto");
    await expect(alt).toHaveAttribute("placeholder", t("admin.editorBlocks.imageDetails.altPlaceholder"));
    await expect(caption).toHaveAttribute(
      "placeholder",
      t("admin.editorBlocks.imageDetails.captionPlaceholder"),
    );
    await expect(apply).toBeDisabled();
    // A caption alone is not enough.
    await userEvent.type(caption, "White builds a bridge{Enter}");
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.type(alt, "The Lucena position");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("The Lucena position");
    await expect(apply).toBeEnabled();
  },
};

/** Editing an image: its alt text and caption are there; Enter in the caption applies. */
export const EditImage: Story = {
  render: (args) => <Harness {...args} alt="Uploaded image" caption="الجسر" />,
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    const dialog = await dialogOf(t);
    const { alt, caption } = fields(dialog, t);
    await expect(alt).toHaveValue("Uploaded image");
    await expect(caption).toHaveValue("الجسر");
    await userEvent.clear(alt);
    await userEvent.type(alt, "رقعة فيها وضعية لوسينا");
    await userEvent.type(caption, " الأبيض يبني{Enter}");
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

/** From the keyboard: Tab goes alt text → caption → Cancel → Apply; Escape closes without applying. */
export const Keyboard: Story = {
  render: (args) => <Harness {...args} alt="Board" caption="" />,
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    const dialog = await dialogOf(t);
    const { alt, caption, apply } = fields(dialog, t);
    await expect(alt).toHaveFocus();
    await userEvent.tab();
    await expect(caption).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole("button", { name: t("admin.editor.dialog.cancel") })).toHaveFocus();
    await userEvent.tab();
    await expect(apply).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** Arabic, right to left. */
export const Arabic: Story = {
  ...ARABIC_STORY,
  parameters: chromaticParameters({ arabic: true, portalled: true }),
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await NewImage.play?.(context);
  },
};
