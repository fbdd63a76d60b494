import { Table } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import type * as React from "react";
import { useRef } from "react";
import { cn } from "../lib/cn";

/** The table menu's items, in their order. */
export const EDITOR_TABLE_ACTIONS = [
  "insert",
  "addRow",
  "addColumn",
  "deleteRow",
  "deleteColumn",
  "deleteTable",
] as const;

export type EditorTableAction = (typeof EDITOR_TABLE_ACTIONS)[number];

/** The menu items' texts, e.g. "Insert table (3 × 3)", "Add row below", "Delete table". */
export type EditorTableLabels = Record<EditorTableAction, string>;

export type EditorTableMenuProps = {
  /** The button: a toolbar button (one of the toolbar's roving tab stops) that opens the menu. */
  trigger: React.ReactElement;
  labels: EditorTableLabels;
  /** The cursor is in a table: its rows, columns and the table itself can be changed; no table goes inside it. */
  inTable: boolean;
  onAction: (action: EditorTableAction) => void;
};

const itemClassName =
  "flex h-9 cursor-default items-center rounded px-3 text-sm text-fg-soft outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-soft data-[highlighted]:text-brand";

/**
 * The toolbar's table menu (a menu button): Insert table (3 × 3, with a header row) outside a table; inside one, add a
 * row below or a column after the cursor's, delete its row or column, or delete the table. Arrow keys move through
 * the items, Enter or Space chooses, Escape closes and gives the focus back to the button. After a choice the focus
 * goes where the action put it (the editor), not back to the button.
 */
export function EditorTableMenu({ trigger, labels, inTable, onAction }: EditorTableMenuProps) {
  const chosen = useRef(false);
  return (
    // Not modal: the rest of the page stays usable, and a click elsewhere just closes the menu.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          data-slot="editor-table-menu"
          align="start"
          sideOffset={4}
          className={cn(
            "z-50 flex min-w-52 flex-col rounded-md border border-line-strong bg-surface p-1 shadow-lg",
          )}
          onCloseAutoFocus={(event) => {
            if (!chosen.current) return;
            chosen.current = false;
            event.preventDefault();
          }}
        >
          {EDITOR_TABLE_ACTIONS.map((action) => (
            <DropdownMenu.Item
              key={action}
              data-action={action}
              className={cn(itemClassName, action === "deleteTable" && "text-danger")}
              disabled={action === "insert" ? inTable : !inTable}
              onSelect={() => {
                chosen.current = true;
                onAction(action);
              }}
            >
              {labels[action]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The table button's icon. */
export const TableIcon = Table;
