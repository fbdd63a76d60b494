import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { RepertoireMoveTree, type RepertoireTreeItem } from "./repertoire-move-tree";

const DESCRIPTION = `A repertoire's moves as a move list with variations (issue 40), as PGN writes them: the main line runs on,
each other branch is an indented block under the move it replaces. Every move is a button (Tab, Enter) that puts its
position on the board; the move on the board is marked. The player's moves are bold, a commented move has a mark.

**Do**
- Key every move by its path: the same move can appear in two branches.

**Don't**
- Don't mirror the moves in Arabic: the list stays left to right.`;

function item(path: string[], byPlayer: boolean, children: RepertoireTreeItem[] = [], commented = false) {
  return {
    key: path.join(" "),
    ply: path.length - 1,
    san: path.at(-1) as string,
    byPlayer,
    commented,
    children,
  };
}

/** A White repertoire: 1.e4 e5 (1...c5 2.c3) (1...e6 2.d4) 2.Nf3 Nc6 3.Bb5, with a comment on 3.Bb5. */
const TREE: RepertoireTreeItem[] = [
  item(["e4"], true, [
    item(["e4", "e5"], false, [
      item(["e4", "e5", "Nf3"], true, [
        item(["e4", "e5", "Nf3", "Nc6"], false, [item(["e4", "e5", "Nf3", "Nc6", "Bb5"], true, [], true)]),
      ]),
    ]),
    item(["e4", "c5"], false, [item(["e4", "c5", "c3"], true)]),
    item(["e4", "e6"], false, [item(["e4", "e6", "d4"], true)]),
  ]),
];

const meta = {
  title: "Training/RepertoireMoveTree",
  component: RepertoireMoveTree,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { items: TREE, selected: null, onSelect: () => {}, label: "", empty: "" },
  render: function Render(args) {
    const [selected, setSelected] = useState<string | null>(args.selected);
    return (
      <div className="max-w-sm">
        <RepertoireMoveTree
          {...args}
          label={args.label || "Moves"}
          selected={selected}
          onSelect={setSelected}
        />
        <output data-testid="selected">{selected ?? ""}</output>
      </div>
    );
  },
} satisfies Meta<typeof RepertoireMoveTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Branches with a move on the board, the same tree with none, and no moves yet. */
export const Overview: Story = {
  render: (_args, context) => {
    const t = storyTexts(context.globals);
    return (
      <Variants className="grid grid-cols-3 gap-x-4">
        <Variant label="Branches, a move on the board">
          <FromStory meta={meta} story={Branches} globals={context.globals} />
        </Variant>
        <Variant label="No move on the board">
          <FromStory meta={meta} globals={context.globals} />
        </Variant>
        <Variant label="Empty">
          <FromStory
            meta={meta}
            globals={context.globals}
            args={{
              items: [],
              label: t("myRepertoires.editor.tree"),
              empty: t("myRepertoires.editor.emptyTree"),
            }}
          />
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      "Branches, a move on the board",
      "No move on the board",
      "Empty",
    ]);
    const branches = shown["Branches, a move on the board"] as HTMLElement;
    await expect(branches.querySelectorAll("[data-slot=repertoire-branch]")).toHaveLength(2);
    await expect(within(branches).getByRole("button", { name: "2.Nf3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    const none = shown["No move on the board"] as HTMLElement;
    await expect(none.querySelectorAll("[aria-current]")).toHaveLength(0);
    await expect(shown.Empty).toHaveTextContent(t("myRepertoires.editor.emptyTree"));
  },
};

/** Two branches under 1...e5; a move chosen by keyboard (Tab to it, Enter) is marked and reported. */
export const Branches: Story = {
  args: { selected: "e4 e5 Nf3" },
  play: async ({ canvasElement, globals }) => {
    storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelectorAll("[data-slot=repertoire-branch]")).toHaveLength(2);
    await expect(canvas.getByRole("button", { name: "2.Nf3" })).toHaveAttribute("aria-current", "true");
    // A branch starting with Black's move shows its number; the main line's Black move does not.
    await expect(canvas.getByRole("button", { name: "1...c5" })).toHaveTextContent("1...c5");
    await expect(canvas.getByRole("button", { name: "1...e5" })).toHaveTextContent(/^e5$/);
    canvas.getByRole("button", { name: "1...c5" }).focus();
    await userEvent.keyboard("{Tab}{Enter}");
    await expect(canvas.getByTestId("selected")).toHaveTextContent("e4 c5 c3");
    await expect(canvas.getByRole("button", { name: "2.c3" })).toHaveAttribute("aria-current", "true");
  },
};
