import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { Toaster, type ToastMessage } from "./toaster";

const meta = {
  title: "Admin/Toaster",
  component: Toaster,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { toasts: [], onDismiss: fn(), label: "", regionLabel: "", closeLabel: "" },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const [toasts, setToasts] = useState<ToastMessage[]>(args.toasts as ToastMessage[]);
    const add = (key: string) =>
      setToasts((shown) => [...shown, { id: `${key}-${shown.length}-${Date.now()}`, text: t(key) }]);
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => add("admin.editorWork.toast.draftSaved")}>
          {t("admin.editor.saveDraft")}
        </Button>
        <Button onClick={() => add("admin.editorWork.toast.published")}>{t("admin.editor.publish")}</Button>
        <Toaster
          {...args}
          {...textsOr(args, {
            label: t("admin.editorWork.toast.label"),
            regionLabel: t("admin.editorWork.toast.region"),
            closeLabel: t("admin.editorWork.toast.close"),
          })}
          swipeDirection={i18n.dir() === "rtl" ? "left" : "right"}
          toasts={toasts}
          onDismiss={(id) => {
            setToasts((shown) => shown.filter((toast) => toast.id !== id));
            args.onDismiss(id);
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The notifications region, named for screen readers (F8 reaches it from anywhere). */
function region(t: ReturnType<typeof storyTexts>) {
  return screen.getByRole("region", { name: t("admin.editorWork.toast.region").replace("{hotkey}", "F8") });
}

/**
 * The buttons that raise messages, with nothing shown yet, and a message shown. On the page the messages sit in a
 * fixed region at the viewport's end corner; here that region is held in a small frame (a transformed box contains
 * fixed descendants), so the sheet shows the message inline, in the story's box and on the docs page.
 */
export const Overview: Story = {
  args: { duration: 60_000 },
  render: function Render(args, context) {
    const { t } = useTranslation();
    return (
      <Variants>
        <Variant label="Nothing shown: the triggers">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary">{t("admin.editor.saveDraft")}</Button>
            <Button>{t("admin.editor.publish")}</Button>
          </div>
        </Variant>
        <Variant label="A message shown (the viewport's end corner)">
          <div className="relative h-28 w-96 max-w-full overflow-hidden rounded-md border border-line border-dashed [transform:translateZ(0)]">
            <FromStory meta={meta} story={Shown} globals={context.globals} args={args} />
          </div>
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      "Nothing shown: the triggers",
      "A message shown (the viewport's end corner)",
    ]);
    await expect(
      within(shown["Nothing shown: the triggers"] as HTMLElement).getAllByRole("button"),
    ).toHaveLength(2);
    const messages = await within(region(t)).findAllByRole("listitem");
    await expect(messages).toHaveLength(1);
    await expect(messages[0]).toHaveTextContent(t("admin.editorWork.toast.updated"));
    // Inside its frame: the message is within the story's box.
    const frame = (
      shown["A message shown (the viewport's end corner)"] as HTMLElement
    ).getBoundingClientRect();
    const message = (messages[0] as HTMLElement).getBoundingClientRect();
    await expect(message.bottom).toBeLessThanOrEqual(frame.bottom);
    await expect(message.top).toBeGreaterThanOrEqual(frame.top);
    // Radix reads a new message out through a hidden live region put on the body for a second; the sheet is shot
    // once it is gone, with nothing outside the story's box.
    await waitFor(() => expect(document.body.querySelector(":scope > [role=status]")).toBeNull(), {
      timeout: 3000,
    });
  },
};

/** A message appears in the region and is announced politely, once; its close button dismisses it. */
export const SaveConfirmed: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.click(within(canvasElement).getByRole("button", { name: t("admin.editor.saveDraft") }));
    const toast = await within(region(t)).findByRole("listitem");
    await expect(toast).toHaveTextContent(t("admin.editorWork.toast.draftSaved"));
    // The announcement: a polite live region saying the label and the message.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole("status")
          .some(
            (status) =>
              status.getAttribute("aria-live") === "polite" &&
              status.textContent?.includes(t("admin.editorWork.toast.draftSaved")),
          ),
      ).toBe(true),
    );
    await userEvent.click(within(toast).getByRole("button", { name: t("admin.editorWork.toast.close") }));
    await waitFor(() => expect(within(region(t)).queryByRole("listitem")).toBeNull());
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

/** Messages stack in order and each goes by itself once its time is up. */
export const GoesByItself: Story = {
  args: { duration: 800 },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: t("admin.editor.saveDraft") }));
    await userEvent.click(canvas.getByRole("button", { name: t("admin.editor.publish") }));
    await waitFor(() =>
      expect(
        within(region(t))
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual([t("admin.editorWork.toast.draftSaved"), t("admin.editorWork.toast.published")]),
    );
    await waitFor(() => expect(within(region(t)).queryAllByRole("listitem")).toHaveLength(0), {
      timeout: 4000,
    });
  },
};

/** As the list page shows it after an update: one message on show. */
export const Shown: Story = {
  parameters: chromaticParameters({ portalled: true }),
  args: { toasts: [{ id: "updated", text: "" }], duration: 60_000 },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <Toaster
        {...args}
        {...textsOr(args, {
          label: t("admin.editorWork.toast.label"),
          regionLabel: t("admin.editorWork.toast.region"),
          closeLabel: t("admin.editorWork.toast.close"),
        })}
        swipeDirection={i18n.dir() === "rtl" ? "left" : "right"}
        toasts={[{ id: "updated", text: t("admin.editorWork.toast.updated") }]}
      />
    );
  },
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    await expect(await within(region(t)).findByRole("listitem")).toHaveTextContent(
      t("admin.editorWork.toast.updated"),
    );
  },
};

/** In Arabic the messages sit at the end of the line: the bottom left corner. */
export const Arabic: Story = {
  ...Shown,
  ...ARABIC_STORY,
  parameters: chromaticParameters({ arabic: true, portalled: true }),
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const toast = await within(region(t)).findByRole("listitem");
    await expect(toast).toHaveTextContent(t("admin.editorWork.toast.updated"));
    await expect(toast.getBoundingClientRect().left).toBeLessThan(window.innerWidth / 2);
  },
};
