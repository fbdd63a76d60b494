import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { storyTexts, textsOr } from "../lib/story-texts";
import { TagInput } from "./tag-input";

const meta = {
  title: "Admin/TagInput",
  component: TagInput,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    label: "",
    placeholder: "",
    tags: ["Endgame", "Rook endings"],
    onAdd: fn(),
    onRemove: fn(),
    removeLabel: (tag: string) => `Remove tag ${tag}`,
    maxLength: 40,
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <TagInput
        {...args}
        {...textsOr(args, {
          label: t("admin.editor.tagsLabel"),
          placeholder: t("admin.editor.tagsPlaceholder"),
          hint: t("admin.editor.tagsHint"),
        })}
        removeLabel={(tag) => t("admin.editor.removeTag", { tag })}
        className="max-w-lg"
      />
    );
  },
} satisfies Meta<typeof TagInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTags: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const chips = within(canvas.getByRole("list", { name: t("admin.editor.tagsLabel") })).getAllByRole(
      "listitem",
    );
    await expect(chips.map((chip) => chip.textContent)).toEqual(["Endgame", "Rook endings"]);
    await expect(canvas.getByRole("textbox", { name: t("admin.editor.tagsLabel") })).toHaveAttribute(
      "placeholder",
      t("admin.editor.tagsPlaceholder"),
    );
    await expect(
      canvas.getByRole("button", { name: t("admin.editor.removeTag", { tag: "Endgame" }) }),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  args: { tags: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("list")).toBeNull();
  },
};

/** Enter hands over what was typed and empties the input; it does not submit the form around it. */
export const AddWithEnter: Story = {
  args: { tags: [] },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const input = within(canvasElement).getByRole("textbox", { name: t("admin.editor.tagsLabel") });
    await userEvent.type(input, "  Tactics {Enter}");
    await expect(args.onAdd).toHaveBeenCalledWith("  Tactics ");
    await expect(input).toHaveValue("");
  },
};

/** Removing a chip by keyboard returns the focus to the input. */
export const RemoveWithKeyboard: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const remove = canvas.getByRole("button", { name: t("admin.editor.removeTag", { tag: "Rook endings" }) });
    remove.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onRemove).toHaveBeenCalledWith("Rook endings");
    await expect(canvas.getByRole("textbox", { name: t("admin.editor.tagsLabel") })).toHaveFocus();
  },
};

/** With state, as the editor uses it: trimmed, no empty or duplicate tags. */
export const Interactive: Story = {
  args: { tags: [] },
  render: function Render(args) {
    const { t } = useTranslation();
    const [tags, setTags] = useState<string[]>([]);
    return (
      <TagInput
        {...args}
        {...textsOr(args, {
          label: t("admin.editor.tagsLabel"),
          placeholder: t("admin.editor.tagsPlaceholder"),
        })}
        tags={tags}
        removeLabel={(tag) => t("admin.editor.removeTag", { tag })}
        onAdd={(value) => {
          const tag = value.trim();
          if (tag && !tags.includes(tag)) setTags([...tags, tag]);
        }}
        onRemove={(tag) => setTags(tags.filter((other) => other !== tag))}
        className="max-w-lg"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: t("admin.editor.tagsLabel") });
    await userEvent.type(input, " Openings {Enter}{Enter}Openings{Enter}Gambits{Enter}");
    const list = canvas.getByRole("list", { name: t("admin.editor.tagsLabel") });
    await expect(
      within(list)
        .getAllByRole("listitem")
        .map((chip) => chip.textContent),
    ).toEqual(["Openings", "Gambits"]);
    await userEvent.click(
      canvas.getByRole("button", { name: t("admin.editor.removeTag", { tag: "Openings" }) }),
    );
    await expect(
      within(list)
        .getAllByRole("listitem")
        .map((chip) => chip.textContent),
    ).toEqual(["Gambits"]);
  },
};

/** Arabic, right to left. */
export const Arabic: Story = {
  globals: { locale: "ar", direction: "rtl" },
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await WithTags.play?.(context);
  },
};

export const Disabled: Story = { args: { disabled: true } };
