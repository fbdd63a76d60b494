import type { RefutationSummary } from "@ct/chess";
import { createI18n } from "@ct/texts";
import { describe, expect, it } from "vitest";
import { numberedLine, refutationSentence } from "./refutation-text";

const en = createI18n("en").t;
const ar = createI18n("ar").t;

describe("refutationSentence", () => {
  it("names the piece won, or the points when it is not one piece", () => {
    const queen: RefutationSummary = {
      kind: "material",
      reply: "Bxg4",
      line: ["Bxg4"],
      material: { points: 9, piece: "queen" },
    };
    expect(refutationSentence(en, "Qg4", queen)).toBe(
      "After Qg4, your opponent answers Bxg4 and wins a queen.",
    );
    expect(refutationSentence(ar, "Qg4", queen)).toBe("بعد Qg4، يردّ خصمك بـ Bxg4 ويكسب وزيرًا.");
    const exchange: RefutationSummary = { ...queen, material: { points: 2, piece: "exchange" } };
    expect(refutationSentence(en, "Re5", exchange)).toBe(
      "After Re5, your opponent answers Bxg4 and wins the exchange.",
    );
    const points: RefutationSummary = { ...queen, material: { points: 4 } };
    expect(refutationSentence(en, "Qd4", points)).toBe(
      "After Qd4, your opponent answers Bxg4 and wins material (+4).",
    );
  });

  it("says mate in N, a clear advantage, or just the best answer", () => {
    const mate: RefutationSummary = { kind: "mate", reply: "Rd1#", line: ["Rd1#"], mateIn: 1 };
    expect(refutationSentence(en, "Re2", mate)).toBe("After Re2, your opponent answers Rd1# with mate in 1.");
    expect(refutationSentence(ar, "Re2", mate)).toBe("بعد Re2، يردّ خصمك بـ Rd1# ويفرض كش مات في 1.");
    const advantage: RefutationSummary = { kind: "advantage", reply: "Nf6", line: ["Nf6"] };
    expect(refutationSentence(en, "h3", advantage)).toBe(
      "After h3, your opponent answers Nf6 and keeps a clear advantage.",
    );
    const reply: RefutationSummary = { kind: "reply", reply: "Nf6", line: ["Nf6"] };
    expect(refutationSentence(en, "h3", reply)).toBe("After h3, your opponent's best answer is Nf6.");
    expect(refutationSentence(ar, "h3", reply)).toBe("بعد h3، أفضل ردّ لخصمك هو Nf6.");
  });
});

describe("numberedLine", () => {
  it("numbers from the position's fullmove, the wrong move first with a question mark", () => {
    const white = "3r2k1/5ppp/8/3Q4/8/8/P4PPP/3R2K1 w - - 0 23";
    expect(numberedLine(white, "Qd7", ["Rxd7", "a4", "cxd4"])).toBe("23. Qd7? Rxd7 24. a4 cxd4");
    expect(numberedLine(white, "Qd7", ["Rxd7"])).toBe("23. Qd7? Rxd7");
  });

  it("starts with an ellipsis when black went wrong", () => {
    const black = "3r2k1/5ppp/8/3q4/8/8/P4PPP/3R2K1 b - - 0 23";
    expect(numberedLine(black, "Qd2", ["Rxd2", "h6", "Rd8+"])).toBe("23... Qd2? 24. Rxd2 h6 25. Rd8+");
  });

  it("keeps a mark already there, the reply alone, and a short FEN from move 1", () => {
    expect(numberedLine("8/8/8/8/8/8/8/K6k w - - 0 7", "Kb2?", [])).toBe("7. Kb2?");
    expect(numberedLine("4k3/8/8/8/8/8/8/4K3 b", "Kd7", ["Kd2"])).toBe("1... Kd7? 2. Kd2");
  });

  it("counts in Western digits, the same for both languages", () => {
    expect(numberedLine("4k3/8/8/8/8/8/8/4K3 w - - 0 112", "Kd2", ["Kd7"])).toMatch(/^112\. Kd2\? Kd7$/);
  });
});
