import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button";
import { formatDateTime } from "../lib/dates";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { RevisionHistoryDialog, type RevisionItem } from "./revision-history-dialog";

const SAVED = [
  { id: 14, at: "2026-11-28T11:21:00.000Z", title: "Rook endings: the Lucena position", words: 412 },
  { id: 12, at: "2026-11-28T10:02:00.000Z", title: "Rook endings: the Lucena position", words: 365 },
  { id: 9, at: "2026-11-27T17:45:00.000Z", title: "Building a bridge", words: 120 },
  { id: 3, at: "2026-11-20T08:10:00.000Z", title: "Lucena", words: 1 },
];

/** The dialog's texts and items in the story's locale, as the editor passes them. */
function useDialogTexts() {
  const { t, i18n } = useTranslation();
  const revisions: RevisionItem[] = SAVED.map((saved) => ({
    id: saved.id,
    time: formatDateTime(i18n.language, saved.at),
    dateTime: saved.at,
    title: saved.title,
    words: t("admin.editorWork.history.words", { count: saved.words }),
  }));
  return {
    revisions,
    title: t("admin.editorWork.history.title"),
    description: t("admin.editorWork.history.description"),
    listLabel: t("admin.editorWork.history.listLabel"),
    labels: {
      loading: t("admin.editorWork.history.loading"),
      error: t("admin.editorWork.history.error"),
      retry: t("admin.editorWork.history.retry"),
      empty: t("admin.editorWork.history.empty"),
      current: t("admin.editorWork.history.current"),
      restore: t("admin.editorWork.history.restore"),
      restoreLabel: (revision: RevisionItem) =>
        t("admin.editorWork.history.restoreLabel", { time: revision.time }),
      close: t("admin.editorWork.history.close"),
    },
  };
}

const meta = {
  title: "Admin/RevisionHistoryDialog",
  component: RevisionHistoryDialog,
  args: {
    open: false,
    onOpenChange: fn(),
    title: "",
    description: "",
    listLabel: "",
    state: "ready",
    revisions: [],
    onRestore: fn(),
    onRetry: fn(),
    labels: {
      loading: "",
      error: "",
      retry: "",
      empty: "",
      current: "",
      restore: "",
      restoreLabel: () => "",
      close: "",
    },
  },
  render: function Render(args) {
    const { t } = useTranslation();
    const texts = useDialogTexts();
    const [open, setOpen] = useState(args.open);
    return (
      <>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t("admin.editorWork.history.button")}
        </Button>
        <RevisionHistoryDialog
          {...args}
          {...texts}
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            args.onOpenChange(next);
          }}
        />
      </>
    );
  },
} satisfies Meta<typeof RevisionHistoryDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog(canvasElement: HTMLElement, t: ReturnType<typeof storyTexts>) {
  await userEvent.click(
    within(canvasElement).getByRole("button", { name: t("admin.editorWork.history.button") }),
  );
  return screen.findByRole("dialog", { name: t("admin.editorWork.history.title") });
}

/**
 * The closed dialog's trigger, and the dialog open on the saved versions (portalled over the page, as Radix's
 * dialog always is; on the docs page the story has a frame of its own, so the open dialog stays in it).
 */
