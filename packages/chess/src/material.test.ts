import { describe, expect, it } from "vitest";
import { START_FEN } from "./fen";
import { advantageLabel, materialOf } from "./material";
import { phaseOf } from "./phase";

describe("materialOf", () => {
  it("counts the spec's values", () => {
    expect(materialOf(START_FEN)).toEqual({ white: 39, black: 39, balance: 0 });
    expect(materialOf("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1")).toEqual({ white: 6, black: 0, balance: 6 });
  });
});

describe("advantageLabel", () => {
  it("uses the spec's thresholds (strictly over)", () => {
    expect(advantageLabel(6)).toBe("winning");
    expect(advantageLabel(5)).toBe("clear");
    expect(advantageLabel(-2)).toBe("clear");
    expect(advantageLabel(1.5)).toBe("slight");
    expect(advantageLabel(0.5)).toBe("equal");
    expect(advantageLabel(0)).toBe("equal");
  });
});

describe("phaseOf", () => {
  it("divides games as lichess does", () => {
    expect(phaseOf(START_FEN)).toBe("opening");
    // Lucena position: rooks only.
    expect(phaseOf("1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1")).toBe("endgame");
    // Twelve pieces, but both sides castled long with their back ranks thinned out.
    expect(phaseOf("2kr3r/ppp2ppp/2n1bn2/2b1p3/2B1P3/2N1BN2/PPP2PPP/2KR3R w - - 0 10")).toBe("middlegame");
    // Twelve pieces, four still on each back rank: still the opening.
    expect(phaseOf("r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2N1PN2/PP2BPPP/R2Q1RK1 w - - 0 10")).toBe("opening");
    // Eight pieces left.
    expect(phaseOf("r1bqk2r/8/8/8/8/8/8/R1B1KB1R w - - 0 1")).toBe("middlegame");
  });
});
