import { describe, expect, it } from "vitest";
import { readBoardLook, withBoardLook } from "./board-look";

describe("the stored board look", () => {
  it("reads a stored theme and piece set", () => {
    expect(readBoardLook('{"boardTheme":"blue","pieceSet":"geometric"}')).toEqual({
      boardTheme: "blue",
      pieceSet: "geometric",
    });
  });

  it("keeps only what the board knows", () => {
    expect(readBoardLook('{"boardTheme":"purple","pieceSet":"classic"}')).toEqual({ pieceSet: "classic" });
    expect(readBoardLook('{"boardTheme":"__proto__"}')).toEqual({});
  });

  it("reads nothing from nothing, or from something broken", () => {
    expect(readBoardLook(null)).toEqual({});
    expect(readBoardLook("not json")).toEqual({});
    expect(readBoardLook("[1]")).toEqual({});
    expect(readBoardLook('"blue"')).toEqual({});
  });
});

describe("the stored board settings", () => {
  it("reads the switches and the animation the player chose", () => {
    expect(
      readBoardLook(
        '{"showCoordinates":false,"showLegalMoves":false,"showLastMove":true,"highlightCheck":false,"animationDuration":0}',
      ),
    ).toEqual({
      showCoordinates: false,
      showLegalMoves: false,
      showLastMove: true,
      highlightCheck: false,
      animationDuration: 0,
    });
  });

  it("keeps only settings the board can take", () => {
    expect(readBoardLook('{"showCoordinates":"no","animationDuration":-5}')).toEqual({});
    expect(readBoardLook('{"animationDuration":1e9}')).toEqual({});
    expect(readBoardLook('{"animationDuration":12.5,"showHints":true}')).toEqual({});
  });

  it("keeps the stored rest when one part changes", () => {
    const stored = withBoardLook(null, { boardTheme: "blue", showCoordinates: false });
    expect(readBoardLook(withBoardLook(stored, { pieceSet: "geometric" }))).toEqual({
      boardTheme: "blue",
      pieceSet: "geometric",
      showCoordinates: false,
    });
    expect(readBoardLook(withBoardLook(stored, { showCoordinates: true, animationDuration: 500 }))).toEqual({
      boardTheme: "blue",
      showCoordinates: true,
      animationDuration: 500,
    });
  });
});
