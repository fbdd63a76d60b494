import { cva } from "class-variance-authority";
import { Bold, ChessKnight, Heading2, ImagePlus, Italic, List, SquarePlay } from "lucide-react";
import { Toolbar } from "radix-ui";
import type * as React from "react";
import { useRef } from "react";
import { cn } from "../lib/cn";

export const editorToolbarButtonVariants = cva(
  "inline-flex size-9 items-center justify-center rounded-md text-neutral-800 transition-colors hover:bg-neutral-100 disabled:pointer-events-none disabled:opacity-50 aria-pressed:bg-brand-soft aria-pressed:text-brand [&_svg]:size-4 [&_svg]:shrink-0",
);

export interface EditorToolbarLabels {
  /** Accessible name of the toolbar, e.g. "Formatting". */
  label: string;
  bold: string;
  italic: string;
  /** 'Heading 2': the toolbar's heading is level 2 (spec section 9). */
  heading: string;
  bulletList: string;
  image: string;
  diagram: string;
  video: string;
}

/** Which formats apply at the cursor; their buttons are pressed. */
export interface EditorToolbarActive {
  bold?: boolean;
  italic?: boolean;
  heading?: boolean;
  bulletList?: boolean;
}

export type EditorToolbarProps = Omit<React.ComponentProps<typeof Toolbar.Root>, "children"> & {
  labels: EditorToolbarLabels;
  active?: EditorToolbarActive;
  /** Disables every button (e.g. while the editor is not editable). */
  disabled?: boolean;
  /** Disables Insert Image while an upload runs. */
  uploading?: boolean;
  onBold: () => void;
  onItalic: () => void;
  onHeading: () => void;
  onBulletList: () => void;
  /** The image files picked with Insert Image (the picker accepts images only). */
  onImageFiles: (files: File[]) => void;
  onInsertDiagram: () => void;
  onInsertVideo: () => void;
};

function ToolButton({
  label,
  pressed,
  className,
  children,
  ...props
}: React.ComponentProps<typeof Toolbar.Button> & { label: string; pressed?: boolean | undefined }) {
  return (
    <Toolbar.Button
      data-slot="editor-toolbar-button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={cn(editorToolbarButtonVariants(), className)}
      {...props}
    >
      {children}
    </Toolbar.Button>
  );
}

/**
 * The editor's toolbar (spec section 2): Bold, Italic, Heading (level 2), Bullet List, Insert Image (a file picker for
 * images), Insert Chess Diagram, Insert YouTube Video. Icon buttons with accessible names; the format buttons say
 * whether they are on (aria-pressed). One tab stop, arrow keys move between buttons.
 */
export function EditorToolbar({
  labels,
  active = {},
  disabled = false,
  uploading = false,
  onBold,
  onItalic,
  onHeading,
  onBulletList,
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

  return (
    <Toolbar.Root
      aria-label={labels.label}
      data-slot="editor-toolbar"
      className={cn(
        "flex flex-wrap items-center gap-1 rounded-md border border-neutral-300 bg-white p-1",
        className,
      )}
      {...props}
    >
      <ToolButton label={labels.bold} pressed={Boolean(active.bold)} disabled={disabled} onClick={onBold}>
        <Bold aria-hidden />
      </ToolButton>
      <ToolButton
        label={labels.italic}
        pressed={Boolean(active.italic)}
        disabled={disabled}
        onClick={onItalic}
      >
        <Italic aria-hidden />
      </ToolButton>
      <ToolButton
        label={labels.heading}
        pressed={Boolean(active.heading)}
        disabled={disabled}
        onClick={onHeading}
      >
        <Heading2 aria-hidden />
      </ToolButton>
      <ToolButton
        label={labels.bulletList}
        pressed={Boolean(active.bulletList)}
        disabled={disabled}
        onClick={onBulletList}
      >
        <List aria-hidden className="rtl:-scale-x-100" />
      </ToolButton>
      <Toolbar.Separator className="mx-1 h-6 w-px bg-neutral-300" />
      <ToolButton
        label={labels.image}
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
      <ToolButton label={labels.diagram} disabled={disabled} onClick={onInsertDiagram}>
        <ChessKnight aria-hidden />
      </ToolButton>
      <ToolButton label={labels.video} disabled={disabled} onClick={onInsertVideo}>
        <SquarePlay aria-hidden />
      </ToolButton>
    </Toolbar.Root>
  );
}
