import { START_FEN } from "@ct/chess";
import { isAllowedLinkUrl } from "@ct/contract";
import Link from "@tiptap/extension-link";
import { Placeholder } from "@tiptap/extensions";
import {
  type AnyExtension,
  type Editor,
  Extension,
  mergeAttributes,
  Node,
  ReactNodeViewRenderer,
} from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { CaptionedImage, type ImageDetailsRequest } from "./image-extension";
import { ChessDiagramView, YouTubeView } from "./node-views";
import { TableExtensions } from "./table-extension";

/**
 * A chess position (spec section 3, editor content blocks): an atom block stored as
 * `<div data-type="chess-diagram" data-fen="...">`, the standard start position by default. The editor shows the
 * board itself.
 */
export const ChessDiagramNode = Node.create({
  name: "chessDiagram",
  group: "block",
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      fen: {
        default: START_FEN,
        parseHTML: (element) => element.getAttribute("data-fen") || START_FEN,
        renderHTML: (attributes) => ({ "data-fen": attributes.fen }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-type="chess-diagram"]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["div", mergeAttributes({ "data-type": "chess-diagram" }, HTMLAttributes)];
  },
  addNodeView() {
    return ReactNodeViewRenderer(ChessDiagramView);
  },
});

/**
 * A YouTube video (spec section 3): an atom, draggable block stored as `<div data-type="youtube" data-src="...">`.
 * The editor shows the player.
 */
export const YouTubeNode = Node.create({
  name: "youtube",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      src: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-src"),
        renderHTML: (attributes) => (attributes.src ? { "data-src": attributes.src } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-type="youtube"][data-src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["div", mergeAttributes({ "data-type": "youtube" }, HTMLAttributes)];
  },
  addNodeView() {
    return ReactNodeViewRenderer(YouTubeView);
  },
});

/** Ctrl+K (⌘K on a Mac) asks for the link dialog, as in most editors. */
const LinkShortcut = Extension.create<{ onLink: (editor: Editor) => void }>({
  name: "linkShortcut",
  addOptions() {
    return { onLink: () => {} };
  },
  addKeyboardShortcuts() {
    return {
      "Mod-k": () => {
        this.options.onLink(this.editor);
        return true;
      },
    };
  },
});

/** The blocks whose direction follows their own text: an Arabic paragraph in an English post runs right to left. */
const AUTO_DIRECTION_TYPES = ["paragraph", "heading", "listItem", "bulletList", "orderedList"];

/**
 * `dir="auto"` on paragraphs, headings, lists and list items: each takes its direction from its first strong letter,
 * in the editor and on the post (the sanitiser keeps dir: auto, ltr or rtl). A dir the HTML has already is kept.
 * Tiptap 3's editor option `textDirection: "auto"` was not used: it puts dir on every node (images, diagrams, videos,
 * table rows, rules) and on the editor itself, whose direction is the post language's.
 */
const AutoDirection = Extension.create({
  name: "autoDirection",
  addGlobalAttributes() {
    return [
      {
        types: AUTO_DIRECTION_TYPES,
        attributes: {
          dir: {
            default: "auto",
            parseHTML: (element) => {
              const dir = element.getAttribute("dir")?.toLowerCase();
              return dir === "ltr" || dir === "rtl" ? dir : "auto";
            },
            renderHTML: (attributes) => ({ dir: attributes.dir ?? "auto" }),
          },
        },
      },
    ];
  },
});

/**
 * Links end where they end: text typed right after a link is plain text (Link's default `inclusive` follows its
 * autolink option, which is on, so typing after a link extended it).
 */
const ExclusiveLink = Link.extend({ inclusive: false });

/**
 * The editor's extensions (spec sections 3 and 9): headings 1-6, undo history of 100 steps grouped by 500 ms, the
 * placeholder, links (only to addresses the server's sanitiser keeps, stored as it stores them: no target, rel
 * "noopener noreferrer"; not extended by typing after them), paragraphs that pick their own direction, block images
 * without base64 with alt text and an optional caption, code blocks, horizontal rules, tables, and the chess-diagram
 * and YouTube blocks.
 */
export function editorExtensions(options: {
  placeholder: string | (() => string);
  /** Ctrl+K: open the link dialog. */
  onLink: (editor: Editor) => void;
  /** An image's "Alt text and caption" button: open the image dialog. */
  onImageDetails?: (request: ImageDetailsRequest) => void;
}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      undoRedo: { depth: 100, newGroupDelay: 500 },
      link: false,
    }),
    ExclusiveLink.configure({
      openOnClick: false,
      defaultProtocol: "https",
      HTMLAttributes: { target: null, rel: "noopener noreferrer", class: null },
      isAllowedUri: (url) => isAllowedLinkUrl(url),
    }),
    AutoDirection,
    LinkShortcut.configure({ onLink: options.onLink }),
    Placeholder.configure({ placeholder: options.placeholder }),
    CaptionedImage.configure({
      inline: false,
      allowBase64: false,
      ...(options.onImageDetails ? { onEditDetails: options.onImageDetails } : {}),
    }),
    ...TableExtensions,
    ChessDiagramNode,
    YouTubeNode,
  ];
}
