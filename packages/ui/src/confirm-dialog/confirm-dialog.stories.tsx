import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { ConfirmDialog } from "./confirm-dialog";

const TITLE = "Rook endgames you must know";

const meta = {
  title: "Admin/ConfirmDialog",
  component: ConfirmDialog,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    open: false,
    onOpenChange: fn(),
    title: "",
    description: "",
    cancelLabel: "",
    confirmLabel: "",
    onConfirm: fn(),
  },
  render: function Render(args) {
    const { t } = useTranslation();
    const [open, setOpen] = useState(args.open);
    return (
      <>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t("admin.posts.table.delete")}
        </Button>
        <ConfirmDialog
          {...args}
          {...textsOr(args, {
            title: t("admin.posts.confirm.message"),
            description: t("admin.posts.confirm.detail", { title: TITLE }),
            cancelLabel: t("admin.posts.confirm.cancel"),
            confirmLabel: t("admin.posts.confirm.confirm"),
          })}
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            args.onOpenChange(next);
          }}
        />
      </>
    );
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog(canvasElement: HTMLElement, t: ReturnType<typeof storyTexts>) {
  await userEvent.click(within(canvasElement).getByRole("button", { name: t("admin.posts.table.delete") }));
  return screen.findByRole("alertdialog", { name: t("admin.posts.confirm.message") });
}

/**
 * The closed dialog's trigger, and the dialog open (portalled over the page, as Radix's alert dialog always is; on
 * the docs page the story has a frame of its own, so the open dialog stays in it).
 */
export const Overview: Story = {
  parameters: {
    ...chromaticParameters({ portalled: true }),
    docs: { story: { inline: false, height: "360px" } },
  },
  render: function Render(args) {
    const { t } = useTranslation();
    const texts = {
      title: t("admin.posts.confirm.message"),
      description: t("admin.posts.confirm.detail", { title: TITLE }),
      cancelLabel: t("admin.posts.confirm.cancel"),
      confirmLabel: t("admin.posts.confirm.confirm"),
    };
    return (
      <Variants>
        <Variant label="Closed: the trigger">
          <Button variant="danger">{t("admin.posts.table.delete")}</Button>
        </Variant>
        <Variant label="Open (over the page)">
          <ConfirmDialog {...args} {...texts} open />
          <span className="text-fg-muted text-sm">{texts.title}</span>
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expectVariants(canvasElement, ["Closed: the trigger", "Open (over the page)"]);
    const dialog = await screen.findByRole("alertdialog", { name: t("admin.posts.confirm.message") });
    await expect(within(dialog).getAllByRole("button")).toHaveLength(2);
    await expect(within(dialog).getByRole("button", { name: t("admin.posts.confirm.cancel") })).toHaveFocus();
  },
};

/** Confirming calls onConfirm and closes. */
export const Confirm: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const dialog = await openDialog(canvasElement, t);
    await expect(dialog).toHaveAccessibleDescription(t("admin.posts.confirm.detail", { title: TITLE }));
    // The safe choice has the focus first.
    await expect(within(dialog).getByRole("button", { name: t("admin.posts.confirm.cancel") })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: t("admin.posts.confirm.confirm") }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  },
};

/** Cancel (or Escape) does nothing but close. */
export const Cancel: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    let dialog = await openDialog(canvasElement, t);
    await userEvent.click(within(dialog).getByRole("button", { name: t("admin.posts.confirm.cancel") }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    // The focus is back on the button that asked.
    await waitFor(() =>
      expect(
        within(canvasElement).getByRole("button", { name: t("admin.posts.table.delete") }),
      ).toHaveFocus(),
    );
    dialog = await openDialog(canvasElement, t);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const Open: Story = {
  parameters: chromaticParameters({ portalled: true }),
  args: { open: true },
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    await expect(await screen.findByRole("alertdialog")).toHaveAccessibleName(
      t("admin.posts.confirm.message"),
    );
  },
};

export const Arabic: Story = {
  args: { open: true },
  ...ARABIC_STORY,
  parameters: chromaticParameters({ arabic: true, portalled: true }),
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const dialog = await screen.findByRole("alertdialog", { name: t("admin.posts.confirm.message") });
    const cancel = within(dialog).getByRole("button", { name: t("admin.posts.confirm.cancel") });
    const confirm = within(dialog).getByRole("button", { name: t("admin.posts.confirm.confirm") });
    // The buttons sit at the end of the row: on the left in Arabic, Cancel first (rightmost).
    await expect(cancel.getBoundingClientRect().left).toBeGreaterThan(confirm.getBoundingClientRect().left);
  },
};
