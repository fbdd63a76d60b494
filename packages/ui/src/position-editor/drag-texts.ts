import * as React from "react";
import { PIECE_CODES, type PieceCode } from "../board";

/**
 * What screen readers get around dragging, in the page's language. `{piece}` and `{square}` are filled in.
 */
export interface DragTexts {
  /** The description of the draggable pieces, e.g. "Drag a piece from the palette onto a square to place it, ...". */
  instructions: string;
  /** e.g. "Picked up {piece} from {square}." */
  pickedUp: string;
  /** e.g. "Picked up {piece} from the palette." */
  pickedUpFromPalette: string;
  /** e.g. "{piece} over {square}." */
  over: string;
  /** e.g. "{piece} is off the board." */
  offBoard: string;
  /** e.g. "{piece} dropped on {square}." */
  dropped: string;
  /** A board piece dropped off the board, e.g. "{piece} taken off the board." */
  removed: string;
  /** e.g. "Drag cancelled." */
  cancelled: string;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);

const isPieceCode = (id: string): id is PieceCode => (PIECE_CODES as readonly string[]).includes(id);

/**
 * dnd-kit's English announcements (the defaults of the copy react-chessboard bundles, which takes no announcements
 * of its own) in the page's language. A dragged item's id is its square on the board, or its piece code in the
 * palette. `pieceOn` names the piece on a square when the drag started. Unknown text gives "": never English.
 */
export function translateDragAnnouncement(
  english: string,
  texts: DragTexts,
  pieceLabels: Record<PieceCode, string>,
  pieceOn: (square: string) => PieceCode | undefined,
): string {
  const name = (id: string) => {
    const code = isPieceCode(id) ? id : pieceOn(id);
    return code ? pieceLabels[code] : id;
  };
  let match = /^Picked up draggable item (\S+)\.$/.exec(english);
  if (match?.[1]) {
    const id = match[1];
    return isPieceCode(id)
      ? fill(texts.pickedUpFromPalette, { piece: name(id) })
      : fill(texts.pickedUp, { piece: name(id), square: id });
  }
  match = /^Draggable item (\S+) was moved over droppable area (\S+)\.$/.exec(english);
  if (match?.[1] && match[2]) return fill(texts.over, { piece: name(match[1]), square: match[2] });
  match = /^Draggable item (\S+) is no longer over a droppable area\.$/.exec(english);
  if (match?.[1]) return fill(texts.offBoard, { piece: name(match[1]) });
  match = /^Draggable item (\S+) was dropped over droppable area (\S+?)\.?$/.exec(english);
  if (match?.[1] && match[2]) return fill(texts.dropped, { piece: name(match[1]), square: match[2] });
  if (/^Dragging was cancelled\./.test(english)) return texts.cancelled;
  match = /^Draggable item (\S+) was dropped\.$/.exec(english);
  if (match?.[1]) {
    // Off the board: a board piece is taken off; a palette piece goes back.
    return isPieceCode(match[1]) ? texts.cancelled : fill(texts.removed, { piece: name(match[1]) });
  }
  return "";
}

function setText(element: Element, text: string) {
  if (element.textContent === text) return;
  const only = element.childNodes.length === 1 ? element.firstChild : null;
  // React owns the text node: change its value rather than replace it, so React's next update still lands.
  if (only && only.nodeType === Node.TEXT_NODE) only.nodeValue = text;
  else element.textContent = text;
}

/**
 * Puts dnd-kit's screen-reader texts into the page's language: the description of the draggable pieces
 * (`#dnd-{boardId}`) and the live region where it announces drags, which stays readable (the boards hide dnd-kit's
 * regions: see useQuietDraggables). react-chessboard renders dnd-kit without a way to pass its
 * `screenReaderInstructions` and `announcements`, so they are set on its nodes as they change.
 */
export function useDragTexts(
  rootRef: React.RefObject<HTMLElement | null>,
  boardId: string,
  texts: DragTexts,
  pieceLabels: Record<PieceCode, string>,
  pieces: Readonly<Record<string, PieceCode>>,
) {
  const latest = React.useRef({ texts, pieceLabels, pieces });
  React.useLayoutEffect(() => {
    latest.current = { texts, pieceLabels, pieces };
  });
  // The piece a drag started with, by its square: after the drop the board no longer has it there.
  const dragged = React.useRef<Record<string, PieceCode>>({});
  const textsKey = JSON.stringify([texts, pieceLabels]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts are read through `latest`; textsKey re-syncs them
  React.useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const own = new WeakMap<Element, string>();
    const sync = () => {
      const { texts, pieceLabels, pieces } = latest.current;
      const instructions = root.ownerDocument.getElementById(`dnd-${boardId}`);
      if (instructions && root.contains(instructions)) setText(instructions, texts.instructions);
      for (const region of root.querySelectorAll("[id^=DndLiveRegion-]")) {
        if (region.getAttribute("aria-hidden") === "true") region.removeAttribute("aria-hidden");
        const text = region.textContent ?? "";
        if (text === "" || own.get(region) === text) continue;
        // Remember the dragged piece while its square still has it (after the drop it is gone from there).
        const active = /draggable item (\S+?)\.? /i.exec(`${text} `)?.[1];
        const piece = active ? pieces[active] : undefined;
        if (active && piece) dragged.current = { [active]: piece };
        const translated = translateDragAnnouncement(
          text,
          texts,
          pieceLabels,
          (square) => dragged.current[square] ?? pieces[square],
        );
        own.set(region, translated);
        setText(region, translated);
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["aria-hidden"],
    });
    return () => observer.disconnect();
  }, [rootRef, boardId, textsKey]);
}
