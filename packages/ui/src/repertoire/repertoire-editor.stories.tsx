import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { RepertoireEditor } from "./repertoire-editor";
import type { RepertoireTreeItem } from "./repertoire-move-tree";

const DESCRIPTION = `The side panel of the repertoire editor (issue 40), beside the board where moves are added: the name and
side, what to do now, the moves as a tree with variations (a move puts its position on the board), Start and Back,
the move on the board's Remove and comment, Rename, and Learn, Drill, Export and Delete.

**Do**
- Say in the status whose move it is: the player's side keeps one answer per position, the opponent's may branch.
- Confirm Remove when moves follow the one removed, and Delete always (the page's ConfirmDialog).

**Don't**
- Don't write moves right to left: the tree reads left to right in Arabic too.`;

/** 1.e4 c5 2.Nf3 d6 (2.Nc3 Nc6) 3.d4, for Black: the opponent branches at move 2. */
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
const TREE: RepertoireTreeItem[] = [
  item(["e4"], false, [
    item(["e4", "c5"], true, [
      item(["e4", "c5", "Nf3"], false, [
        item(["e4", "c5", "Nf3", "d6"], true, [item(["e4", "c5", "Nf3", "d6", "d4"], false)], true),
      ]),
      item(["e4", "c5", "Nc3"], false, [item(["e4", "c5", "Nc3", "Nc6"], true)]),
    ]),
  ]),
];

const onRemove = fn();
/** 2.Nc3 as the labels write it, isolated left to right. */
const NC3 = "\u20662.Nc3\u2069";
const onSaveComment = fn();
const onRename = fn();

