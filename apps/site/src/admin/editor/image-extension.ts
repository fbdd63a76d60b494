import Image from "@tiptap/extension-image";
import { type Editor, mergeAttributes, ReactNodeViewRenderer } from "@tiptap/react";
import { ImageView } from "./node-views";

/** An image's texts being edited in the image dialog, and what to do with the new ones. */
export interface ImageDetailsRequest {
  alt: string;
  caption: string;
  apply: (details: { alt: string; caption: string }) => void;
}

/** The image inside a `<figure>` (an image with a caption), or the element itself (a plain `<img>`). */
function imageOf(element: HTMLElement): HTMLElement | null {
  return element.tagName === "FIGURE" ? element.querySelector("img") : element;
}

/** An attribute read from the image, whichever of the two forms holds it. */
const fromImage = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => imageOf(element)?.getAttribute(name) ?? null,
});

/**
 * Block images (spec section 3: not inline, no base64) with alt text and an optional caption. An image with a caption
 * is stored as `<figure><img src alt><figcaption dir="auto">caption</figcaption></figure>` (the caption picks its
 * direction from its own text, like paragraphs); without one, as a plain `<img>`. The sanitiser keeps both.
 * `onEditDetails` opens the dialog for an image's alt text and caption (its node view's button asks for it).
 */
export const CaptionedImage = Image.extend<{
  inline: boolean;
  allowBase64: boolean;
  HTMLAttributes: Record<string, unknown>;
  resize: false;
  onEditDetails: (request: ImageDetailsRequest) => void;
}>({
  addOptions() {
    return {
      inline: false,
      allowBase64: false,
      HTMLAttributes: {},
      resize: false,
      onEditDetails: () => {},
    };
  },
  addAttributes() {
    return {
      src: fromImage("src"),
      alt: fromImage("alt"),
      title: fromImage("title"),
      width: fromImage("width"),
      height: fromImage("height"),
      caption: {
        default: null,
        parseHTML: (element) =>
          element.tagName === "FIGURE"
            ? element.querySelector("figcaption")?.textContent?.trim() || null
            : null,
        rendered: false,
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: "figure",
        // A figure without an acceptable image is not an image block: its content is read as usual.
        getAttrs: (element) => {
          const src = element.querySelector("img")?.getAttribute("src");
          return src && !src.startsWith("data:") ? null : false;
        },
      },
      { tag: 'img[src]:not([src^="data:"])' },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const image: [string, Record<string, unknown>] = [
      "img",
      mergeAttributes(this.options.HTMLAttributes, HTMLAttributes),
    ];
    const caption = typeof node.attrs.caption === "string" ? node.attrs.caption : "";
    return caption ? ["figure", image, ["figcaption", { dir: "auto" }, caption]] : image;
  },
  addNodeView() {
    return ReactNodeViewRenderer(ImageView);
  },
});

/**
 * The image block nearest before `near` whose source is `src` (the one just inserted sits right before the cursor),
 * or any with that source; null when there is none (it was deleted meanwhile).
 */
export function findImage(editor: Editor, src: string, near: number): number | null {
  let best: number | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name !== "image" || node.attrs.src !== src) return;
    if (best === null || (pos <= near && pos > best)) best = pos;
  });
  return best;
}

/** Sets the alt text and caption of the image block at `pos` (an empty caption removes it). */
export function setImageDetails(editor: Editor, pos: number, details: { alt: string; caption: string }) {
  const caption = details.caption.trim();
  editor
    .chain()
    .setNodeSelection(pos)
    .updateAttributes("image", { alt: details.alt.trim(), caption: caption || null })
    .focus()
    .run();
}
