import { ar } from "@ct/texts/ar";
import { en } from "@ct/texts/en";
import { describe, expect, it } from "vitest";
import { translateDragAnnouncement } from "./drag-texts";

const board: Record<string, "wN" | "bQ"> = { g1: "wN", d8: "bQ" };

describe.each([
  ["en", en],
  ["ar", ar],
] as const)("dnd-kit's announcements in %s", (_, texts) => {
  const drag = texts.positionSetup.editor.drag;
  const pieces = texts.board.pieces;
  const say = (english: string) =>
    translateDragAnnouncement(english, drag, pieces, (square) => board[square]);

  it("names the piece and the squares of a drag from the board", () => {
    expect(say("Picked up draggable item g1.")).toBe(
      drag.pickedUp.replace("{piece}", pieces.wN).replace("{square}", "g1"),
    );
    expect(say("Draggable item g1 was moved over droppable area f3.")).toBe(
      drag.over.replace("{piece}", pieces.wN).replace("{square}", "f3"),
    );
    expect(say("Draggable item g1 was dropped over droppable area f3")).toBe(
      drag.dropped.replace("{piece}", pieces.wN).replace("{square}", "f3"),
    );
    expect(say("Draggable item d8 is no longer over a droppable area.")).toBe(
      drag.offBoard.replace("{piece}", pieces.bQ),
    );
    expect(say("Draggable item d8 was dropped.")).toBe(drag.removed.replace("{piece}", pieces.bQ));
  });

  it("names a palette piece by its code, and cancelled drags", () => {
    expect(say("Picked up draggable item bK.")).toBe(drag.pickedUpFromPalette.replace("{piece}", pieces.bK));
    expect(say("Draggable item bK was dropped.")).toBe(drag.cancelled);
    expect(say("Dragging was cancelled. Draggable item g1 was dropped.")).toBe(drag.cancelled);
  });

  it("never passes English through", () => {
    expect(say("Something dnd-kit says that we do not know")).toBe("");
  });
});
