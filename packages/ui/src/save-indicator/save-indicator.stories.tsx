import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "../button";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { SaveIndicator, type SaveIndicatorState } from "./save-indicator";

const STATES = ["saved", "saving", "notSaved", "savedLocally"] as const;

function useLabels() {
  const { t } = useTranslation();
  return {
    saved: t("admin.editorWork.saveState.saved"),
    saving: t("admin.editorWork.saveState.saving"),
    notSaved: t("admin.editorWork.saveState.notSaved"),
    savedLocally: t("admin.editorWork.saveState.savedLocally"),
  };
}

const meta = {
  title: "Admin/SaveIndicator",
  component: SaveIndicator,
  args: { state: "saved", labels: { saved: "", saving: "", notSaved: "", savedLocally: "" } },
  render: function Render(args) {
    const labels = useLabels();
    return <SaveIndicator {...args} labels={labels} />;
  },
} satisfies Meta<typeof SaveIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every state side by side: saved, saving, not saved, saved on this device only. */
export const Overview: Story = {
  render: (args, context) => (
    <Variants>
      {STATES.map((state) => (
        <Variant key={state} label={state}>
          <FromStory meta={meta} globals={context.globals} args={{ ...args, state }} />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [...STATES]);
    for (const state of STATES)
      await expect(within(shown[state] as HTMLElement).getByRole("status")).toHaveTextContent(
        t(`admin.editorWork.saveState.${state}`),
      );
  },
};

/** Every state side by side: the icon and the words, each a polite status. */
export const States: Story = {
  render: function Render() {
    const labels = useLabels();
    return (
      <div className="flex flex-col gap-2">
        {STATES.map((state) => (
          <SaveIndicator key={state} state={state} labels={labels} />
        ))}
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const statuses = within(canvasElement).getAllByRole("status");
    await expect(statuses.map((status) => status.textContent)).toEqual(
      STATES.map((state) => t(`admin.editorWork.saveState.${state}`)),
    );
    for (const status of statuses) await expect(status).toHaveAttribute("aria-live", "polite");
  },
};

/** The region is there before anything is said (a new post), so the first change is announced. */
export const Typing: Story = {
  render: function Render() {
    const labels = useLabels();
    const { t } = useTranslation();
    const [state, setState] = useState<SaveIndicatorState>("none");
    const next: Record<SaveIndicatorState, SaveIndicatorState> = {
      none: "notSaved",
      notSaved: "saving",
      saving: "saved",
      saved: "savedLocally",
      savedLocally: "none",
    };
    return (
      <div className="flex items-center gap-3">
        <SaveIndicator state={state} labels={labels} />
        <Button variant="secondary" onClick={() => setState(next[state])}>
          {t("admin.editor.saveDraft")}
        </Button>
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const status = canvas.getByRole("status");
    await expect(status).toHaveTextContent("");
    const button = canvas.getByRole("button", { name: t("admin.editor.saveDraft") });
    for (const state of ["notSaved", "saving", "saved"] as const) {
      await userEvent.click(button);
      // The same element: a live region that is replaced is not announced.
      await expect(canvas.getByRole("status")).toBe(status);
      await expect(status).toHaveTextContent(t(`admin.editorWork.saveState.${state}`));
    }
  },
};

export const Arabic: Story = {
  ...States,
  ...ARABIC_STORY,
};
