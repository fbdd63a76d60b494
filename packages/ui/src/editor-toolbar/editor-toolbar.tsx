import { cva } from "class-variance-authority";
import {
  Bold,
  ChessKnight,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Minus,
  Redo2,
  SquareCode,
  SquarePlay,
  TextQuote,
  Undo2,
} from "lucide-react";
import { Toolbar } from "radix-ui";
import type * as React from "react";
import { useRef } from "react";
import { cn } from "../lib/cn";
import { type EditorTableAction, type EditorTableLabels, EditorTableMenu, TableIcon } from "./table-menu";

export const editorToolbarButtonVariants = cva(
  "inline-flex size-9 items-center justify-center rounded-md text-fg-soft transition-colors hover:bg-surface-sunken focus-visible:outline-3 focus-visible:outline-brand disabled:pointer-events-none disabled:opacity-50 aria-pressed:bg-brand-soft aria-pressed:text-brand data-[active=true]:bg-brand-soft data-[active=true]:text-brand [&_svg]:size-4 [&_svg]:shrink-0",
);

/** The toolbar's buttons, in their order. */
export const EDITOR_TOOLBAR_COMMANDS = [
  "undo",
  "redo",
  "bold",
  "italic",
  "link",
  "heading2",
  "heading3",
  "bulletList",
  "orderedList",
  "blockquote",
  "codeBlock",
  "horizontalRule",
  "table",
  "image",
  "diagram",
  "video",
] as const;

export type EditorToolbarCommand = (typeof EDITOR_TOOLBAR_COMMANDS)[number];

/** Accessible names of the toolbar (`label`) and of each button, e.g. "Bold", "Heading 2", "Insert Image". */
export type EditorToolbarLabels = { label: string } & Record<EditorToolbarCommand, string>;

/** The formats that apply at the cursor: their buttons are pressed (the link button shows it is on a link). */
export type EditorToolbarActive = Partial<
  Record<
    | "bold"
    | "italic"
    | "link"
    | "heading2"
    | "heading3"
    | "bulletList"
    | "orderedList"
    | "blockquote"
    | "codeBlock",
    boolean
  >
>;

export type EditorToolbarProps = Omit<React.ComponentProps<typeof Toolbar.Root>, "children"> & {
  labels: EditorToolbarLabels;
  /** Tooltips of the buttons (their `title`), e.g. "Bold (Ctrl+B)"; a button without one shows its label. */
  tooltips?: Partial<Record<EditorToolbarCommand, string>> | undefined;
  active?: EditorToolbarActive;
  /** Undo and Redo are disabled while there is nothing to undo or redo. */
  canUndo?: boolean;
  canRedo?: boolean;
  /** Disables every button (e.g. while the editor is not editable). */
  disabled?: boolean;
  /** Disables Insert Image while an upload runs. */
  uploading?: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onBold: () => void;
  onItalic: () => void;
  /** Opens the link dialog: add a link to the selection, or edit or remove the link at the cursor. */
  onLink: () => void;
  onHeading: (level: 2 | 3) => void;
  onBulletList: () => void;
  onOrderedList: () => void;
  onBlockquote: () => void;
  onCodeBlock: () => void;
  onHorizontalRule: () => void;
  /** The items of the table menu (Table opens it). */
  tableLabels: EditorTableLabels;
  /** The cursor is in a table: the menu offers its row, column and delete items instead of Insert table. */
  inTable?: boolean;
  onTable: (action: EditorTableAction) => void;
  /** The image files picked with Insert Image (the picker accepts images only). */
  onImageFiles: (files: File[]) => void;
  onInsertDiagram: () => void;
  onInsertVideo: () => void;
};

function ToolButton({
  label,
  tooltip,
  pressed,
  className,
  children,
  ...props
}: React.ComponentProps<typeof Toolbar.Button> & {
  label: string;
  tooltip?: string | undefined;
  pressed?: boolean | undefined;
}) {
  return (
    <Toolbar.Button
      data-slot="editor-toolbar-button"
      aria-label={label}
      title={tooltip ?? label}
      aria-pressed={pressed}
      className={cn(editorToolbarButtonVariants(), className)}
      // A click keeps the focus (and the cursor) in the text being edited: the command applies there at once and the
      // next key typed lands in the text, not on the button. Keyboard use of the toolbar is unchanged.
      onMouseDown={(event) => event.preventDefault()}
      {...props}
    >
      {children}
    </Toolbar.Button>
  );
}

/** Between groups of buttons; left out on phones, where the buttons wrap and a separator could end a row. */
function Separator() {
  return <Toolbar.Separator className="mx-1 hidden h-6 w-px bg-line-strong md:block" />;
}

