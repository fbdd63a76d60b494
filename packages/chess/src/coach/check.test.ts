import { describe, expect, it } from "vitest";
import { type CoachInput, type CoachTexts, composeCoaching } from "../coach";
import { coachingProblems, hintProblems } from "./check";

// 1. Nxf7+ forks Kh8 and Qd8; after Kg8 Nxd8 the rook on a8 takes the knight back.
const FORK: CoachInput = {
  fen: "r2q3k/1p3ppp/8/4N3/8/8/PP3PPP/6K1 w - - 0 1",
  solution: ["e5f7", "h8g8", "f7d8"],
  themes: ["advantage", "fork", "middlegame"],
  cp: 650,
};
const MATE_IN_TWO: CoachInput = {
  fen: "6k1/5ppp/3b4/8/7q/8/4QPPP/4R1K1 b - - 3 12",
  solution: ["h4h2", "g1f1", "h2h1"],
  themes: ["kingsideAttack", "mate", "mateIn2"],
  mate: 2,
};

/** The composed texts with one English and one Arabic text changed. */
function edited(texts: CoachTexts, change: (text: string) => string): CoachTexts {
  return {
    ...texts,
    hints: {
      ...texts.hints,
      moderate_en: change(texts.hints.moderate_en),
      explicit_en: change(texts.hints.explicit_en),
    },
    explanation_en: change(texts.explanation_en),
  };
}

