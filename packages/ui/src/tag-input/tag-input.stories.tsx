import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { TagInput, type TagInputProps } from "./tag-input";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A tag field (spec section 2): typing and pressing Enter adds a tag, and so does a comma (or the
Arabic comma «،»): "King walk, Study", typed or pasted, is two tags. Tags show as chips, each with a remove button. A
tag the list has already, in any case, is refused with \`duplicateMessage\`, which the input is described by until the
next change. Removing a chip puts the focus back in the input, so the keyboard never loses its place. Use it in the
post editor.

**Do**
- Trim each value in \`onAdd\` and ignore empty ones: the input hands over what was typed between separators.
- Give \`duplicateMessage\` ("“Endgame” is already a tag") and a \`removeLabel\` that names the tag ("Remove tag
  Endgame").
- Say in the \`hint\` that Enter or a comma adds a tag: the placeholder goes as soon as the admin types.

**Don't**
- Don't check for duplicates yourself: a tag the list has, in any case, never reaches \`onAdd\`.
- Don't use it to show tags to readers: that is TagChips.`;

const meta = {
  title: "Admin/TagInput",
  component: TagInput,
  parameters: { docs: { description: { component: DESCRIPTION } } },
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

/** With tags (each removable), empty (the placeholder), and disabled. */
export const Overview: Story = {
  render: (args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="With tags" className="items-stretch">
        <FromStory
          meta={meta}
          story={WithTags}
          globals={context.globals}
          args={{ onAdd: args.onAdd, onRemove: args.onRemove }}
        />
      </Variant>
      <Variant label="Empty" className="items-stretch">
        <FromStory
          meta={meta}
          story={Empty}
          globals={context.globals}
          args={{ onAdd: args.onAdd, onRemove: args.onRemove }}
        />
      </Variant>
      <Variant label="Disabled" className="items-stretch">
        <FromStory
          meta={meta}
          story={Disabled}
          globals={context.globals}
          args={{ onAdd: args.onAdd, onRemove: args.onRemove }}
        />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["With tags", "Empty", "Disabled"]);
    const withTags = within(shown["With tags"] as HTMLElement);
    await expect(
      withTags.getByRole("button", { name: t("admin.editor.removeTag", { tag: "Endgame" }) }),
    ).toBeEnabled();
    await expect(within(shown.Empty as HTMLElement).queryAllByRole("button")).toHaveLength(0);
    await expect(within(shown.Disabled as HTMLElement).getByRole("textbox")).toBeDisabled();
  },
};

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
  ...ARABIC_STORY,
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await WithTags.play?.(context);
  },
};

/**
 * As the editor keeps it: the caller's state, which takes every tag handed over, so a duplicate chip would show if
 * the input let one through; refused duplicates are told with the editor's message.
 */
function StatefulTagInput(args: TagInputProps) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<string[]>([...args.tags]);
  return (
    <TagInput
      {...args}
      {...textsOr(args, {
        label: t("admin.editor.tagsLabel"),
        placeholder: t("admin.editor.tagsPlaceholder"),
      })}
      tags={tags}
      removeLabel={(tag) => t("admin.editor.removeTag", { tag })}
      duplicateMessage={(tag) => t("admin.postList.tags.duplicate", { tag })}
      onAdd={(value) => {
        args.onAdd(value);
        const tag = value.trim();
        if (tag) setTags((current) => [...current, tag]);
      }}
      onRemove={(tag) => setTags((current) => current.filter((other) => other !== tag))}
      className="max-w-lg"
    />
  );
}

const chipsOf = (canvasElement: HTMLElement, label: string) =>
  within(within(canvasElement).getByRole("list", { name: label }))
    .getAllByRole("listitem")
    .map((chip) => chip.textContent);

/** A comma separates tags: "King walk, Study" typed or pasted is two tags. */
export const CommaSeparates: Story = {
  args: { tags: [] },
  render: (args) => <StatefulTagInput {...args} />,
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const label = t("admin.editor.tagsLabel");
    const input = within(canvasElement).getByRole("textbox", { name: label });
    await userEvent.type(input, "King walk, Study");
    await expect(chipsOf(canvasElement, label)).toEqual(["King walk"]);
    await expect(input).toHaveValue("Study");
    await userEvent.keyboard("{Enter}");
    await expect(chipsOf(canvasElement, label)).toEqual(["King walk", "Study"]);
    await expect(input).toHaveValue("");
    // Pasted, every part is a tag at once; empty parts are none.
    await userEvent.click(input);
    await userEvent.paste("Openings, Gambits,, ");
    await expect(chipsOf(canvasElement, label)).toEqual(["King walk", "Study", "Openings", "Gambits"]);
    await expect(input).toHaveValue("");
    await expect(args.onAdd).toHaveBeenCalledTimes(4);
  },
};

/** A tag the post has already, in any case, is refused with a message saying so; the next change clears it. */
export const DuplicateRefused: Story = {
  args: { tags: ["Endgame"] },
  render: (args) => <StatefulTagInput {...args} />,
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const label = t("admin.editor.tagsLabel");
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: label });
    await userEvent.type(input, "ENDGAME{Enter}");
    await expect(chipsOf(canvasElement, label)).toEqual(["Endgame"]);
    await expect(args.onAdd).not.toHaveBeenCalled();
    const message = t("admin.postList.tags.duplicate", { tag: "ENDGAME" });
    await expect(canvas.getByRole("status")).toHaveTextContent(message);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(message);
    await userEvent.type(input, "T");
    await expect(canvas.getByRole("status")).toHaveTextContent("");
    await expect(input).not.toHaveAttribute("aria-invalid");
    await userEvent.clear(input);
    // In a pasted list: the new tag is added, the duplicate (and a repeat within the list) refused.
    await userEvent.paste("Tactics, endgame, TACTICS");
    await expect(chipsOf(canvasElement, label)).toEqual(["Endgame", "Tactics"]);
    await expect(canvas.getByRole("status")).toHaveTextContent(
      t("admin.postList.tags.duplicate", { tag: "TACTICS" }),
    );
  },
};

/** In Arabic: the Arabic comma separates tags too, and the duplicate message is Arabic. */
export const ArabicCommaAndDuplicate: Story = {
  args: { tags: [] },
  ...ARABIC_STORY,
  render: (args) => <StatefulTagInput {...args} />,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const label = t("admin.editor.tagsLabel");
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: label });
    await userEvent.type(input, "مشي الملك، دراسة{Enter}");
    await expect(chipsOf(canvasElement, label)).toEqual(["مشي الملك", "دراسة"]);
    await userEvent.type(input, "دراسة{Enter}");
    await expect(chipsOf(canvasElement, label)).toEqual(["مشي الملك", "دراسة"]);
    await expect(canvas.getByRole("status")).toHaveTextContent("الوسم «دراسة» مضاف إلى هذا المقال من قبل.");
  },
};

export const Disabled: Story = { args: { disabled: true } };
