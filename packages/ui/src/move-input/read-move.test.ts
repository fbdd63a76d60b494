import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { readTypedMove, suggestTypedMoves } from "./read-move";

const legal = (fen: string) => new Chess(fen).moves({ verbose: true });
const read = (fen: string, text: string) => {
  const reading = readTypedMove(text, legal(fen));
  if (reading.kind === "move") return reading.move.lan;
  if (reading.kind === "ambiguous") return reading.candidates.map((move) => move.san);
  return reading.kind;
};

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/** Both white knights reach d2; the c-pawn can take on b3; White can castle either way. */
const MIDDLE = "r3k2r/8/8/8/2N5/1p3N2/2P5/R3K2R w KQkq - 0 1";
/** White's pawn on e7 can promote on e8 or take on d8 and f8. */
const PROMOTION = "3r1r2/4P3/8/8/8/8/8/4K1k1 w - - 0 1";

describe("a typed move", () => {
  it("reads standard notation, with or without its signs", () => {
    expect(read(START, "Nf3")).toBe("g1f3");
    expect(read(START, "e4")).toBe("e2e4");
    expect(read(START, "Nf3+")).toBe("g1f3");
    expect(read(START, "e4!?")).toBe("e2e4");
    expect(read(START, " Nf3 ")).toBe("g1f3");
    expect(read(MIDDLE, "cxb3")).toBe("c2b3");
    expect(read(MIDDLE, "cb3")).toBe("c2b3");
  });

  it("reads coordinates, a promotion's piece included", () => {
    expect(read(START, "g1f3")).toBe("g1f3");
    expect(read(START, "e2-e4")).toBe("e2e4");
    expect(read(PROMOTION, "e7e8n")).toBe("e7e8n");
    expect(read(PROMOTION, "e7d8=R")).toBe("e7d8r");
  });

  it("reads a promotion in SAN, and asks which piece when none is named", () => {
    expect(read(PROMOTION, "e8=N")).toBe("e7e8n");
    expect(read(PROMOTION, "e8n")).toBe("e7e8n");
    expect(read(PROMOTION, "exf8=Q")).toBe("e7f8q");
    expect(read(PROMOTION, "e8")).toEqual(["e8=Q", "e8=N", "e8=R", "e8=B"]);
    expect(read(PROMOTION, "e7e8")).toEqual(["e8=Q", "e8=N", "e8=R", "e8=B"]);
  });

  it("reads castling written with letters O or o, or zeros", () => {
    expect(read(MIDDLE, "O-O")).toBe("e1g1");
    expect(read(MIDDLE, "0-0-0")).toBe("e1c1");
    expect(read(MIDDLE, "oo")).toBe("e1g1");
    expect(read(START, "O-O")).toBe("illegal");
  });

  it("reads Arabic-Indic digits as the board's", () => {
    expect(read(START, "Nf٣")).toBe("g1f3");
    expect(read(START, "e۴")).toBe("e2e4");
    expect(read(START, "g١f٣")).toBe("g1f3");
  });

  it("lists the candidates of an ambiguous move", () => {
    expect(read(MIDDLE, "Nd2")).toEqual(["Ncd2", "Nfd2"]);
    expect(read(MIDDLE, "Ncd2")).toBe("c4d2");
    expect(read(MIDDLE, "N4d2")).toBe("c4d2");
  });

  it("takes a piece letter typed in lower case, a pawn's file first", () => {
    expect(read(START, "nf3")).toBe("g1f3");
    expect(read(MIDDLE, "nfd2")).toBe("f3d2");
    // "bxc3" is the b-pawn's when it can take there, else the bishop's.
    expect(read("4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1", "bxc3")).toBe("b2c3");
    expect(read("4k3/8/8/8/8/2p5/8/B3K3 w - - 0 1", "bxc3")).toBe("a1c3");
  });

  it("tells an impossible move from text that is not a move", () => {
    expect(read(START, "Nf4")).toBe("illegal");
    expect(read(START, "e5")).toBe("illegal");
    expect(read(START, "e2e5")).toBe("illegal");
    expect(read(START, "hello")).toBe("unreadable");
    expect(read(START, "z9")).toBe("unreadable");
    expect(read(START, "   ")).toBe("empty");
  });
});

describe("suggestions", () => {
  it("are the legal moves starting like the text, in any case, capture sign optional", () => {
    const sans = (fen: string, text: string) => suggestTypedMoves(text, legal(fen)).map((move) => move.san);
    expect(sans(START, "N")).toEqual(["Na3", "Nc3", "Nf3", "Nh3"]);
    expect(sans(START, "n")).toEqual(["Na3", "Nc3", "Nf3", "Nh3"]);
    expect(sans(START, "Nf")).toEqual(["Nf3"]);
    expect(sans(MIDDLE, "cb")).toEqual(["cxb3"]);
    expect(sans(START, "g1")).toEqual(["Nf3", "Nh3"]);
    expect(sans(START, "")).toEqual([]);
    expect(sans(START, "Qz")).toEqual([]);
  });
});
