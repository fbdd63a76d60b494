import { describe, expect, it } from "vitest";
import {
  ANIMATION_SPEEDS,
  animationSpeedOf,
  DEFAULT_BOARD_PREFERENCES,
  readBoardLook,
  withBoardLook,
} from "./board-look";

describe("the stored board look", () => {
  it("reads a stored theme and piece set", () => {
    expect(readBoardLook('{"boardTheme":"blue","pieceSet":"geometric"}')).toEqual({
      boardTheme: "blue",
      pieceSet: "geometric",
    });
  });

  it("keeps only what the board knows", () => {
    expect(readBoardLook('{"boardTheme":"wood","pieceSet":"classic"}')).toEqual({ pieceSet: "classic" });
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

describe("the stored promotion, orientation and sound (issue 42)", () => {
  it("reads every new theme and piece set, and the new settings", () => {
    for (const boardTheme of ["brown", "grey", "purple", "ice"])
      expect(readBoardLook(JSON.stringify({ boardTheme }))).toEqual({ boardTheme });
    for (const pieceSet of ["outline", "letters"])
      expect(readBoardLook(JSON.stringify({ pieceSet }))).toEqual({ pieceSet });
    expect(readBoardLook('{"autoQueen":true,"orientation":"white","soundOn":true,"volume":40}')).toEqual({
      autoQueen: true,
      orientation: "white",
      soundOn: true,
      volume: 40,
    });
  });

  it("keeps only values the board can take", () => {
    expect(
      readBoardLook('{"autoQueen":"yes","orientation":"black","soundOn":1,"volume":101,"boardTheme":"wood"}'),
    ).toEqual({});
    expect(readBoardLook('{"volume":-1}')).toEqual({});
    expect(readBoardLook('{"volume":12.5}')).toEqual({});
    expect(readBoardLook('{"volume":0,"orientation":"auto"}')).toEqual({ volume: 0, orientation: "auto" });
  });

  it("reads an account's older document, without the new keys, as it did", () => {
    const older = '{"boardTheme":"blue","pieceSet":"geometric","showCoordinates":false}';
    expect(readBoardLook(older)).toEqual({
      boardTheme: "blue",
      pieceSet: "geometric",
      showCoordinates: false,
    });
    expect(readBoardLook(withBoardLook(older, { autoQueen: true }))).toEqual({
      boardTheme: "blue",
      pieceSet: "geometric",
      showCoordinates: false,
      autoQueen: true,
    });
  });

  it("offers four animation speeds, and shows a stored duration as the nearest", () => {
    expect(ANIMATION_SPEEDS).toEqual({ off: 0, fast: 150, normal: 300, slow: 600 });
    expect(animationSpeedOf(0)).toBe("off");
    expect(animationSpeedOf(300)).toBe("normal");
    expect(animationSpeedOf(500)).toBe("slow");
    expect(animationSpeedOf(1000)).toBe("slow");
    expect(animationSpeedOf(100)).toBe("fast");
  });

  it("defaults to asking at a promotion, the side to move at the bottom, and no sound", () => {
    expect(DEFAULT_BOARD_PREFERENCES).toMatchObject({
      autoQueen: false,
      orientation: "auto",
      soundOn: false,
    });
  });
});
