import { ar, en } from "@ct/texts";
import { describe, expect, it } from "vitest";
import { piecesOf } from "../board/board";
import {
  type BoardWords,
  fileWords,
  legalMoveWords,
  moveWords,
  rankWords,
  squareWords,
  textWithMoveWords,
} from "./speech";

const english = en.board.screenReader.words as BoardWords;
const arabic = ar.board.screenReader.words as BoardWords;
const START = piecesOf("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

describe("a move read as words", () => {
  it("in English", () => {
    expect(moveWords("Nxd5+", english)).toBe("knight takes d5, check");
    expect(moveWords("e4", english)).toBe("pawn to e4");
    expect(moveWords("O-O", english)).toBe("short castle");
    expect(moveWords("O-O-O+", english)).toBe("long castle, check");
    expect(moveWords("dxe8=N#", english)).toBe("pawn takes e8, promotes to a knight, checkmate");
    expect(moveWords("Rad1", english)).toBe("rook from a to d1");
    expect(moveWords("Qh4xe1!", english)).toBe("queen from h4 takes e1");
  });

  it("in Arabic, with the site's piece names and the squares as letter and digit", () => {
    expect(moveWords("Nxd5+", arabic)).toBe("الحصان يأخذ d5، كش");
    expect(moveWords("e4", arabic)).toBe("البيدق إلى e4");
    expect(moveWords("O-O", arabic)).toBe("تبييت قصير");
    expect(moveWords("dxe8=N#", arabic)).toBe("البيدق يأخذ e8، ويترقّى إلى حصان، كش مات");
  });

  it("gives back notation it cannot read", () => {
    expect(moveWords("--", english)).toBe("--");
  });
});

describe("the board read as words", () => {
  it("names a square and its piece", () => {
    expect(squareWords("g1", "wN", english)).toBe("g1, white knight");
    expect(squareWords("e4", undefined, english)).toBe("e4, empty");
    expect(squareWords("e8", "bK", arabic)).toBe("e8، ملك أسود");
  });

  it("reads a rank from a to h and a file from 1 to 8", () => {
    expect(rankWords(1, START, english)).toBe(
      "Rank 1: a1 white rook, b1 white knight, c1 white bishop, d1 white queen, e1 white king, f1 white bishop, g1 white knight, h1 white rook",
    );
    expect(rankWords(4, START, english)).toBe("Rank 4: no pieces");
    expect(fileWords("e", START, english)).toBe(
      "File e: e1 white king, e2 white pawn, e7 black pawn, e8 black king",
    );
    expect(fileWords("a", START, arabic)).toBe(
      "العمود a: a1 رخ أبيض، a2 بيدق أبيض، a7 بيدق أسود، a8 رخ أسود",
    );
  });

  it("reads a piece's legal moves", () => {
    expect(legalMoveWords("g1", "wN", ["Nf3", "Nh3"], english)).toBe(
      "g1, white knight: knight to f3, knight to h3",
    );
    expect(legalMoveWords("a1", "wR", [], english)).toBe("a1, white rook: no legal moves");
    expect(legalMoveWords("g1", "wN", ["Nf3"], arabic)).toBe("g1، حصان أبيض: الحصان إلى f3");
  });
});

describe("a sentence's moves read as words", () => {
  it("reads the moves and leaves bare squares and numbers", () => {
    expect(textWithMoveWords("The line 19. Qxf6+ Ke8 20. Qf7# mates; the queen on f7 wins.", english)).toBe(
      "The line 19. queen takes f6, check king to e8 20. queen to f7, checkmate mates; the queen on f7 wins.",
    );
    expect(textWithMoveWords("After exd5 and O-O, e8=Q+ wins.", english)).toBe(
      "After pawn takes d5 and short castle, pawn to e8, promotes to a queen, check wins.",
    );
    expect(textWithMoveWords("العب \u2066Bxh7#\u2069: كش مات.", arabic)).toBe(
      "العب الفيل يأخذ h7، كش مات: كش مات.",
    );
  });
});
