import { TextSelection } from "@tiptap/pm/state";
import {
  addColumnAfter,
  addRowAfter,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  isInTable,
  TableView,
  tableEditing,
} from "@tiptap/pm/tables";
import { type Editor, Extension, mergeAttributes, Node } from "@tiptap/react";

/**
 * Tables for the post editor, on prosemirror-tables (shipped inside @tiptap/pm). @tiptap/extension-table has no
 * 3.34 release (3.32.2 and 3.35.0 pin @tiptap/core to their own version exactly), so the four nodes are made here.
 * A table is stored as `<table><tbody><tr><th>…</th></tr><tr><td>…</td></tr></tbody></table>`: the first row holds
 * the header cells; colspan and rowspan are written only when a cell spans more than one. Nothing else (no column
 * group, no widths): exactly what the sanitiser keeps.
 */

/** A cell's colspan or rowspan read from HTML: a whole number of at least 1. */
function span(value: string | null): number {
  const number = Number.parseInt(value ?? "", 10);
  return Number.isFinite(number) && number > 0 ? number : 1;
}

const cellAttributes = () => ({
  colspan: {
    default: 1,
    parseHTML: (element: HTMLElement) => span(element.getAttribute("colspan")),
    renderHTML: (attributes: Record<string, unknown>) =>
      Number(attributes.colspan) > 1 ? { colspan: attributes.colspan } : {},
  },
  rowspan: {
    default: 1,
    parseHTML: (element: HTMLElement) => span(element.getAttribute("rowspan")),
    renderHTML: (attributes: Record<string, unknown>) =>
      Number(attributes.rowspan) > 1 ? { rowspan: attributes.rowspan } : {},
  },
  // prosemirror-tables' commands carry column widths along; the editor never sets them.
  colwidth: { default: null, rendered: false },
});

const TableCell = Node.create({
  name: "tableCell",
  content: "block+",
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: "td" }],
  renderHTML: ({ HTMLAttributes }) => ["td", mergeAttributes(HTMLAttributes), 0],
});

const TableHeader = Node.create({
  name: "tableHeader",
  content: "block+",
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: "th" }],
  renderHTML: ({ HTMLAttributes }) => ["th", mergeAttributes(HTMLAttributes), 0],
});

const TableRow = Node.create({
  name: "tableRow",
  content: "(tableCell | tableHeader)*",
  parseHTML: () => [{ tag: "tr" }],
  renderHTML: () => ["tr", 0],
});

const TableNode = Node.create({
  name: "table",
  group: "block",
  content: "tableRow+",
  isolating: true,
  parseHTML: () => [{ tag: "table" }],
  renderHTML: () => ["table", ["tbody", 0]],
  // In the editor the table sits in a box of its own (div.tableWrapper) that scrolls sideways when it is wide.
  addNodeView:
    () =>
    ({ node }) =>
      new TableView(node, 25),
});

/** The role prosemirror-tables looks for on each of the four node types. */
const TABLE_ROLES: Record<string, string> = {
  table: "table",
  tableRow: "row",
  tableCell: "cell",
  tableHeader: "header_cell",
};

/** The table plugin (cell selection, fixing ragged tables), Tab and Shift+Tab between cells, the roles. */
const TableEditing = Extension.create({
  name: "tableEditing",
  extendNodeSchema(extension) {
    const role = TABLE_ROLES[extension.name];
    return role ? { tableRole: role } : {};
  },
  addProseMirrorPlugins: () => [tableEditing()],
  addKeyboardShortcuts() {
    return {
      // Tab and Shift+Tab go from cell to cell. Past the last cell (or before the first) they leave the editor as
      // anywhere else, so the keyboard is never trapped in a table.
      Tab: ({ editor }) => isInTable(editor.state) && goToNextCell(1)(editor.state, editor.view.dispatch),
      "Shift-Tab": ({ editor }) =>
        isInTable(editor.state) && goToNextCell(-1)(editor.state, editor.view.dispatch),
    };
  },
});

export const TableExtensions = [TableNode, TableRow, TableHeader, TableCell, TableEditing];

/** What the toolbar's table menu can do. */
export type TableAction = "insert" | "addRow" | "addColumn" | "deleteRow" | "deleteColumn" | "deleteTable";

/** A 3 × 3 table whose first row is the header, as ProseMirror JSON. */
function emptyTable(rows = 3, columns = 3) {
  const cell = (type: string) => ({ type, content: [{ type: "paragraph" }] });
  return {
    type: "table",
    content: Array.from({ length: rows }, (_, row) => ({
      type: "tableRow",
      content: Array.from({ length: columns }, () => cell(row === 0 ? "tableHeader" : "tableCell")),
    })),
  };
}

const TABLE_COMMANDS = {
  addRow: addRowAfter,
  addColumn: addColumnAfter,
  deleteRow,
  deleteColumn,
  deleteTable,
} as const;

/**
 * Runs a table action at the cursor: inserts a 3 × 3 table with a header row (the cursor goes to its first cell),
 * or adds a row below / a column after the cursor's, deletes its row, its column or the whole table.
 */
export function runTableAction(editor: Editor, action: TableAction): boolean {
  if (action === "insert") {
    return editor
      .chain()
      .focus()
      .insertContent(emptyTable())
      .command(({ tr }) => {
        // insertContent leaves the cursor after the table: back to its first cell.
        let first: number | null = null;
        tr.doc.nodesBetween(0, tr.selection.from, (node, pos) => {
          if (node.type.name === "table") first = pos;
        });
        if (first !== null) tr.setSelection(TextSelection.near(tr.doc.resolve(first + 1)));
        return true;
      })
      .run();
  }
  const command = TABLE_COMMANDS[action];
  return editor
    .chain()
    .focus()
    .command(({ state, dispatch }) => command(state, dispatch))
    .run();
}

/** Whether the cursor is in a table (the table menu's row and column items apply). */
export function inTable(editor: Editor): boolean {
  return isInTable(editor.state);
}
