import { Chess as ChessJs, type Square } from "chess.js";
import { Chess, normalizeMove } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { SquareSet } from "chessops/squareSet";
import type { NormalMove } from "chessops/types";
import { parseUci } from "chessops/util";
import { describe, expect, it } from "vitest";
import { type CoachInput, type CoachTexts, composeCoaching } from "./coach";
import { coachingProblems } from "./coach/check";
import { toSan } from "./moves";
import { checkPuzzle } from "./puzzle";

/** The repository's test data (testdata/read.mjs): this package compiles without Node's types. */
const { readTestData } = (await import("../../../testdata/read.mjs" as string)) as {
  readTestData(name: string): string;
};

const ARABIC_LETTER = /[\u0621-\u064A]/;
const ANY_SQUARE = /(?<![A-Za-z])[a-h][1-8](?![0-9])/;

/** Left-to-right isolate around notation inside Arabic text. */
const iso = (text: string) => `\u2066${text}\u2069`;

/** Composes after checking (with chess.js, independently of chessops) that the hand-made puzzle is legal. */
function coach(input: CoachInput): CoachTexts {
  const check = checkPuzzle(input.fen, input.solution.slice(0, 1), input.solution);
  expect(check.ok, `${input.fen} ${input.solution.join(" ")}`).toBe(true);
  return composeCoaching(input);
}

/** Squares of `color`'s pieces attacking `square` (chess.js's attackers). */
function attackersOf(game: ChessJs, square: Square, color: "w" | "b"): string[] {
  return game.attackers(square, color);
}

function english(texts: CoachTexts): string[] {
  const { hints } = texts;
  return [hints.subtle_en, hints.moderate_en, hints.explicit_en, texts.description_en, texts.explanation_en];
}

function arabic(texts: CoachTexts): string[] {
  const { hints } = texts;
  return [hints.subtle_ar, hints.moderate_ar, hints.explicit_ar, texts.description_ar, texts.explanation_ar];
}

// 1. Nxf7+ forks Kh8 and Qd8; after Kg8 Nxd8 the rook on a8 takes the knight back.
const FORK: CoachInput = {
  fen: "r2q3k/1p3ppp/8/4N3/8/8/PP3PPP/6K1 w - - 0 1",
  solution: ["e5f7", "h8g8", "f7d8"],
  themes: ["advantage", "fork", "middlegame"],
  cp: 650,
};
const FORK_ALTERNATIVE: CoachInput = { ...FORK, alternative: { move: "e5d7", reply: "d8d7", cp: -250 } };

const BACK_RANK: CoachInput = {
  fen: "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
  solution: ["d1d8"],
  themes: ["backRankMate", "mate", "mateIn1", "oneMove"],
};

// Black to move on move 12: 12... Qxh2+ 13. Kf1 Qh1#.
const MATE_IN_TWO: CoachInput = {
  fen: "6k1/5ppp/3b4/8/7q/8/4QPPP/4R1K1 b - - 3 12",
  solution: ["h4h2", "g1f1", "h2h1"],
  themes: ["kingsideAttack", "mate", "mateIn2"],
  mate: 2,
};

const PROMOTION: CoachInput = {
  fen: "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1",
  solution: ["e7e8q"],
  themes: ["endgame", "promotion"],
  cp: 900,
};

// 1. Re1 pins the queen on e5 to the king on e8.
const PIN: CoachInput = {
  fen: "4k3/pp3ppp/8/4q3/8/8/PP1K1PPP/R7 w - - 0 1",
  solution: ["a1e1", "e5e1", "d2e1"],
  themes: ["advantage", "pin"],
  cp: 420,
};

// Only 1... Kf8 draws: after 1... Kd8? 2. Kf7 the pawn queens.
const QUIET: CoachInput = {
  fen: "4k3/8/4PK2/8/8/8/8/8 b - - 0 1",
  solution: ["e8f8"],
  themes: ["defensiveMove", "endgame", "quietMove"],
  cp: 0,
};
const QUIET_ALTERNATIVE: CoachInput = { ...QUIET, alternative: { move: "e8d8", reply: "f6f7", cp: -900 } };

const ALL = { FORK, FORK_ALTERNATIVE, BACK_RANK, MATE_IN_TWO, PROMOTION, PIN, QUIET, QUIET_ALTERNATIVE };

