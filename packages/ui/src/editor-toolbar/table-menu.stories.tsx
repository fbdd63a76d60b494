import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import {
  EDITOR_TABLE_ACTIONS,
  type EditorTableAction,
  type EditorTableLabels,
  EditorTableMenu,
} from "./table-menu";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The editor toolbar's table menu (a menu button): Insert table (3 × 3, with a header row) outside a
table; inside one, add a row below or a column after the cursor's, delete its row or column, or delete the table.
Arrow keys move through the items, Enter or Space chooses, Escape closes and gives the focus back to the button. In the
toolbar its button is the Table button, one of the toolbar's roving tab stops.

**Do**
- Pass \`inTable\` from the editor's selection: the items that cannot apply are disabled (and skipped by the arrows).
- Put the focus back in the document after a choice (the menu does not return it to the button then).

**Don't**
- Don't add items a post's table does not need (merging cells, column widths): the sanitiser keeps neither.`;

const meta = {
  title: "Admin/EditorTableMenu",
  component: EditorTableMenu,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { labels: {} as EditorTableLabels, inTable: false, onAction: fn(), trigger: <span /> },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <EditorTableMenu
        {...args}
        {...textsOr(args, {
          labels: t("admin.editorBlocks.tableMenu", { returnObjects: true }) as EditorTableLabels,
        })}
        trigger={<Button variant="secondary">{t("admin.editor.toolbar.table")}</Button>}
      />
    );
  },
} satisfies Meta<typeof EditorTableMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

type Texts = ReturnType<typeof storyTexts>;

/** One of the menu's items, as the story's locale names it. */
const item = (t: Texts, action: EditorTableAction) =>
  screen.getByRole("menuitem", { name: t(`admin.editorBlocks.tableMenu.${action}`) });

/** The menu's items in order, and which can be chosen: Insert table outside a table, the others inside one. */
async function expectItems(t: Texts, inTable: boolean) {
  const menu = await screen.findByRole("menu");
  await expect(
    within(menu)
      .getAllByRole("menuitem")
      .map((element) => element.textContent),
  ).toEqual(EDITOR_TABLE_ACTIONS.map((action) => t(`admin.editorBlocks.tableMenu.${action}`)));
  for (const action of EDITOR_TABLE_ACTIONS) {
    const enabled = action === "insert" ? !inTable : inTable;
    await expect(item(t, action).getAttribute("aria-disabled") === "true").toBe(!enabled);
  }
}

const opener = (canvasElement: HTMLElement, t: Texts) =>
  within(canvasElement).getByRole("button", { name: t("admin.editor.toolbar.table") });

/**
 * Overview: the menu's button outside a table and inside one (the button looks the same; what differs is which items
 * can be chosen once it opens, which the two stories below show).
 */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants>
      <Variant label="Outside a table">
        <FromStory meta={meta} story={OutsideATable} globals={context.globals} />
      </Variant>
      <Variant label="In a table">
        <FromStory meta={meta} story={InATable} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Outside a table", "In a table"]);
    for (const frame of Object.values(shown)) {
      const button = within(frame).getByRole("button", { name: t("admin.editor.toolbar.table") });
      await expect(button).toHaveAttribute("aria-haspopup", "menu");
      await expect(button).toHaveAttribute("aria-expanded", "false");
    }
  },
};

/** Outside a table the one choice is Insert table (3 × 3); a click chooses it and closes the menu. */
export const OutsideATable: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const button = opener(canvasElement, t);
    await expect(button).toHaveAttribute("aria-haspopup", "menu");
    await userEvent.click(button);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expectItems(t, false);
    await userEvent.click(item(t, "insert"));
    await expect(args.onAction).toHaveBeenCalledOnce();
    await expect(args.onAction).toHaveBeenCalledWith("insert");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  },
};

/**
 * In a table, from the keyboard: Enter opens the menu on its first usable item (the arrows skip the disabled
 * Insert table), Enter chooses; Escape closes it and gives the focus back to the button.
 */
export const InATable: Story = {
  args: { inTable: true },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const button = opener(canvasElement, t);
    button.focus();
    await userEvent.keyboard("{Enter}");
    await expectItems(t, true);
    await waitFor(() => expect(item(t, "addRow")).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}");
    await waitFor(() => expect(item(t, "addColumn")).toHaveFocus());
    await userEvent.keyboard("{Enter}");
    await expect(args.onAction).toHaveBeenCalledOnce();
    await expect(args.onAction).toHaveBeenCalledWith("addColumn");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());

    button.focus();
    await userEvent.keyboard("{Enter}");
    await screen.findByRole("menu");
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(item(t, "deleteTable")).toHaveFocus());
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    await expect(button).toHaveFocus();
    await expect(args.onAction).toHaveBeenCalledOnce();
  },
};

/** Arabic, right to left. */
export const Arabic: Story = {
  ...ARABIC_STORY,
  args: { inTable: true },
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await InATable.play?.(context);
  },
};

export const Playground: Story = {};