const meta = {
  title: "Training/RepertoireEditor",
  component: RepertoireEditor,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    title: "",
    mode: "",
    summary: "",
    status: { tone: "info", text: "" },
    tree: { label: "", empty: "", items: [], selected: null, onSelect: fn() },
    start: { label: "", onClick: fn() },
    back: { label: "", onClick: fn() },
    rename: { label: "", value: "", onChange: fn(), save: { label: "", onClick: fn() } },
    learn: { href: "", label: "" },
    drill: { href: "", label: "" },
    exportPgn: { label: "", onClick: fn() },
    deleteRepertoire: { label: "", onClick: fn() },
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const name = i18n.language === "ar" ? "صقليّتي" : "My Sicilian";
    const empty = args.title === "empty";
    const [selected, setSelected] = useState<string | null>(empty ? null : "e4 c5 Nf3 d6");
    const [comment, setComment] = useState(empty ? "" : "The Najdorf's move order.");
    const [rename, setRename] = useState(name);
    const path = selected?.split(" ") ?? [];
    // Isolated left to right (LRI … PDI), so the numbered move keeps its order in an Arabic label.
    const move = path.length
      ? `\u2066${Math.floor((path.length - 1) / 2) + 1}${path.length % 2 ? "." : "..."}${path.at(-1)}\u2069`
      : "";
    return (
      <div className="max-w-md">
        <RepertoireEditor
          title={name}
          mode={t("myRepertoires.editor.mode")}
          summary={`${t("repertoire.side.black")} · ${t("myRepertoires.editor.moves", { count: empty ? 0 : 8 })}`}
          status={{
            tone: "info",
            text: t(
              path.length % 2 === 1 ? "myRepertoires.editor.hintYours" : "myRepertoires.editor.hintTheirs",
            ),
          }}
          tree={{
            label: t("myRepertoires.editor.tree"),
            empty: t("myRepertoires.editor.emptyTree"),
            items: empty ? [] : TREE,
            selected,
            onSelect: setSelected,
          }}
          start={{
            label: t("myRepertoires.editor.start"),
            onClick: () => setSelected(null),
            disabled: !selected,
          }}
          back={{
            label: t("myRepertoires.editor.back"),
            onClick: () => setSelected(path.length > 1 ? path.slice(0, -1).join(" ") : null),
            disabled: !selected,
          }}
          remove={
            selected
              ? { label: t("myRepertoires.editor.remove", { move }), onClick: () => onRemove(selected) }
              : null
          }
          comment={
            selected
              ? {
                  label: t("myRepertoires.editor.comment", { move }),
                  hint: t("myRepertoires.editor.commentHint"),
                  value: comment,
                  onChange: setComment,
                  save: {
                    label: t("myRepertoires.editor.saveComment"),
                    onClick: () => onSaveComment(selected, comment),
                  },
                }
              : null
          }
          rename={{
            label: t("myRepertoires.editor.name"),
            value: rename,
            onChange: setRename,
            save: {
              label: t("myRepertoires.editor.rename"),
              onClick: () => onRename(rename),
              disabled: rename === name,
            },
          }}
          learn={{ href: "/training/repertoire/mine/a1?mode=learn", label: t("myRepertoires.editor.learn") }}
          drill={{ href: "/training/repertoire/mine/a1?mode=drill", label: t("myRepertoires.editor.drill") }}
          exportPgn={{ label: t("myRepertoires.editor.export"), onClick: args.exportPgn.onClick }}
          deleteRepertoire={{
            label: t("myRepertoires.editor.delete"),
            onClick: args.deleteRepertoire.onClick,
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof RepertoireEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a repertoire with a branch, and a new repertoire without moves. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      <Variant label="Editing, a move on the board" className="items-stretch">
        <FromStory meta={meta} story={Editing} globals={context.globals} />
      </Variant>
      <Variant label="Empty" className="items-stretch">
        <FromStory meta={meta} story={Empty} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Editing, a move on the board", "Empty"]);
    const editing = within(shown["Editing, a move on the board"] as HTMLElement);
    const tree = editing.getByRole("group", { name: t("myRepertoires.editor.tree") });
    await expect(within(tree).getByRole("button", { name: "2...d6" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(editing.getByRole("status")).toHaveTextContent(t("myRepertoires.editor.hintTheirs"));
    const empty = within(shown.Empty as HTMLElement);
    await expect(empty.getByText(t("myRepertoires.editor.emptyTree"))).toBeVisible();
    await expect(empty.getByRole("button", { name: t("myRepertoires.editor.start") })).toBeDisabled();
  },
};

/**
 * A Black repertoire with a branch of the opponent's: the tree with its variation, the move on the board marked; a
 * move of the tree puts its position on the board; Back, Remove, the comment and Rename.
 */
export const Editing: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const tree = canvas.getByRole("group", { name: t("myRepertoires.editor.tree") });
    await expect(tree).toHaveAttribute("dir", "ltr");
    await expect(within(tree).getByRole("button", { name: "2...d6" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(canvasElement.querySelectorAll("[data-slot=repertoire-branch]")).toHaveLength(1);
    // The branch's move: its position on the board, then one move back.
    await userEvent.click(within(tree).getByRole("button", { name: "2...Nc6" }));
    await expect(within(tree).getByRole("button", { name: "2...Nc6" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await userEvent.click(canvas.getByRole("button", { name: t("myRepertoires.editor.back") }));
    await expect(within(tree).getByRole("button", { name: "2.Nc3" })).toHaveAttribute("aria-current", "true");
    await expect(canvas.getByRole("status")).toHaveTextContent(t("myRepertoires.editor.hintYours"));
    await userEvent.click(
      canvas.getByRole("button", { name: t("myRepertoires.editor.remove", { move: NC3 }) }),
    );
    await expect(onRemove).toHaveBeenLastCalledWith("e4 c5 Nc3");
    const comment = canvas.getByRole("textbox", {
      name: t("myRepertoires.editor.comment", { move: NC3 }),
    });
    await userEvent.type(comment, "Closed.");
    await userEvent.click(canvas.getByRole("button", { name: t("myRepertoires.editor.saveComment") }));
    await expect(onSaveComment).toHaveBeenLastCalledWith("e4 c5 Nc3", "The Najdorf's move order.Closed.");
    await userEvent.click(canvas.getByRole("button", { name: t("myRepertoires.editor.export") }));
    await expect(args.exportPgn.onClick).toHaveBeenCalled();
  },
};

/** A new repertoire without moves: the tree says to play the first move; no Remove, no comment; Start is disabled. */
export const Empty: Story = {
  args: { title: "empty" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t("myRepertoires.editor.emptyTree"))).toBeVisible();
    await expect(canvas.getByRole("button", { name: t("myRepertoires.editor.start") })).toBeDisabled();
    await expect(canvas.queryByRole("textbox", { name: /2\./ })).toBeNull();
    await expect(canvas.getByRole("button", { name: t("myRepertoires.editor.rename") })).toBeDisabled();
  },
};