describe("composeCoaching: every puzzle", () => {
  for (const [name, input] of Object.entries(ALL)) {
    it(`${name}: fills every text within the stored limits`, () => {
      const texts = coach(input);
      for (const text of [...english(texts), ...arabic(texts)]) expect(text.trim().length).toBeGreaterThan(0);
      for (const hint of Object.values(texts.hints)) expect(hint.length).toBeLessThanOrEqual(500);
      expect(texts.explanation_en.length).toBeLessThanOrEqual(4000);
      expect(texts.explanation_ar.length).toBeLessThanOrEqual(4000);
    });

    it(`${name}: writes Arabic with every move and square isolated left to right`, () => {
      const texts = coach(input);
      for (const text of arabic(texts)) {
        expect(text).toMatch(ARABIC_LETTER);
        const outsideIsolates = text.replace(/\u2066[^\u2066\u2069]*\u2069/g, "");
        expect(outsideIsolates).not.toMatch(/[A-Za-z+#=?]/);
      }
      for (const text of english(texts)) expect(text).not.toMatch(ARABIC_LETTER);
    });

    it(`${name}: keeps squares out of the subtle hint; at moderate, the piece on its square and where it goes`, () => {
      const texts = coach(input);
      const from = input.solution[0]?.slice(0, 2) ?? "";
      const target = input.solution[0]?.slice(2, 4) ?? "";
      expect(texts.hints.subtle_en).not.toMatch(ANY_SQUARE);
      expect(texts.hints.subtle_ar).not.toMatch(ANY_SQUARE);
      // The piece named stands on the square named: the first move starts there.
      const role = new ChessJs(input.fen).get(from as Square)?.type;
      const names = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" } as const;
      expect(texts.hints.moderate_en).toMatch(
        new RegExp(`^Your ${role ? names[role] : "?"} on ${from} (goes to|takes on|promotes on) ${target}`),
      );
      expect(texts.hints.moderate_ar).toContain(`الذي على ${iso(from)} `);
      expect(texts.hints.moderate_ar).toContain(iso(target));
    });
  }
});

describe("composeCoaching: a knight fork", () => {
  it("names the fork and the knight, then the square, then the move and its targets", () => {
    const { hints } = coach(FORK);
    expect(hints.subtle_en).toBe("Look for a knight fork.");
    expect(hints.subtle_ar).toBe("ابحث عن شوكة بحصانك.");
    expect(hints.explicit_en).toBe("Play Nxf7+: it forks the king and the queen.");
    expect(hints.explicit_ar).toContain(`العب ${iso("Nxf7+")}`);
    expect(hints.explicit_ar).toContain("الملك والوزير");
  });

  it("describes the goal and explains the line, the material and the fork", () => {
    const texts = coach(FORK);
    expect(texts.description_en).toBe("White to move: win material");
    expect(texts.description_ar).toBe("الأبيض يلعب: كسب المادة");
    expect(texts.explanation_en).toContain("1. Nxf7+ Kg8 2. Nxd8 wins a queen and a pawn for a knight");
    expect(texts.explanation_en).toContain(
      "the knight on f7 attacks the king on h8 and the queen on d8 at once",
    );
    expect(texts.explanation_ar).toContain(iso("1. Nxf7+ Kg8 2. Nxd8"));
    expect(texts.explanation_ar).toContain("يكسب وزيرًا وبيدقًا مقابل حصان");
    expect(texts.explanation_ar).toContain("شوكة");
    expect(texts.explanation_en).not.toContain("natural-looking");
  });

  it("says what the natural-looking alternative allows, in both languages", () => {
    const texts = coach(FORK_ALTERNATIVE);
    expect(texts.explanation_en).toContain(
      "The natural-looking 1. Nd7? lets Black answer 1... Qxd7, taking the knight. Black is then winning.",
    );
    expect(texts.explanation_ar).toContain(`النقلة التي تبدو طبيعية ${iso("1. Nd7?")} تسمح للأسود بالرد`);
    expect(texts.explanation_ar).toContain(iso("1... Qxd7"));
    expect(texts.explanation_ar).toContain("فيأخذ الحصان");
  });

  it("picks the most instructive theme whatever the order of the tags", () => {
    const texts = coach({ ...FORK, themes: ["hangingPiece", "sacrifice", "fork", "promotion"].reverse() });
    expect(texts.hints.subtle_en).toBe("Look for a knight fork.");
  });

  it("without a known theme, says what the move does on the board: the piece it attacks, its check", () => {
    const texts = coach({ ...FORK, themes: ["long", "unknownKey"] });
    // Nxf7+ attacks the queen on d8 (and checks the king): the hint says so at each level.
    expect(texts.hints.subtle_en).toBe("Your knight can attack the enemy queen.");
    expect(texts.hints.subtle_ar).toBe("يستطيع حصانك أن يهاجم وزير الخصم.");
    expect(texts.hints.moderate_en).toBe(
      "Your knight on e5 takes on f7 with check, attacking the queen on d8.",
    );
    expect(texts.hints.moderate_ar).toContain(`مع كش، مهاجمًا الوزير على ${iso("d8")}`);
    expect(new ChessJs("r2q3k/1p3Npp/8/8/8/8/PP3PPP/6K1 b - - 0 1").isAttacked("d8", "w")).toBe(true);
    expect(texts.explanation_en).toContain("wins a queen and a pawn for a knight");
  });
});

describe("composeCoaching: a back-rank mate in one", () => {
  it("hints at the back rank and the rook, then gives the mate", () => {
    const { hints } = coach(BACK_RANK);
    expect(hints.subtle_en).toMatch(/back rank/);
    expect(hints.subtle_en).toMatch(/\brook\b/);
    expect(hints.subtle_ar).toContain("صفه الأخير");
    expect(hints.subtle_ar).toContain("رخك");
    expect(hints.explicit_en).toBe("Play Rd8#: it is checkmate.");
    expect(hints.explicit_ar).toBe(`العب ${iso("Rd8#")}: كش مات.`);
  });

  it("describes a mate in 1 and explains the trapped king", () => {
    const texts = coach(BACK_RANK);
    expect(texts.description_en).toBe("White to move: mate in 1");
    expect(texts.description_ar).toBe("الأبيض يلعب: كش مات في نقلة واحدة");
    expect(texts.explanation_en).toContain("The line 1. Rd8# mates in one move.");
    expect(texts.explanation_en).toContain("the king on g8 is shut in on its back rank");
    expect(texts.explanation_ar).toContain(`الخط ${iso("1. Rd8#")} ينتهي بكش مات في نقلة واحدة.`);
    expect(texts.explanation_ar).toContain("كش مات الصف الأخير");
  });
});

describe("composeCoaching: a mate in two with Black to move", () => {
  it("numbers the line from the FEN's move number, starting with a Black move", () => {
    const texts = coach(MATE_IN_TWO);
    expect(texts.explanation_en).toContain("The line 12... Qxh2+ 13. Kf1 Qh1# mates in 2 moves.");
    expect(texts.explanation_ar).toContain(
      `الخط ${iso("12... Qxh2+ 13. Kf1 Qh1#")} ينتهي بكش مات في نقلتين.`,
    );
    expect(texts.explanation_en).toContain("the queen on h1 gives check and the king on f1 has no escape");
  });

  it("describes Black's mate in 2 and hints with the queen, the square, then the move", () => {
    const texts = coach(MATE_IN_TWO);
    expect(texts.description_en).toBe("Black to move: mate in 2");
    expect(texts.description_ar).toBe("الأسود يلعب: كش مات في نقلتين");
    expect(texts.hints.subtle_en).toContain("forced mate in 2 moves");
    expect(texts.hints.subtle_en).toContain("your queen");
    expect(texts.hints.subtle_ar).toContain("وزيرك");
    // The explicit hint says what the move does and how the line mates.
    expect(texts.hints.explicit_en).toBe(
      "Play Qxh2+: it takes the pawn on h2 with check, and after 13. Kf1, 13... Qh1# is checkmate.",
    );
    expect(texts.hints.explicit_ar).toBe(
      `العب ${iso("Qxh2+")}: يأخذ البيدق على ${iso("h2")} مع كش، وبعد ${iso("13. Kf1")} تأتي ${iso("13... Qh1#")} كش مات.`,
    );
  });
});

describe("composeCoaching: the explicit hint says what the move does", () => {
  it("gives the check and the mate that follows, not only that a mate is coming (library puzzles #2122, #148)", () => {
    const hook = coach({
      fen: "1r5N/1p2R1bp/p2k4/2pN3B/2Pn1P2/8/b5PP/6K1 w - - 2 26",
      solution: ["h8f7", "d6c6", "e7c7"],
      themes: ["hookMate", "mate", "mateIn2", "middlegame", "short"],
      mate: 2,
    });
    expect(hook.hints.explicit_en).toBe(
      "Play Nf7+: it gives check, and after 26... Kc6, 27. Rc7# is checkmate.",
    );
    expect(hook.hints.explicit_ar).toBe(
      `العب ${iso("Nf7+")}: يعطي كشًّا، وبعد ${iso("26... Kc6")} تأتي ${iso("27. Rc7#")} كش مات.`,
    );
    const longer = coach({
      fen: "6nr/p4p1p/k1p5/1p6/1QN5/2P1P3/4KPqP/8 w - - 0 27",
      solution: ["b4a5", "a6b7", "c4d6", "b7b8", "a5d8"],
      themes: ["endgame", "long", "mate", "mateIn3"],
      mate: 3,
    });
    expect(longer.hints.explicit_en).toBe(
      "Play Qa5+: it gives check and starts a forced mate in 3 moves, ending with 29. Qd8#.",
    );
    expect(longer.hints.explicit_ar).toContain(`آخرها ${iso("29. Qd8#")}`);
  });
});

describe("composeCoaching: a promotion", () => {
  it("hints at the pawn, then the square, then e8=Q", () => {
    const { hints } = coach(PROMOTION);
    expect(hints.subtle_en).toMatch(/pawn.*promotion/);
    expect(hints.subtle_ar).toContain("الترقية");
    expect(hints.explicit_en).toBe("Play e8=Q: the pawn promotes to a queen.");
    expect(hints.explicit_ar).toBe(`العب ${iso("e8=Q")}: يترقى البيدق إلى وزير.`);
  });

  it("describes and explains the promotion", () => {
    const texts = coach(PROMOTION);
    expect(texts.description_en).toBe("White to move: promote the pawn");
    expect(texts.description_ar).toBe("الأبيض يلعب: ترقية البيدق");
    expect(texts.explanation_en).toContain("The line 1. e8=Q promotes the pawn to a queen on e8.");
    expect(texts.explanation_ar).toContain("يرقّي البيدق إلى وزير");
  });
});

describe("composeCoaching: an advanced pawn and an attack on f7", () => {
  it("says a pawn is a step from queening only when one stands there, with the piece that helps it", () => {
    // The pawn on b7 is one step from b8 when 1. Rd8+ is played.
    const there = coach({
      fen: "6k1/1P4p1/7p/8/8/8/6PP/3R2K1 w - - 0 1",
      solution: ["d1d8"],
      themes: ["advancedPawn"],
    });
    expect(there.hints.subtle_en).toBe(
      "One of your pawns is a step from queening: see how your rook helps it through.",
    );
    expect(there.hints.subtle_ar).toBe("أحد بيادقك على بُعد خطوة من الترقية: انظر كيف يساعده رخك على العبور.");
    expect(there.explanation_en).toContain("the pawn on b7 is one step from queening");
    // 1. Rd8+ Kh7 2. e7: the pawn on e6 is two steps away; it gets to the seventh rank on the second move.
    const input = { fen: "6k1/6p1/4P2p/8/8/8/6PP/3R2K1 w - - 0 1", solution: ["d1d8", "g8h7", "e6e7"] };
    const later = coach({ ...input, themes: ["advancedPawn"] });
    expect(later.hints.subtle_en).toBe(
      "One of your pawns can reach the rank before queening: see how your rook helps it forward. It comes on your second move.",
    );
    expect(later.hints.subtle_ar).toBe(
      "يستطيع أحد بيادقك أن يبلغ الصف الذي يسبق الترقية: انظر كيف يساعده رخك على التقدم. وتأتي في نقلتك الثانية.",
    );
    expect(later.hints.subtle_en).not.toContain("is a step from queening");
    expect(later.explanation_en).toContain("the pawn reaches e7, one step from queening");
    expect(later.explanation_ar).toContain(`يبلغ البيدق ${iso("e7")}، على بُعد خطوة من الترقية`);
    expect(new ChessJs(input.fen).findPiece({ type: "p", color: "w" })).not.toContain("e7");
    const end = Chess.fromSetup(parseFen(input.fen).unwrap()).unwrap();
    for (const uci of input.solution) end.play(normalizeMove(end, parseUci(uci) as NormalMove));
    expect(end.board.pieces("white", "pawn").intersect(SquareSet.fromRank(6)).nonEmpty()).toBe(true);
  });

  it("sends the pawn itself on its way when the line is its own march (library puzzle #9473)", () => {
    const texts = coach({
      fen: "8/8/8/5P2/1pk5/4K3/8/8 w - - 0 51",
      solution: ["f5f6", "b4b3", "e3d2", "c4d5", "f6f7", "b3b2", "d2c2", "b2b1q", "c2b1"],
      themes: ["advancedPawn", "endgame", "pawnEndgame", "veryLong"],
    });
    expect(texts.hints.subtle_en).toBe(
      "Push one of your pawns to the rank before queening. It comes on your third move.",
    );
    expect(texts.hints.subtle_ar).toBe("ادفع أحد بيادقك إلى الصف الذي يسبق الترقية. وتأتي في نقلتك الثالثة.");
  });

  it("points at the weak point beside the king, then names f7 for White and f2 for Black", () => {
    // The fried liver: 1. Nxf7 takes on f7 while the king stands on e8.
    const white = coach({
      fen: "r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 0 5",
      solution: ["g5f7"],
      themes: ["attackingF2F7"],
    });
    expect(white.hints.subtle_en).toBe(
      "The weak point beside the enemy king, on the f-file, is the target: aim your knight at it.",
    );
    expect(white.hints.subtle_ar).toBe(
      `نقطة الضعف بجوار ملك الخصم، على العمود ${iso("f")}، هي الهدف: وجّه إليها حصانك.`,
    );
    expect(white.explanation_en).toContain("f7, beside the king on its starting square, is the weak point");
    const black = coach({
      fen: "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
      solution: ["c5f2"],
      themes: ["attackingF2F7"],
    });
    expect(black.explanation_en).toContain("f2, beside the king on its starting square, is the weak point");
    expect(black.explanation_ar).toContain(`المربع ${iso("f2")} بجوار الملك`);
  });
});

describe("composeCoaching: material counted at the end of the line", () => {
  it("counts a promoted pawn taken back as the pawn it was (library puzzle #9473)", () => {
    // 54... b1=Q+ 55. Kxb1: Black's b-pawn became a queen and was taken at once; White is a pawn up, no more.
    const texts = coach({
      fen: "8/8/8/5P2/1pk5/4K3/8/8 w - - 0 51",
      solution: ["f5f6", "b4b3", "e3d2", "c4d5", "f6f7", "b3b2", "d2c2", "b2b1q", "c2b1"],
      themes: ["advancedPawn", "endgame", "pawnEndgame", "veryLong"],
    });
    expect(texts.explanation_en).toContain("55. Kxb1 wins a pawn.");
    expect(texts.explanation_en).not.toContain("wins a queen");
    expect(texts.explanation_ar).toContain("يكسب بيدقًا.");
    expect(texts.explanation_ar).not.toContain("وزيرًا");
  });

  it("counts an under-promoted rook taken back as a pawn, after an even rook trade (library puzzle #2038)", () => {
    const texts = coach({
      fen: "8/2p1kp2/3p4/3Pp3/p3P2P/Pr3R2/6P1/4K3 w - - 3 43",
      solution: ["f3b3", "a4b3", "e1d2", "b3b2", "d2c2", "b2b1r", "c2b1"],
      themes: ["endgame", "rookEndgame", "veryLong"],
    });
    expect(texts.explanation_en).toBe("The line 43. Rxb3 axb3 44. Kd2 b2 45. Kc2 b1=R 46. Kxb1 wins a pawn.");
    expect(texts.hints.explicit_en).toBe("Play Rxb3: it wins a pawn.");
  });

  it("names what a promoting line wins besides the new queen, and calls only a rook for a minor piece the exchange", () => {
    // 44. Rf8+ Ke7 45. b8=Q Rxb8 46. Rxb8: the new queen is taken, the rook taken back: a rook for the pawn.
    const texts = coach({
      fen: "1R6/1P6/4pkp1/5p2/3P4/3KP2p/8/1r6 w - - 0 44",
      solution: ["b8f8", "f6e7", "b7b8q", "b1b8", "f8b8"],
      themes: ["clearance", "endgame", "long", "promotion", "rookEndgame"],
    });
    expect(texts.explanation_en).toContain("and White also wins a rook for a pawn.");
    expect(texts.explanation_en).not.toContain("the exchange");
    expect(texts.explanation_ar).toContain("ويكسب الأبيض أيضًا رخًا مقابل بيدق.");
    // 47... Rf5 48. b8=B+ Kxb8 49. Kb5 Rxd5+: the bishop made on b8 was a pawn.
    const bishop = coach({
      fen: "5r2/1Pk5/8/K2B4/8/1P6/8/8 b - - 2 47",
      solution: ["f8f5", "b7b8b", "c7b8", "a5b5", "f5d5"],
      themes: ["endgame", "long"],
    });
    expect(bishop.explanation_en).toContain("49. Kb5 Rxd5+ wins a bishop and a pawn.");
  });
});

describe("composeCoaching: a quiet move that threatens mate", () => {
  it("says it sets up a mate threat, then where, then the move and the square of the mate", () => {
    const texts = coach({ fen: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", solution: ["a1a7"], themes: [] });
    expect(texts.hints.subtle_en).toBe("Your rook can set up a threat of mate.");
    expect(texts.hints.subtle_ar).toBe("يستطيع رخك أن يهدد بكش مات.");
    expect(texts.hints.moderate_en).toMatch(/^Your rook on a1 goes to a7, threatening mate on a8\./);
    expect(texts.hints.moderate_ar).toContain(`مهددًا بكش مات على ${iso("a8")}`);
    expect(texts.hints.explicit_en).toBe("Play Ra7: it threatens mate on a8.");
    // The threat is real: with White to move again, Ra8 mates.
    const again = new ChessJs("6k1/R4ppp/8/8/8/8/5PPP/6K1 w - - 0 1");
    again.move("Ra8");
    expect(again.isCheckmate()).toBe(true);
  });
});

describe("composeCoaching: trades are trades", () => {
  // 1. Bf3+ skewers the king on c6 and the queen on b7 (+882 for the engine); 1. Qxb7+? Kxb7 leaves a lone
  // bishop, a draw (+14).
  const SKEWER = {
    fen: "8/1q6/2k5/7B/8/8/8/1Q2K3 w - - 0 1",
    solution: ["h5f3", "c6d6", "b1b7"],
    themes: [],
    cp: 882,
  };

  it("calls a capture answered by a recapture of the same value a trade, not a lost piece", () => {
    const texts = coach({ ...SKEWER, alternative: { move: "b1b7", reply: "c6b7", cp: 14 } });
    expect(texts.explanation_en).toContain(
      "The natural-looking 1. Qxb7+? only trades queens after 1... Kxb7. The advantage is then gone.",
    );
    expect(texts.explanation_en).not.toContain("taking the queen");
    expect(texts.explanation_ar).toContain(`لا تفعل بعد ${iso("1... Kxb7")} أكثر من تبادل الوزيرين.`);
    // A rook for a knight is no trade: the rook is lost (1. Bf3+ Kd7 2. Rxb7+ wins the knight, +523; 1. Rxb7? Kxb7
    // leaves a lone bishop, -6 for Black's view, +6 for White's).
    const rookTakesKnight = coach({
      fen: "8/1n6/2k5/7B/8/8/8/1R2K3 w - - 0 1",
      solution: ["h5f3", "c6d7", "b1b7"],
      themes: [],
      cp: 523,
      alternative: { move: "b1b7", reply: "c6b7", cp: 6 },
    });
    expect(rookTakesKnight.explanation_en).toContain("lets Black answer 1... Kxb7, taking the rook.");
  });
});

describe("composeCoaching: the natural-looking alternative", () => {
  // 1. Rh8+ wins the queen and mates in 7; 1. Qxd8+ Kxd8 trades queens, and the rook then mates in 14 more.
  const SKEWER_WITH_ROOK = {
    fen: "3qk3/8/8/8/8/8/8/3QK2R w K - 0 1",
    solution: ["h1h8"],
    themes: [],
    mate: 7,
  };

  it("is not called a mistake when it still mates (seed #47: 1. Qh5 mates in 4 where 1. Bxh7 mates at once)", () => {
    const stillMates = coach({ ...SKEWER_WITH_ROOK, alternative: { move: "d1d8", reply: "e8d8", mate: 15 } });
    expect(stillMates.explanation_en).not.toContain("natural-looking");
    expect(stillMates.explanation_en).not.toContain("Qxd8");
    expect(stillMates.explanation_ar).not.toContain("تبدو طبيعية");
    const seed47 = coach({
      fen: "2bq1rk1/ppp2p1p/2n1p3/6N1/8/1P1B4/PBP1QPPP/5RK1 w - - 0 1",
      solution: ["d3h7"],
      themes: ["mate", "mateIn1"],
      mate: 1,
      alternative: { move: "e2h5", reply: "d8d3", mate: 4 },
    });
    expect(seed47.explanation_en).not.toMatch(/Qh5\?|lets Black/);
  });

  it("is not called a mistake while it keeps a win chance within 0.3 of the best's, and is one beyond", () => {
    // A mate is a win chance of 1; +700 is 0.86 (still winning), +300 is 0.50 (the win thrown away).
    const keeps = coach({ ...SKEWER_WITH_ROOK, alternative: { move: "d1d8", reply: "e8d8", cp: 700 } });
    expect(keeps.explanation_en).not.toContain("natural-looking");
    const throws = coach({ ...SKEWER_WITH_ROOK, alternative: { move: "d1d8", reply: "e8d8", cp: 300 } });
    expect(throws.explanation_en).toContain(
      "The natural-looking 1. Qxd8+? only trades queens after 1... Kxd8.",
    );
  });

  it("is left out when the engine's scores are not given", () => {
    const texts = coach({
      ...SKEWER_WITH_ROOK,
      mate: undefined,
      alternative: { move: "d1d8", reply: "e8d8" },
    });
    expect(texts.explanation_en).not.toContain("natural-looking");
  });
});

describe("composeCoaching: the engine's figure", () => {
  it("gives the final evaluation in pawns, in Arabic without counting the figure as pawns", () => {
    const texts = coach({ ...FORK, cp: 490 });
    expect(texts.explanation_en).toContain("The engine rates the final position 4.9 pawns better for White.");
    expect(texts.explanation_ar).toContain(
      `يرى المحرك أن الوضع النهائي أفضل للأبيض بمقدار ${iso("4.9")} (بوحدة البيدق).`,
    );
    expect(texts.explanation_ar).not.toMatch(/\u2069 بيدق/);
  });
});

describe("composeCoaching: a pin", () => {
  it("hints at a rook pin, then Re1 and what it pins", () => {
    const { hints } = coach(PIN);
    expect(hints.subtle_en).toBe("Look for a pin with your rook.");
    expect(hints.subtle_ar).toBe("ابحث عن تثبيت برخك.");
    expect(hints.explicit_en).toBe("Play Re1: it pins the queen to the king.");
    expect(hints.explicit_ar).toBe(`العب ${iso("Re1")}: يثبّت الوزير أمام الملك.`);
  });

  it("explains the material won and the pinned piece", () => {
    const texts = coach(PIN);
    expect(texts.description_en).toBe("White to move: win material");
    expect(texts.explanation_en).toContain("The line 1. Re1 Qxe1+ 2. Kxe1 wins a queen for a rook.");
    expect(texts.explanation_en).toContain("the queen on e5 cannot move without exposing the king on e8");
    expect(texts.explanation_ar).toContain("يكسب وزيرًا مقابل رخ");
    expect(texts.explanation_ar).toContain("الفكرة تثبيت");
  });
});

describe("composeCoaching: a quiet defensive move", () => {
  it("asks Black to hold the draw with a quiet king move", () => {
    const texts = coach(QUIET);
    expect(texts.description_en).toBe("Black to move: hold the draw");
    expect(texts.description_ar).toBe("الأسود يلعب: الحفاظ على التعادل");
    expect(texts.hints.subtle_en).toBe("No check or capture is needed: find a quiet king move.");
    expect(texts.hints.subtle_ar).toContain("حركة هادئة بملكك");
    expect(texts.hints.explicit_en).toBe("Play Kf8: it holds the draw.");
    expect(texts.explanation_en).toContain("The line 1... Kf8 holds the balance.");
  });

  it("does not promise a draw without the engine's word: a defensive move that keeps a win (library puzzle #340)", () => {
    // 63. Kxh6 c1=Q 64. g5 Qc6+ 65. Kg7: the engine rates the position +4.9 for White before the first move.
    const texts = coach({
      fen: "8/5P1P/1p4Kr/8/6P1/8/2p5/k7 w - - 1 63",
      solution: ["g6h6", "c2c1q", "g4g5", "c1c6", "h6g7"],
      themes: ["defensiveMove", "endgame", "long", "sacrifice"],
    });
    expect(texts.description_en).not.toContain("draw");
    expect(texts.description_ar).not.toContain("التعادل");
    expect(texts.hints.explicit_en).not.toContain("draw");
    expect(texts.explanation_en).not.toContain("holds the balance");
  });

  it("shows why the natural 1... Kd8? loses, in both languages", () => {
    const texts = coach(QUIET_ALTERNATIVE);
    expect(texts.explanation_en).toContain(
      "The natural-looking 1... Kd8? lets White answer 2. Kf7. White is then winning.",
    );
    expect(texts.explanation_ar).toContain(iso("1... Kd8?"));
    expect(texts.explanation_ar).toContain(`تسمح للأبيض بالرد ${iso("2. Kf7")}`);
    expect(texts.explanation_ar).toContain("يصبح الأبيض في وضع فائز");
    expect(coach(QUIET).explanation_en).not.toContain("Kd8");
  });
});

describe("composeCoaching: a line without a named idea", () => {
  it("says what the second move does after the reply, instead of calling the first one strongest", () => {
    const input = {
      fen: "1r2kb1r/3nnpp1/4p1bp/1NppP3/3P4/6N1/P2BBPPP/R3K2R w KQk - 1 18",
      solution: ["b5d6", "e8d8", "d2a5"],
      themes: ["middlegame", "short"],
    };
    const texts = coach(input);
    expect(texts.hints.explicit_en).toBe("Play Nd6+: after 18... Kd8, 19. Ba5+ gives check.");
    expect(texts.hints.explicit_ar).toBe(
      `العب ${iso("Nd6+")}: بعد ${iso("18... Kd8")} تأتي ${iso("19. Ba5+")} بكش.`,
    );
    expect(coachingProblems(input, texts)).toEqual([]);
  });

  it("at level 1, points at the capture the first move prepares", () => {
    // 19... bxc5 20. Bxc8 c4: the pawn takes, and the next pawn move hits the queen.
    const texts = coach({
      fen: "k1r1b3/p1r1nppp/Bp1qpn2/2Np4/1P1P4/PQR1PN2/5PPP/2R3K1 b - - 1 19",
      solution: ["b6c5", "a6c8", "c5c4"],
      themes: [],
    });
    expect(texts.hints.explicit_en).toBe("Play bxc5: after 20. Bxc8, 20... c4 attacks the queen on b3.");
    const quiet = coach({
      fen: "2kr3r/p4p2/1p2p2p/1N1p2p1/3Q4/1P1P4/2q2PPP/5RK1 w - - 0 21",
      solution: ["d4a1", "a7a5", "f1c1"],
      themes: [],
    });
    expect(quiet.hints.subtle_en).toBe("Your queen move prepares an attack on your second move.");
    expect(quiet.hints.subtle_ar).toBe("نقلة وزيرك تمهّد لهجوم في نقلتك الثانية.");
  });

  it("calls a line of king moves a king march", () => {
    const march = coach({
      fen: "8/8/2k5/1p6/1Pp1K3/2P5/8/8 w - - 3 55",
      solution: ["e4e5", "c6d7", "e5d5"],
      themes: ["endgame", "pawnEndgame"],
    });
    expect(march.hints.subtle_en).toBe("Your king leads the way here: find where it must go.");
    expect(march.hints.subtle_ar).toBe("ملكك هو من يقود هنا: ابحث عن المربع الذي يجب أن يذهب إليه.");
    expect(march.hints.explicit_en).toBe("Play Ke5: after 55... Kd7, 56. Kd5 follows.");
  });
});

describe("composeCoaching: a pin already on the board", () => {
  it("says the pin is there and which piece uses it, rather than sending the solver to make one", () => {
    // The queen on b8 pins the bishop on c8 to the king on d8; 34. Bxd7 Qc5 35. Bxc8 wins the rook and the bishop.
    const texts = coach({
      fen: "1Qbk1b1r/3r1pp1/p1BP3p/8/3q4/6P1/1PP3PP/1K5R w - - 1 34",
      solution: ["c6d7", "d4c5", "d7c8"],
      themes: ["middlegame", "pin", "short"],
    });
    expect(texts.hints.subtle_en).toBe(
      "Your queen already pins the enemy bishop to its king: make use of it with your bishop.",
    );
    expect(texts.hints.subtle_ar).toBe("وزيرك يثبّت فيل الخصم أمام الملك منذ الآن: استغلّ ذلك بفيلك.");
  });
});

describe("composeCoaching: bad input", () => {
  it("refuses an illegal position or solution move with a message naming it", () => {
    expect(() => composeCoaching({ ...FORK, fen: "not a fen" })).toThrow(/invalid FEN/);
    expect(() => composeCoaching({ ...FORK, solution: ["e5f7", "h8h7"] })).toThrow(
      /illegal move h8h7 at ply 2/,
    );
    expect(() => composeCoaching({ ...FORK, solution: [] })).toThrow(/empty/);
  });

  it("leaves out an alternative that is not legal", () => {
    const texts = composeCoaching({ ...FORK, alternative: { move: "e5e7", reply: "d8d7" } });
    expect(texts.explanation_en).not.toContain("natural-looking");
  });
});

/**
 * Lichess rows start one move early: the FEN is before the opponent's move that sets the puzzle up. The expected
 * standard notation below comes from chess.js, independently of the composer's own (chessops-based) notation.
 */
function lichessPuzzles(): Array<CoachInput & { id: string }> {
  const rows = readTestData("lichess/puzzles-sample-1500.csv").trim().split("\n").slice(1);
  return rows.map((row) => {
    const [id = "", fen = "", moves = "", , , , , themes = ""] = row.split(",");
    const [setup = "", ...solution] = moves.split(" ");
    const position = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    const move = parseUci(setup);
    if (!move || !position.isLegal(normalizeMove(position, move)))
      throw new Error(`lichess ${id}: bad setup move`);
    position.play(normalizeMove(position, move));
    return { id, fen: makeFen(position.toSetup()), solution, themes: themes.split(" ") };
  });
}

describe("composeCoaching: an idea later in the line", () => {
  it("says on which move a fork comes, and the fork is there on the board after that move", () => {
    const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"];
    let later = 0;
    for (const puzzle of lichessPuzzles()) {
      if (!puzzle.themes.includes("fork")) continue;
      const texts = composeCoaching(puzzle);
      if (!texts.hints.subtle_en.includes("fork")) continue;
      const said = /(?:It comes on your|a fork, on your) (\w+) move\./.exec(texts.hints.subtle_en)?.[1];
      const move = said ? ORDINALS.indexOf(said) + 1 : 1;
      expect(move, puzzle.id).toBeGreaterThan(0);
      if (move > 1) {
        later++;
        expect(texts.hints.subtle_ar, puzzle.id).toMatch(/في نقلتك (الثانية|الثالثة|الرابعة)\./);
      }
      // After the solver's move of that number, the piece that moved attacks two enemy pieces or more.
      const game = new ChessJs(puzzle.fen);
      const plies = puzzle.solution.slice(0, 2 * move - 1);
      for (const uci of plies) game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
      const to = (plies.at(-1) ?? "").slice(2, 4) as Square;
      const mover = game.get(to);
      const enemy = mover?.color === "w" ? "b" : "w";
      const attacked = game
        .board()
        .flat()
        .filter((piece) => piece && piece.color === enemy && piece.type !== "p")
        .filter((piece) => piece && attackersOf(game, piece.square, mover?.color ?? "w").includes(to));
      expect(attacked.length, `${puzzle.id} move ${move}`).toBeGreaterThanOrEqual(2);
    }
    expect(later).toBeGreaterThan(0);
  });
});

describe("composeCoaching: the lichess sample", () => {
  it("coaches every puzzle with the right side, square, move, line start and mate length, every claim true on the board", () => {
    const puzzles = lichessPuzzles();
    expect(puzzles.length).toBeGreaterThan(1000);
    const problems: string[] = [];
    const check = (id: string, ok: boolean, what: string) => {
      if (!ok) problems.push(`${id}: ${what}`);
    };
    for (const puzzle of puzzles) {
      const texts = composeCoaching(puzzle);
      const id = puzzle.id;
      const [first = ""] = puzzle.solution;
      const san = toSan(puzzle.fen, first) ?? "";
      const [, turn = "", , , , fullmove = ""] = puzzle.fen.split(" ");
      const side = turn === "w" ? "White" : "Black";
      check(id, texts.description_en.startsWith(`${side} to move: `), texts.description_en);
      check(id, texts.description_ar.startsWith(turn === "w" ? "الأبيض يلعب: " : "الأسود يلعب: "), "side ar");
      check(
        id,
        !ANY_SQUARE.test(texts.hints.subtle_en + texts.hints.subtle_ar),
        `square in ${texts.hints.subtle_en}`,
      );
      check(id, texts.hints.moderate_en.includes(first.slice(2, 4)), texts.hints.moderate_en);
      check(id, texts.hints.explicit_en.includes(`Play ${san}:`), `${san} / ${texts.hints.explicit_en}`);
      check(id, texts.hints.explicit_ar.includes(iso(san)), `${san} / ${texts.hints.explicit_ar}`);
      const start = `${fullmove}${turn === "w" ? "." : "..."} ${san}`;
      check(id, texts.explanation_en.includes(start), `${start} / ${texts.explanation_en}`);
      const mateIn = puzzle.themes.map((theme) => /^mateIn(\d)$/.exec(theme)?.[1]).find(Boolean);
      const mate = `${side} to move: mate in ${mateIn}`;
      check(id, !mateIn || texts.description_en === mate, `${mate} / ${texts.description_en}`);
      const outside = arabic(texts).map((text) => text.replace(/\u2066[^\u2066\u2069]*\u2069/g, ""));
      check(id, !outside.some((text) => /[A-Za-z+#=?]/.test(text)), `notation outside isolates: ${outside}`);
      // Every claim the texts make, checked on the board (./coach/check.ts).
      for (const problem of coachingProblems(puzzle, texts)) problems.push(`${id}: ${problem}`);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