export const Overview: Story = {
  parameters: {
    ...chromaticParameters({ portalled: true }),
    docs: { story: { inline: false, height: "560px" } },
  },
  render: function Render(args) {
    const { t } = useTranslation();
    const texts = useDialogTexts();
    return (
      <Variants>
        <Variant label="Closed: the trigger">
          <Button variant="secondary">{t("admin.editorWork.history.button")}</Button>
        </Variant>
        <Variant label="Open (over the page)">
          <RevisionHistoryDialog {...args} {...texts} open />
          <span className="text-fg-muted text-sm">{texts.title}</span>
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expectVariants(canvasElement, ["Closed: the trigger", "Open (over the page)"]);
    const dialog = await screen.findByRole("dialog", { name: t("admin.editorWork.history.title") });
    const list = within(dialog).getByRole("list", { name: t("admin.editorWork.history.listLabel") });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(SAVED.length);
  },
};

/** Newest first with when, the title and the length; Restore names its version and restores only it. */
export const Restore: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const dialog = await openDialog(canvasElement, t);
    await expect(dialog).toHaveAccessibleDescription(t("admin.editorWork.history.description"));
    const items = within(
      within(dialog).getByRole("list", { name: t("admin.editorWork.history.listLabel") }),
    ).getAllByRole("listitem");
    await expect(items).toHaveLength(SAVED.length);
    await expect(items[0]).toHaveTextContent(t("admin.editorWork.history.current"));
    await expect(items[1]).not.toHaveTextContent(t("admin.editorWork.history.current"));
    await expect(items[2]).toHaveTextContent("Building a bridge");
    await expect(items[2]).toHaveTextContent(t("admin.editorWork.history.words", { count: 120 }));
    await expect(items[3]).toHaveTextContent(t("admin.editorWork.history.words", { count: 1 }));
    const time = items[2]?.querySelector("time");
    await expect(time).toHaveAttribute("datetime", SAVED[2]?.at);
    await userEvent.click(
      within(items[2] as HTMLElement).getByRole("button", {
        name: t("admin.editorWork.history.restoreLabel", { time: time?.textContent }),
      }),
    );
    await expect(args.onRestore).toHaveBeenCalledOnce();
    await expect(args.onRestore).toHaveBeenCalledWith(9);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    // The focus is back on the button that opened it.
    await waitFor(() =>
      expect(
        within(canvasElement).getByRole("button", { name: t("admin.editorWork.history.button") }),
      ).toHaveFocus(),
    );
  },
};

/** While the list loads, and when it could not be read (Try again asks again). */
export const LoadingAndError: Story = {
  args: { state: "error" },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const dialog = await openDialog(canvasElement, t);
    await expect(within(dialog).getByRole("alert")).toHaveTextContent(t("admin.editorWork.history.error"));
    await userEvent.click(within(dialog).getByRole("button", { name: t("admin.editorWork.history.retry") }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole("button", { name: t("admin.editorWork.history.close") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

export const Loading: Story = {
  parameters: chromaticParameters({ portalled: true }),
  args: { state: "loading", open: true },
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const dialog = await screen.findByRole("dialog");
    await expect(within(dialog).getByRole("status")).toHaveTextContent(t("admin.editorWork.history.loading"));
  },
};

/** A restore that failed says so above the list; the buttons wait while one restore is fetched. */
export const RestoreFailed: Story = {
  parameters: chromaticParameters({ portalled: true }),
  args: { open: true, restoring: 12, error: "" },
  render: function Render(args) {
    const { t } = useTranslation();
    const texts = useDialogTexts();
    return <RevisionHistoryDialog {...args} {...texts} error={t("admin.editorWork.history.restoreFailed")} />;
  },
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const dialog = await screen.findByRole("dialog");
    await expect(within(dialog).getByRole("alert")).toHaveTextContent(
      t("admin.editorWork.history.restoreFailed"),
    );
    for (const button of within(dialog).getAllByRole("button", { name: /./ }).slice(0, SAVED.length))
      await expect(button).toBeDisabled();
    // With every Restore disabled, the list takes the focus itself, so a keyboard can still scroll it.
    await expect(within(dialog).getByRole("list")).toHaveAttribute("tabindex", "0");
  },
};

/** A post saved before history was kept, and not since. */
export const Empty: Story = {
  parameters: chromaticParameters({ portalled: true }),
  args: { open: true },
  render: function Render(args) {
    const texts = useDialogTexts();
    return <RevisionHistoryDialog {...args} {...texts} revisions={[]} />;
  },
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const dialog = await screen.findByRole("dialog");
    await expect(dialog).toHaveTextContent(t("admin.editorWork.history.empty"));
    await expect(within(dialog).queryByRole("list")).toBeNull();
  },
};

export const Arabic: Story = {
  args: { open: true },
  ...ARABIC_STORY,
  parameters: chromaticParameters({ arabic: true, portalled: true }),
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const dialog = await screen.findByRole("dialog", { name: t("admin.editorWork.history.title") });
    const [first] = within(dialog).getAllByRole("listitem");
    const restore = within(first as HTMLElement).getByRole("button");
    // The Restore button sits at the end of the row: on the left in Arabic.
    await expect(restore.getBoundingClientRect().left).toBeLessThan(
      (first as HTMLElement).getBoundingClientRect().left + (first as HTMLElement).offsetWidth / 2,
    );
    await expect(first).toHaveTextContent(t("admin.editorWork.history.words", { count: 412 }));
  },
};
