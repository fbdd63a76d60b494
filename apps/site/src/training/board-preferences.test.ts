import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD_PREFERENCES } from "./board-look";
import { boardPreferenceProps } from "./board-preferences";

describe("the props every interactive board takes from the player's preferences", () => {
  it("ask for the promotion piece by default, and promote to a queen at once when the player chose so", () => {
    expect(boardPreferenceProps(DEFAULT_BOARD_PREFERENCES).autoQueen).toBe(false);
    expect(boardPreferenceProps({ ...DEFAULT_BOARD_PREFERENCES, autoQueen: true }).autoQueen).toBe(true);
  });

  it("turn the board to the page's side unless the player keeps White at the bottom", () => {
    expect(boardPreferenceProps(DEFAULT_BOARD_PREFERENCES, "black").orientation).toBe("black");
    expect(
      boardPreferenceProps({ ...DEFAULT_BOARD_PREFERENCES, orientation: "white" }, "black").orientation,
    ).toBe("white");
  });

  it("carry the look, the highlights and the animation as chosen", () => {
    const chosen = {
      ...DEFAULT_BOARD_PREFERENCES,
      boardTheme: "purple",
      pieceSet: "letters",
      showCoordinates: false,
      animationDuration: 0,
    } as const;
    expect(boardPreferenceProps(chosen)).toMatchObject({
      boardTheme: "purple",
      pieceSet: "letters",
      showCoordinates: false,
      animationDurationInMs: 0,
    });
  });
});