describe("coachingProblems", () => {
  it("finds nothing wrong with the composer's texts", () => {
    for (const input of [FORK, MATE_IN_TWO])
      expect(coachingProblems(input, composeCoaching(input))).toEqual([]);
  });

  it("catches a piece named on the wrong square, a wrong move and a wrong target", () => {
    const texts = composeCoaching(FORK);
    expect(texts.hints.moderate_en).toContain(
      "Your knight on e5 takes on f7 with check, attacking the queen on d8",
    );
    const wrongSquare = coachingProblems(
      FORK,
      edited(texts, (text) => text.replace("knight on e5", "knight on e4")),
    );
    expect(wrongSquare.join("\n")).toMatch(/level 2: your knight is not on e4/);
    expect(wrongSquare.join("\n")).toMatch(/no knight on e4 anywhere on the line/);
    const wrongMove = coachingProblems(FORK, {
      ...texts,
      hints: { ...texts.hints, explicit_en: "Play Nd7: it forks." },
    });
    expect(wrongMove.join("\n")).toMatch(/level 3 does not give Nxf7\+/);
    const wrongTarget = coachingProblems(
      FORK,
      edited(texts, (text) => text.replace("the queen on d8", "the rook on a8")),
    );
    expect(wrongTarget.join("\n")).toMatch(/the rook on a8 is not attacked by it/);
  });

  it("catches a wrong material count, outcome word and engine figure", () => {
    const texts = composeCoaching(FORK);
    expect(texts.explanation_en).toContain("wins a queen and a pawn for a knight.");
    const problems = coachingProblems(
      { ...FORK, cp: 150 },
      edited(texts, (text) =>
        text.replace("wins a queen and a pawn for a knight", "wins a rook for a knight"),
      ),
    ).join("\n");
    expect(problems).toMatch(/"wins a rook for a knight\." but the material changes by 7/);
    expect(problems).toMatch(
      /the figure "rates the final position 6.5 pawns better for White" does not match 150 cp/,
    );
  });

  it("catches a promoted pawn counted as the piece it became, and 'the exchange' for a rook against a queen", () => {
    // Library puzzle #9473: 54... b1=Q+ 55. Kxb1 takes back a pawn that had just become a queen.
    const pawnMarch: CoachInput = {
      fen: "8/8/8/5P2/1pk5/4K3/8/8 w - - 0 51",
      solution: ["f5f6", "b4b3", "e3d2", "c4d5", "f6f7", "b3b2", "d2c2", "b2b1q", "c2b1"],
      themes: ["endgame"],
    };
    const texts = composeCoaching(pawnMarch);
    expect(coachingProblems(pawnMarch, texts)).toEqual([]);
    const queen = edited(texts, (text) => text.replace("wins a pawn", "wins a queen")).explanation_en;
    expect(coachingProblems(pawnMarch, { ...texts, explanation_en: queen }).join("\n")).toMatch(
      /"wins a queen\." but the material changes by 1/,
    );
    const exchange = texts.explanation_en.replace("wins a pawn", "wins the exchange (a rook for a queen)");
    expect(coachingProblems(pawnMarch, { ...texts, explanation_en: exchange }).join("\n")).toMatch(
      /is not the exchange/,
    );
  });

  it("catches a pawn said to be a step from queening that is not, and a mistake that still wins", () => {
    const rookCheck: CoachInput = {
      fen: "6k1/6p1/4P2p/8/8/8/6PP/3R2K1 w - - 0 1",
      solution: ["d1d8"],
      themes: [],
    };
    const texts = composeCoaching(rookCheck);
    const queening = {
      ...texts,
      hints: {
        ...texts.hints,
        subtle_en: "One of your pawns is a step from queening: see how your rook helps it through.",
      },
    };
    expect(coachingProblems(rookCheck, queening).join("\n")).toMatch(
      /a pawn is a step from queening, but none/,
    );
    // Seed #47: 1. Qh5 still mates in 4, so "1. Qh5?" is no mistake.
    const seed47: CoachInput = {
      fen: "2bq1rk1/ppp2p1p/2n1p3/6N1/8/1P1B4/PBP1QPPP/5RK1 w - - 0 1",
      solution: ["d3h7"],
      themes: ["mate", "mateIn1"],
      mate: 1,
      alternative: { move: "e2h5", reply: "d8d3", mate: 4 },
    };
    const mate = composeCoaching(seed47);
    const claimed = {
      ...mate,
      explanation_en: `${mate.explanation_en} The natural-looking 1. Qh5? lets Black answer 1... Qxd3.`,
    };
    expect(coachingProblems(seed47, claimed).join("\n")).toMatch(/"1. Qh5\?" is called a mistake, but/);
  });

  it("catches a promised mate the line does not reach, or reaches in another number of moves", () => {
    const texts = composeCoaching(MATE_IN_TWO);
    const short = coachingProblems({ ...MATE_IN_TWO, solution: ["h4h2"] }, texts).join("\n");
    expect(short).toMatch(/the description promises mate but the line does not reach it/);
    const wrongCount = coachingProblems(MATE_IN_TWO, {
      ...texts,
      description_en: texts.description_en.replace("mate in 2", "mate in 3"),
    });
    expect(wrongCount.join("\n")).toMatch(/the description says mate in 3; the line mates in 2/);
  });

  it("catches an Arabic text whose squares differ from the English one", () => {
    const texts = composeCoaching(FORK);
    const problems = coachingProblems(FORK, {
      ...texts,
      hints: {
        ...texts.hints,
        moderate_ar: texts.hints.moderate_ar.replace("\u2066e5\u2069", "\u2066e4\u2069"),
      },
    });
    expect(problems).toEqual(expect.arrayContaining(["Arabic text 2 lacks e5", "Arabic text 2 adds e4"]));
  });

  it("reports a line that does not play", () => {
    expect(coachingProblems({ ...FORK, solution: ["e5e6"] }, composeCoaching(FORK))[0]).toMatch(
      /^the line does not play/,
    );
  });
});

describe("hintProblems", () => {
  it("checks the hints alone: no description or explanation is asked for, every claim of a hint still is", () => {
    const { hints } = composeCoaching(FORK);
    expect(hintProblems(FORK, hints)).toEqual([]);
    expect(coachingProblems(FORK, { ...composeCoaching(FORK), explanation_en: "" }).join("\n")).toMatch(
      /the explanation does not play/,
    );
    const richer = hintProblems(FORK, {
      ...hints,
      explicit_en: "Play Nxf7+: it forks the king and queen, and wins a queen and a rook.",
    });
    expect(richer.join("\n")).toMatch(/"wins a queen and a rook\." but the material changes by/);
    const mate = hintProblems(FORK, {
      ...hints,
      explicit_en: "Play Nxf7+: after 1... Kg8, 2. Nxd8 is checkmate.",
    });
    expect(mate.join("\n")).toMatch(/level 3 says the line mates, but it does not/);
  });
});
