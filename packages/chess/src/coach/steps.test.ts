import { Chess as ChessJs } from "chess.js";
import { describe, expect, it } from "vitest";
import { composeCoaching, composeStepHints, IllegalMoveError } from "../coach";

/** Left-to-right isolate around notation inside Arabic text. */
const iso = (text: string) => `\u2066${text}\u2069`;

// Library puzzle #5189: 30... Re2+ 31. Kc3 Rxd3+ 32. Kxd3 Rxg2, the rook fork on the first move.
const ROOK_FORK = {
  fen: "6k1/p4p1p/p2P2p1/6P1/3rr1bP/1P1R4/P2K2N1/5R2 b - - 4 30",
  solution: ["e4e2", "d2c3", "d4d3", "c3d3", "e2g2"],
  themes: ["endgame", "exposedKing", "fork", "long"],
};

// Library puzzle #2122: 26. Nf7+ Kc6 27. Rc7#, a hook mate.
const HOOK_MATE = {
  fen: "1r5N/1p2R1bp/p2k4/2pN3B/2Pn1P2/8/b5PP/6K1 w - - 2 26",
  solution: ["h8f7", "d6c6", "e7c7"],
  themes: ["hookMate", "mate", "mateIn2", "middlegame", "short"],
};

/** The position of the step: the line played up to `ply` (chess.js, independently of the composer). */
function stepBoard(fen: string, solution: readonly string[], ply: number): ChessJs {
  const game = new ChessJs(fen);
  for (const uci of solution.slice(0, ply))
    game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
  return game;
}

describe("composeStepHints", () => {
  it("at the first move gives the puzzle's own hints", () => {
    expect(composeStepHints({ ...ROOK_FORK, ply: 0 })).toEqual(composeCoaching(ROOK_FORK).hints);
    expect(composeStepHints({ ...HOOK_MATE, ply: 0 })).toEqual(composeCoaching(HOOK_MATE).hints);
  });

  it("after the first move and the reply, hints at the move now expected, at every level and in both languages", () => {
    const hints = composeStepHints({ ...ROOK_FORK, ply: 2 });
    expect(hints.moderate_en).toMatch(/^Your rook on d4 takes on d3 with check/);
    expect(hints.moderate_ar).toContain(`رخك الذي على ${iso("d4")} يأخذ على ${iso("d3")} مع كش`);
    expect(hints.explicit_en).toMatch(/^Play Rxd3\+: /);
    expect(hints.explicit_ar).toMatch(new RegExp(`^العب ${iso("Rxd3+").replace("+", "\\+")}: `));
    expect(hints.explicit_en).not.toContain("Re2");
    // The rook named stands on d4 when the step comes, and Rxd3+ is legal there.
    const board = stepBoard(ROOK_FORK.fen, ROOK_FORK.solution, 2);
    expect(board.get("d4")).toEqual({ type: "r", color: "b" });
    expect(board.move("Rxd3+").san).toBe("Rxd3+");
    // The third step: Rxg2 after 32. Kxd3.
    const last = composeStepHints({ ...ROOK_FORK, ply: 4 });
    expect(last.moderate_en).toMatch(/^Your rook on e2 takes on g2/);
    expect(last.explicit_en).toMatch(/^Play Rxg2: /);
    expect(last.explicit_ar).toContain(iso("Rxg2"));
  });

  it("does not repeat an idea the line has already played: the fork was the first move's", () => {
    expect(composeStepHints({ ...ROOK_FORK, ply: 0 }).subtle_en).toBe("Look for a rook fork.");
    const later = composeStepHints({ ...ROOK_FORK, ply: 2 });
    expect(later.subtle_en).not.toMatch(/fork/);
    expect(later.subtle_ar).not.toMatch(/شوكة/);
    expect(later.subtle_en).not.toMatch(/(?<![A-Za-z])[a-h][1-8](?![0-9])/);
  });

  it("names the piece where it stands at the step, and counts the mate from there", () => {
    const hints = composeStepHints({ ...HOOK_MATE, ply: 2 });
    expect(hints.moderate_en).toMatch(/^Your rook on e7 goes to c7/);
    expect(hints.moderate_en).not.toContain("h8");
    expect(hints.explicit_en).toBe("Play Rc7#: it is checkmate.");
    expect(hints.explicit_ar).toBe(`العب ${iso("Rc7#")}: كش مات.`);
    const board = stepBoard(HOOK_MATE.fen, HOOK_MATE.solution, 2);
    expect(board.get("f7")).toEqual({ type: "n", color: "w" });
    expect(board.get("h8")).toBeUndefined();
    // A mate in 2 is a mate in 1 by the second move.
    const mateInTwo = {
      fen: "6k1/5ppp/3b4/8/7q/8/4QPPP/4R1K1 b - - 3 12",
      solution: ["h4h2", "g1f1", "h2h1"],
      themes: ["kingsideAttack", "mate", "mateIn2"],
    };
    expect(composeStepHints({ ...mateInTwo, ply: 2 }).subtle_en).toBe(
      "Your queen can give checkmate in one move.",
    );
  });

  it("refuses a step that is not a solver move of the line, and an illegal line", () => {
    expect(() => composeStepHints({ ...ROOK_FORK, ply: 1 })).toThrow(/ply 1/);
    expect(() => composeStepHints({ ...ROOK_FORK, ply: 6 })).toThrow(/ply 6/);
    expect(() => composeStepHints({ ...ROOK_FORK, ply: -2 })).toThrow(/ply -2/);
    expect(() => composeStepHints({ ...ROOK_FORK, solution: ["e4e2", "d2e1", "d4d3"], ply: 2 })).toThrow(
      IllegalMoveError,
    );
  });
});

describe("composeStepHints: the size of the advantage", () => {
  // Seed position #40: 6... Nxd5 7. Bxd8 Bb4+, stored at +4.6 for Black with lichess's "advantage" theme.
  const QUEEN_SACRIFICE = {
    fen: "r1bqkb1r/pppn1ppp/5n2/3N2B1/3P4/8/PP2PPPP/R2QKBNR b KQkq - 0 6",
    solution: ["f6d5", "g5d8", "f8b4"],
    themes: ["advantage", "opening", "sacrifice", "short"],
  };

  it("is not told at a later step, where no engine score reaches and lichess's theme spans better to decisive", () => {
    const hints = composeStepHints({ ...QUEEN_SACRIFICE, ply: 2 });
    expect(hints.explicit_en).toBe("Play Bb4+: it gives check.");
    expect(hints.explicit_en + hints.explicit_ar).not.toMatch(/better game|الأفضلية/);
    expect(composeStepHints({ ...QUEEN_SACRIFICE, ply: 0 }).explicit_en).toMatch(/better game/);
  });
});
