import { describe, expect, it } from "vitest";
import { describeRefutation, type EngineRefutation, sanLine } from "./refutation";

/** Positions after a hand-made wrong move; the opponent (black) is to move in each. */
const HANGING_QUEEN = "4k3/8/4p3/3Q4/8/8/8/4K3 b - - 0 1"; // white's queen stepped onto d5, next to the e6 pawn
const BACK_RANK = "3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"; // white's rook left the first rank: Rd1 mates
const ROOK_FOR_BISHOP = "4k3/2b5/8/4R3/3P4/8/8/4K3 b - - 0 1"; // Bxe5 dxe5 wins the exchange
const QUIET = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2"; // after 1.e4 e5 2.Nf3

function answer(reply: { uci: string; san: string }, line: string[], score: Partial<EngineRefutation> = {}) {
  return { reply, line, ...score } satisfies EngineRefutation;
}

describe("describeRefutation", () => {
  it("names the queen a hanging queen loses", () => {
    const summary = describeRefutation(
      HANGING_QUEEN,
      answer({ uci: "e6d5", san: "exd5" }, ["exd5", "Kd2"], { scoreCp: 880 }),
    );
    expect(summary).toEqual({
      kind: "material",
      reply: "exd5",
      line: ["exd5", "Kd2"],
      material: { points: 9, piece: "queen" },
    });
  });

  it("reports a mate in one before any material", () => {
    const summary = describeRefutation(
      BACK_RANK,
      answer({ uci: "d8d1", san: "Rd1#" }, ["Rd1#"], { mateIn: 1 }),
    );
    expect(summary).toEqual({ kind: "mate", reply: "Rd1#", line: ["Rd1#"], mateIn: 1 });
  });

  it("finds the mate on the board when the engine gives no mate score", () => {
    const summary = describeRefutation(BACK_RANK, answer({ uci: "d8d1", san: "Rd1#" }, ["Rd1#"]));
    expect(summary).toMatchObject({ kind: "mate", mateIn: 1 });
  });

  it("counts a rook for a bishop as the exchange after the recapture", () => {
    const summary = describeRefutation(
      ROOK_FOR_BISHOP,
      answer({ uci: "c7e5", san: "Bxe5" }, ["Bxe5", "dxe5"], { scoreCp: 190 }),
    );
    expect(summary).toMatchObject({ kind: "material", material: { points: 2, piece: "exchange" } });
  });

  it("names a single knight or pawn, and gives points only when the gain is not one piece", () => {
    const knight = describeRefutation(
      "4k3/8/8/3p4/2N1P3/8/8/4K3 b - - 0 1",
      answer({ uci: "d5c4", san: "dxc4" }, ["dxc4", "e5", "c3"], { scoreCp: 400 }),
    );
    expect(knight).toMatchObject({ kind: "material", material: { points: 3, piece: "knight" } });
    const pawn = describeRefutation(
      "4k3/8/8/3p4/2N1P3/8/8/4K3 b - - 0 1",
      answer({ uci: "d5e4", san: "dxe4" }, ["dxe4", "Ne3", "Kd7", "Kd2", "Kc6", "Ng4", "Kd5"], {
        scoreCp: 60,
      }),
    );
    expect(pawn).toMatchObject({ kind: "material", material: { points: 1, piece: "pawn" } });
    // The rook takes the queen and is taken back: 4 points, no single piece to name.
    const queenForRook = describeRefutation(
      "3rk3/8/8/8/3Q4/4P3/8/4K3 b - - 0 1",
      answer({ uci: "d8d4", san: "Rxd4" }, ["Rxd4", "exd4", "Ke7"], { scoreCp: 380 }),
    );
    expect(queenForRook).toEqual({
      kind: "material",
      reply: "Rxd4",
      line: ["Rxd4", "exd4", "Ke7"],
      material: { points: 4 },
    });
  });

  it("names the queen won even when a pawn is picked up later", () => {
    const summary = describeRefutation(
      "4k3/8/4p3/3Q4/8/8/P7/4K3 b - - 0 1",
      answer({ uci: "e6d5", san: "exd5" }, ["exd5", "a4", "Kd7", "a5", "Kc6", "a6", "Kb6", "a7", "Kxa7"], {
        scoreCp: 1000,
      }),
    );
    expect(summary).toMatchObject({ kind: "material", material: { points: 10, piece: "queen" } });
    expect(summary.line).toHaveLength(9);
  });

  it("counts the queen a line wins after first taking a pawn", () => {
    // Qxd4+ takes a pawn with check and attacks the queen on a1 along the diagonal.
    const summary = describeRefutation(
      "3qk3/8/8/8/3P4/8/8/Q5K1 b - - 0 1",
      answer({ uci: "d8d4", san: "Qxd4+" }, ["Qxd4+", "Kh1", "Qxa1+", "Kh2"], { scoreCp: 1000 }),
    );
    expect(summary).toEqual({
      kind: "material",
      reply: "Qxd4+",
      line: ["Qxd4+", "Kh1", "Qxa1+", "Kh2"],
      material: { points: 10, piece: "queen" },
    });
  });

  it("finds the rook a quiet forking check wins two half-moves later", () => {
    const summary = describeRefutation(
      "4k3/8/8/8/3n4/8/8/R3K3 b - - 0 1",
      answer({ uci: "d4c2", san: "Nc2+" }, ["Nc2+", "Kd2", "Nxa1", "Kc1"], { scoreCp: 600 }),
    );
    expect(summary.line).toHaveLength(4);
    expect(summary).toMatchObject({
      kind: "material",
      reply: "Nc2+",
      material: { points: 5, piece: "rook" },
    });
  });

  it("does not claim a pawn the opponent wins back", () => {
    const summary = describeRefutation(
      "4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1",
      answer({ uci: "d5e4", san: "dxe4" }, ["dxe4", "Kd2", "Kd7", "Ke3", "Kd6", "Kxe4", "Ke6"], {
        scoreCp: 60,
      }),
    );
    expect(summary).toEqual({
      kind: "reply",
      reply: "dxe4",
      line: ["dxe4", "Kd2", "Kd7", "Ke3", "Kd6", "Kxe4", "Ke6"],
    });
  });

  it("ignores material the line wins only after ten half-moves", () => {
    const summary = describeRefutation(
      "4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1",
      answer(
        { uci: "e8d7", san: "Kd7" },
        ["Kd7", "Kd2", "Ke6", "Ke3", "Kd6", "Kd4", "Ke6", "Ke3", "Kd6", "Kd4", "dxe4"],
        { scoreCp: 250 },
      ),
    );
    expect(summary).toMatchObject({ kind: "advantage", reply: "Kd7" });
    expect(summary.line.at(-1)).toBe("dxe4");
  });

  it("claims no material when the engine calls the position equal", () => {
    const summary = describeRefutation(
      HANGING_QUEEN,
      answer({ uci: "e6d5", san: "exd5" }, ["exd5", "Kd2"], { scoreCp: 30 }),
    );
    expect(summary.kind).toBe("reply");
  });

  it("counts a bishop for a knight as no material won", () => {
    const summary = describeRefutation(
      "4k3/2b5/8/4N3/3P4/8/8/4K3 b - - 0 1",
      answer({ uci: "c7e5", san: "Bxe5" }, ["Bxe5", "dxe5"], { scoreCp: 40 }),
    );
    expect(summary).toEqual({ kind: "reply", reply: "Bxe5", line: ["Bxe5", "dxe5"] });
  });

  it("calls a quiet reply with a clear score a clear advantage, and a small edge just the best reply", () => {
    const clear = describeRefutation(
      QUIET,
      answer({ uci: "g8f6", san: "Nf6" }, ["Nf6", "Nc3"], { scoreCp: 180 }),
    );
    expect(clear).toEqual({ kind: "advantage", reply: "Nf6", line: ["Nf6", "Nc3"] });
    const edge = describeRefutation(
      QUIET,
      answer({ uci: "g8f6", san: "Nf6" }, ["Nf6", "Nc3"], { scoreCp: 35 }),
    );
    expect(edge).toEqual({ kind: "reply", reply: "Nf6", line: ["Nf6", "Nc3"] });
  });

  it("does not claim material when the engine says the reply still loses", () => {
    const summary = describeRefutation(
      HANGING_QUEEN,
      answer({ uci: "e6d5", san: "exd5" }, ["exd5"], { mateIn: -3 }),
    );
    expect(summary.kind).toBe("reply");
  });

  it("cuts the line at its first illegal move and falls back to the reply's coordinates", () => {
    const summary = describeRefutation(
      HANGING_QUEEN,
      answer({ uci: "e6d5", san: "exd5" }, ["e6xd5?!", "Qa1"], { scoreCp: 900 }),
    );
    expect(summary).toMatchObject({ kind: "material", reply: "exd5", line: ["exd5"] });
  });

  it("returns the engine's reply unchanged for a position it cannot read", () => {
    const summary = describeRefutation(
      "not a fen",
      answer({ uci: "e7e5", san: "e5" }, ["e5"], { scoreCp: 300 }),
    );
    expect(summary).toEqual({ kind: "reply", reply: "e5", line: ["e5"] });
  });
});

describe("sanLine", () => {
  it("writes coordinate moves in standard notation, castling and promotion included", () => {
    expect(sanLine("r5k1/4P3/8/8/8/8/8/4K2R w K - 0 1", ["e1g1", "a8a7", "e7e8q"])).toEqual([
      "O-O",
      "Ra7",
      "e8=Q+",
    ]);
  });

  it("stops at the first move that is not legal, and is empty for an invalid FEN", () => {
    expect(sanLine(HANGING_QUEEN, ["e6d5", "e1e3", "e8d7"])).toEqual(["exd5"]);
    expect(sanLine("8/8/8", ["e2e4"])).toEqual([]);
  });
});