/**
 * The editor's toolbar: Undo, Redo | Bold, Italic, Link | Heading 2, Heading 3 | Bullet List, Numbered List, Quote,
 * Code Block | Horizontal Rule, Table (a menu: insert a 3 × 3 table, add or delete rows and columns, delete the
 * table), Insert Image (a file picker for images), Insert Chess Diagram, Insert YouTube Video. An ARIA toolbar with one tab
 * stop (roving tabindex): the arrow keys move along it in reading order (mirrored right to left), Home and End go
 * to the first and the last button. Icon buttons with accessible names and tooltips; the format buttons say whether
 * they are on (aria-pressed); the buttons that open a dialog or the menu say so (aria-haspopup).
 */
export function EditorToolbar({
  labels,
  tooltips = {},
  active = {},
  canUndo = false,
  canRedo = false,
  disabled = false,
  uploading = false,
  onUndo,
  onRedo,
  onBold,
  onItalic,
  onLink,
  onHeading,
  onBulletList,
  onOrderedList,
  onBlockquote,
  onCodeBlock,
  onHorizontalRule,
  tableLabels,
  inTable = false,
  onTable,
  onImageFiles,
  onInsertDiagram,
  onInsertVideo,
  className,
  ...props
}: EditorToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);

  const picked = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Cleared so that picking the same file again fires another change.
    event.currentTarget.value = "";
    if (files.length > 0) onImageFiles(files);
  };

  /** The label and tooltip of a button. */
  const named = (command: EditorToolbarCommand) => ({ label: labels[command], tooltip: tooltips[command] });
  const toggle = (command: keyof EditorToolbarActive) => ({
    ...named(command),
    pressed: Boolean(active[command]),
    disabled,
  });

  return (
    <Toolbar.Root
      aria-label={labels.label}
      data-slot="editor-toolbar"
      className={cn(
        "flex flex-wrap items-center gap-1 rounded-md border border-line-strong bg-surface p-1",
        className,
      )}
      {...props}
    >
      <ToolButton {...named("undo")} disabled={disabled || !canUndo} onClick={onUndo}>
        <Undo2 aria-hidden className="rtl:-scale-x-100" />
      </ToolButton>
      <ToolButton {...named("redo")} disabled={disabled || !canRedo} onClick={onRedo}>
        <Redo2 aria-hidden className="rtl:-scale-x-100" />
      </ToolButton>
      <Separator />
      <ToolButton {...toggle("bold")} onClick={onBold}>
        <Bold aria-hidden />
      </ToolButton>
      <ToolButton {...toggle("italic")} onClick={onItalic}>
        <Italic aria-hidden />
      </ToolButton>
      <ToolButton
        {...named("link")}
        aria-haspopup="dialog"
        data-active={Boolean(active.link)}
        disabled={disabled}
        onClick={onLink}
      >
        <Link aria-hidden />
      </ToolButton>
      <Separator />
      <ToolButton {...toggle("heading2")} onClick={() => onHeading(2)}>
        <Heading2 aria-hidden />
      </ToolButton>
      <ToolButton {...toggle("heading3")} onClick={() => onHeading(3)}>
        <Heading3 aria-hidden />
      </ToolButton>
      <Separator />
      <ToolButton {...toggle("bulletList")} onClick={onBulletList}>
        <List aria-hidden className="rtl:-scale-x-100" />
      </ToolButton>
      <ToolButton {...toggle("orderedList")} onClick={onOrderedList}>
        <ListOrdered aria-hidden className="rtl:-scale-x-100" />
      </ToolButton>
      <ToolButton {...toggle("blockquote")} onClick={onBlockquote}>
        <TextQuote aria-hidden className="rtl:-scale-x-100" />
      </ToolButton>
      <ToolButton {...toggle("codeBlock")} onClick={onCodeBlock}>
        <SquareCode aria-hidden />
      </ToolButton>
      <Separator />
      <ToolButton {...named("horizontalRule")} disabled={disabled} onClick={onHorizontalRule}>
        <Minus aria-hidden />
      </ToolButton>
      <EditorTableMenu
        labels={tableLabels}
        inTable={inTable}
        onAction={onTable}
        trigger={
          <ToolButton {...named("table")} disabled={disabled} data-active={inTable}>
            <TableIcon aria-hidden />
          </ToolButton>
        }
      />
      <ToolButton
        {...named("image")}
        disabled={disabled || uploading}
        aria-busy={uploading || undefined}
        onClick={() => fileInput.current?.click()}
      >
        <ImagePlus aria-hidden />
      </ToolButton>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden
        data-slot="editor-toolbar-file-input"
        onChange={picked}
      />
      <ToolButton {...named("diagram")} aria-haspopup="dialog" disabled={disabled} onClick={onInsertDiagram}>
        <ChessKnight aria-hidden />
      </ToolButton>
      <ToolButton {...named("video")} aria-haspopup="dialog" disabled={disabled} onClick={onInsertVideo}>
        <SquarePlay aria-hidden />
      </ToolButton>
    </Toolbar.Root>
  );
}
