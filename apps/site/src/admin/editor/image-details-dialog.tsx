import { InsertDialog } from "@ct/ui";
import type { Editor } from "@tiptap/react";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { findImage, type ImageDetailsRequest, setImageDetails } from "./image-extension";

/** An open image dialog: the image's texts, what Apply does, and where the focus goes afterwards. */
type OpenRequest = ImageDetailsRequest & { id: number; afterClose?: (() => void) | undefined };

/** How long a picked file may take to upload and still get the dialog once its image is in. */
const ASK_WINDOW_MS = 60_000;

/**
 * The image dialog's state for one editor screen: the image being described (null while closed), and whether the
 * next uploaded image should open it (one file picked with Insert Image; a paste or a drop does not ask).
 */
export function createImageDetailsStore() {
  let current: OpenRequest | null = null;
  let askedAt = 0;
  let count = 0;
  const listeners = new Set<() => void>();
  const set = (next: OpenRequest | null) => {
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => current,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open: (request: ImageDetailsRequest & { afterClose?: () => void }) => set({ ...request, id: ++count }),
    close: () => set(null),
    /** The file picked with Insert Image: its image opens the dialog once it is in the document. */
    askForNext: () => {
      askedAt = Date.now();
    },
    /** Whether the image just inserted is the one picked (at most once per pick). */
    takeAsk: () => {
      const asked = askedAt > 0 && Date.now() - askedAt < ASK_WINDOW_MS;
      askedAt = 0;
      return asked;
    },
  };
}

export type ImageDetailsStore = ReturnType<typeof createImageDetailsStore>;

/** Opens the dialog on the image just inserted from `src` (right before the cursor); afterwards the admin writes on. */
export function askInsertedImageDetails(editor: Editor, store: ImageDetailsStore, src: string) {
  const at = findImage(editor, src, editor.state.selection.from);
  const node = at === null ? null : editor.state.doc.nodeAt(at);
  if (at === null || !node) return;
  store.open({
    alt: typeof node.attrs.alt === "string" ? node.attrs.alt : "",
    caption: typeof node.attrs.caption === "string" ? node.attrs.caption : "",
    apply: (details) => {
      // Found again: another upload may have finished meanwhile and moved it.
      const now = findImage(editor, src, at);
      if (now !== null) setImageDetails(editor, now, details);
    },
    afterClose: () => editor.commands.focus(),
  });
}

/**
 * The image dialog: alt text (required: Apply waits for it) and an optional caption, both typed in either language.
 * Opened by an image's "Alt text and caption" button, and by an image picked with Insert Image once it is in.
 */
export function ImageDetailsDialog({ store }: { store: ImageDetailsStore }) {
  const request = useSyncExternalStore(store.subscribe, store.get, store.get);
  return request ? <OpenDialog key={request.id} request={request} store={store} /> : null;
}

function OpenDialog({ request, store }: { request: OpenRequest; store: ImageDetailsStore }) {
  const { t } = useTranslation();
  const [alt, setAlt] = useState(request.alt);
  const [caption, setCaption] = useState(request.caption);
  const [open, setOpen] = useState(true);
  return (
    <InsertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setOpen(false);
      }}
      title={t("admin.editorBlocks.imageDetails.title")}
      description={t("admin.editorBlocks.imageDetails.description")}
      inputLabel={t("admin.editorBlocks.imageDetails.altLabel")}
      placeholder={t("admin.editorBlocks.imageDetails.altPlaceholder")}
      inputDir="auto"
      value={alt}
      onValueChange={setAlt}
      extraField={{
        label: t("admin.editorBlocks.imageDetails.captionLabel"),
        placeholder: t("admin.editorBlocks.imageDetails.captionPlaceholder"),
        value: caption,
        onValueChange: setCaption,
      }}
      onConfirm={() => {
        request.apply({ alt, caption });
        setOpen(false);
      }}
      cancelLabel={t("admin.editor.dialog.cancel")}
      insertLabel={t("admin.editorBlocks.imageDetails.apply")}
      onCloseAutoFocus={(event) => {
        store.close();
        // Opened by an image's button: the focus goes back to it. Opened by an upload: back into the document.
        if (!request.afterClose) return;
        event.preventDefault();
        request.afterClose();
      }}
    />
  );
}
