import { START_FEN } from "@ct/chess";
import { isAllowedLinkUrl } from "@ct/contract";
import Image from "@tiptap/extension-image";
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
import { ChessDiagramView, YouTubeView } from "./node-views";

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

/**
 * The editor's extensions (spec sections 3 and 9): headings 1-6, undo history of 100 steps grouped by 500 ms, the
 * placeholder, links (only to addresses the server's sanitiser keeps, stored as it stores them: no target, rel
 * "noopener noreferrer"), block images without base64, and the chess-diagram and YouTube blocks.
 */
export function editorExtensions(options: {
  placeholder: string | (() => string);
  /** Ctrl+K: open the link dialog. */
  onLink: (editor: Editor) => void;
}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      undoRedo: { depth: 100, newGroupDelay: 500 },
      link: {
        openOnClick: false,
        defaultProtocol: "https",
        HTMLAttributes: { target: null, rel: "noopener noreferrer", class: null },
        isAllowedUri: (url) => isAllowedLinkUrl(url),
      },
    }),
    LinkShortcut.configure({ onLink: options.onLink }),
    Placeholder.configure({ placeholder: options.placeholder }),
    Image.configure({ inline: false, allowBase64: false }),
    ChessDiagramNode,
    YouTubeNode,
  ];
}
