import type { RefutationSummary } from "@ct/chess";
import { describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { refutationSentence } from "./refutation-text";

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
