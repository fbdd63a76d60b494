import { describe, expect, it } from "vitest";
import { readBoardLook } from "./board-look";

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
