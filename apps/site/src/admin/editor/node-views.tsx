import { Button, ChessDiagram, YouTubeEmbed } from "@ct/ui";
import { NodeViewWrapper, type ReactNodeViewProps } from "@tiptap/react";
import { useTranslation } from "react-i18next";
import { usePostBodyTexts } from "../../blog/texts";
import type { ImageDetailsRequest } from "./image-extension";

/** Centred like the post shows its diagrams and videos (post-body), with the block's buttons under it. */
const frame =
  "my-6 flex flex-col items-center gap-2 rounded-md border border-transparent p-2 data-[selected=true]:border-brand";

/** A chess-diagram block in the editor: the board as readers will see it, and a button that removes the block. */
export function ChessDiagramView({ node, selected, deleteNode }: ReactNodeViewProps) {
  const { t } = useTranslation();
  const { diagram } = usePostBodyTexts();
  const fen = typeof node.attrs.fen === "string" ? node.attrs.fen : "";
  return (
    <NodeViewWrapper contentEditable={false} data-selected={selected} className={frame}>
      <ChessDiagram
        fen={fen}
        label={diagram.label}
        pieceLabels={diagram.pieceLabels}
        invalidMessage={diagram.invalidMessage}
        // The frame is narrower than the page: no room kept for a page-wide board, which left a gap under it.
        className="min-h-0"
      />
      <Button variant="secondary" size="sm" onClick={deleteNode}>
        {t("admin.editor.removeDiagram")}
      </Button>
    </NodeViewWrapper>
  );
}

/**
 * A YouTube block in the editor: the player with its "Watch on YouTube" link (as on the post), a handle to drag the
 * block elsewhere, and a remove button.
 */
export function YouTubeView({ node, selected, deleteNode }: ReactNodeViewProps) {
  const { t } = useTranslation();
  const { video } = usePostBodyTexts();
  const src = typeof node.attrs.src === "string" ? node.attrs.src : "";
  return (
    <NodeViewWrapper contentEditable={false} data-selected={selected} className={frame}>
      <YouTubeEmbed
        url={src}
        title={video.title}
        invalidMessage={video.invalidMessage}
        watchLabel={video.watchLabel}
      />
      <div className="flex items-center gap-2">
        <span
          data-drag-handle=""
          draggable
          title={t("admin.editor.dragVideo")}
          className="inline-flex size-8 cursor-grab items-center justify-center rounded-md border border-line-strong bg-surface text-fg-muted"
        >
          <svg aria-hidden viewBox="0 0 16 16" className="size-4" fill="currentColor">
            <circle cx="6" cy="3" r="1.5" />
            <circle cx="10" cy="3" r="1.5" />
            <circle cx="6" cy="8" r="1.5" />
            <circle cx="10" cy="8" r="1.5" />
            <circle cx="6" cy="13" r="1.5" />
            <circle cx="10" cy="13" r="1.5" />
          </svg>
          <span className="sr-only">{t("admin.editor.dragVideo")}</span>
        </span>
        <Button variant="secondary" size="sm" onClick={deleteNode}>
          {t("admin.editor.removeVideo")}
        </Button>
      </div>
    </NodeViewWrapper>
  );
}

/**
 * An image block in the editor: the image (with its caption under it when it has one, as on the post) and a button
 * that opens the dialog for its alt text and caption. The button is a tab stop after the text before the image.
 */
export function ImageView({ node, selected, extension, updateAttributes }: ReactNodeViewProps) {
  const { t } = useTranslation();
  const text = (name: string) => (typeof node.attrs[name] === "string" ? (node.attrs[name] as string) : "");
  const caption = text("caption");
  const editDetails = () => {
    const onEditDetails = extension.options.onEditDetails as
      | ((request: ImageDetailsRequest) => void)
      | undefined;
    onEditDetails?.({
      alt: text("alt"),
      caption,
      apply: (details) => {
        const next = details.caption.trim();
        updateAttributes({ alt: details.alt.trim(), caption: next || null });
      },
    });
  };
  return (
    <NodeViewWrapper
      as={caption ? "figure" : "div"}
      contentEditable={false}
      data-selected={selected}
      data-slot="editor-image"
      className="my-4 flex flex-col items-start gap-2 [&>img]:my-0 data-[selected=true]:[&>img]:outline-3 data-[selected=true]:[&>img]:outline-brand"
    >
      <img
        src={text("src")}
        alt={text("alt")}
        title={text("title") || undefined}
        width={node.attrs.width ?? undefined}
        height={node.attrs.height ?? undefined}
        data-drag-handle=""
      />
      {caption ? <figcaption dir="auto">{caption}</figcaption> : null}
      <Button variant="secondary" size="sm" onClick={editDetails}>
        {t("admin.editorBlocks.imageDetails.edit")}
      </Button>
    </NodeViewWrapper>
  );
}
