import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { isNearEvalLine, type TagInput, tagThemes } from "./themes";

/** The repository's test data (testdata/read.mjs): this package compiles without Node's types. */
const { readTestData } = (await import("../../../testdata/read.mjs" as string)) as {
  readTestData(name: string): string;
};

/** Plays the whole line with chess.js first, so every hand-made case is a legal position and a legal line. */
function tags(input: TagInput): string[] {
  const game = new Chess(input.fen);
  for (const uci of input.solution) {
    game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), ...(uci[4] ? { promotion: uci[4] } : {}) });
  }
  return tagThemes(input);
}

const BACK_RANK = { fen: "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", solution: ["e1e8"] };
const BOX_MATE = { fen: "6k1/8/6K1/8/8/8/8/R7 w - - 0 1", solution: ["a1a8"] };
const SMOTHERED = { fen: "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", solution: ["g5f7"] };
const ROYAL_FORK = { fen: "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", solution: ["b5c7", "e8d7", "c7a8"] };
const KING_WALK = { fen: "8/8/8/8/8/k7/8/7K w - - 0 1", solution: ["h1g1", "a3b3", "g1f1"] };
const PIN_WINS_QUEEN = {
  fen: "6k1/5q2/8/8/8/1P6/4B3/6K1 w - - 0 1",
  solution: ["e2c4", "f7c4", "b3c4"],
};
const SKEWER = { fen: "8/8/8/1q2k3/8/8/8/4K2R w - - 0 1", solution: ["h1h5", "e5d4", "h5b5"] };
const DISCOVERED = { fen: "4q3/7k/8/8/4N3/8/8/4R1K1 w - - 0 1", solution: ["e4g5", "h7g6", "e1e8"] };
const DOUBLE_CHECK = { fen: "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", solution: ["e4d6"] };
const FREE_KNIGHT = { fen: "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", solution: ["d1d5"] };
const QUEEN_SAC_SMOTHERED = {
  fen: "5r1k/6pp/8/6N1/8/1Q6/8/6K1 w - - 0 1",
  solution: ["b3g8", "f8g8", "g5f7"],
};
const DEFLECTION = { fen: "5rk1/7p/5np1/8/8/5Q2/6PP/4R1K1 w - - 0 1", solution: ["e1e8", "f8e8", "f3f6"] };
const ATTRACTION = { fen: "6k1/5pp1/8/8/8/8/8/3Q2KR w - - 0 1", solution: ["h1h8", "g8h8", "d1h5"] };
const QUEENING = { fen: "8/4P3/8/8/8/8/k7/6K1 w - - 0 1", solution: ["e7e8q"] };
const KNIGHT_PROMOTION = { fen: "8/4P1k1/8/8/8/8/8/K7 w - - 0 1", solution: ["e7e8n"] };
const EN_PASSANT = { fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", solution: ["e5d6"] };
const PAWN_RACE = { fen: "8/8/8/8/8/5k2/P7/7K w - - 0 1", solution: ["a2a4", "f3e4", "a4a5"] };
const ROOK_RETREAT = { fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", solution: ["a1a2"] };
const GREEK_GIFT = {
  fen: "rnbq1rk1/ppp2ppp/3bpn2/3p4/3P4/3BPN2/PPP2PPP/RNBQ1RK1 w - - 0 1",
  solution: ["d3h7"],
};
const QUEENSIDE_GIFT = {
  fen: "1k1r1bnr/ppp2ppp/2n1bq2/3pp3/8/2NPBN2/PPP1QPPP/R4RK1 w - - 0 1",
  solution: ["e3a7"],
};

describe("tagThemes: mates", () => {
  it("counts the solver's moves of a mating line", () => {
    expect(tags(BACK_RANK)).toEqual(expect.arrayContaining(["mate", "mateIn1", "oneMove"]));
    const mateInTwo = { fen: "7k/8/5K2/8/8/8/8/Q7 w - - 0 1", solution: ["f6g6", "h8g8", "a1a8"] };
    expect(tags(mateInTwo)).toEqual(expect.arrayContaining(["mate", "mateIn2", "short"]));
    expect(tags(mateInTwo)).not.toContain("mateIn1");
  });

  it("takes the engine's mate length when the line stops short of mate, with mateIn5 for five or more", () => {
    expect(tags({ ...ROOK_RETREAT, mate: 3 })).toEqual(expect.arrayContaining(["mate", "mateIn3"]));
    expect(tags({ ...DOUBLE_CHECK, mate: 7 })).toEqual(expect.arrayContaining(["mate", "mateIn5"]));
    expect(tags(ROOK_RETREAT)).not.toContain("mate");
  });

  it("knows a back-rank mate from a mate on the back rank given by the king's box", () => {
    expect(tags(BACK_RANK)).toContain("backRankMate");
    expect(tags(BOX_MATE)).toContain("mate");
    expect(tags(BOX_MATE)).not.toContain("backRankMate");
  });

  it("tags a smothered mate by a knight, and not a rook's back-rank mate", () => {
    expect(tags(SMOTHERED)).toEqual(expect.arrayContaining(["mate", "mateIn1", "smotheredMate"]));
    expect(tags(QUEEN_SAC_SMOTHERED)).toEqual(expect.arrayContaining(["mateIn2", "smotheredMate"]));
    expect(tags(BACK_RANK)).not.toContain("smotheredMate");
  });
});

describe("tagThemes: tactics", () => {
  it("tags a royal fork that wins the rook, not a fork the king simply takes", () => {
    expect(tags(ROYAL_FORK)).toContain("fork");
    const refuted = { fen: "r2k4/8/8/1N6/8/8/8/4K3 w - - 0 1", solution: ["b5c7", "d8c7", "e1e2"] };
    expect(tags(refuted)).not.toContain("fork");
  });

  it("tags an absolute pin that wins the queen, not the same trade without a king behind", () => {
    expect(tags(PIN_WINS_QUEEN)).toContain("pin");
    const noKingBehind = { ...PIN_WINS_QUEEN, fen: "7k/5q2/8/8/8/1P6/4B3/6K1 w - - 0 1" };
    expect(tags(noKingBehind)).not.toContain("pin");
  });

  it("tags a pin that keeps the pinned piece from taking what it attacks (lichess 03wQ4)", () => {
    // 31... Rc1 pins the rook on d1 (to the king on e1), which could otherwise take the rook on c1.
    const pinnedDefender = {
      fen: "2k1r3/7p/1p6/6Q1/4q2P/3pB3/PPrR1P2/4KR2 b - - 4 31",
      solution: ["c2c1", "d2d1", "e4b4"],
    };
    expect(tags(pinnedDefender)).toEqual(expect.arrayContaining(["pin", "mateIn2"]));
  });

  it("tags a skewer of king and queen, not a check that only picks up a pawn", () => {
    expect(tags(SKEWER)).toContain("skewer");
    expect(tags({ ...SKEWER, fen: "8/8/8/1p2k3/8/8/8/4K2R w - - 0 1" })).not.toContain("skewer");
  });

  it("tags a discovered attack on the queen, not a plain capture of it", () => {
    expect(tags(DISCOVERED)).toContain("discoveredAttack");
    expect(tags({ fen: "4q3/7k/8/8/8/8/8/4R1K1 w - - 0 1", solution: ["e1e8"] })).not.toContain(
      "discoveredAttack",
    );
  });

  it("tags a double check as such rather than as a discovered attack", () => {
    expect(tags(DOUBLE_CHECK)).toContain("doubleCheck");
    expect(tags(DOUBLE_CHECK)).not.toContain("discoveredAttack");
    expect(tags({ ...DOUBLE_CHECK, fen: "4k3/8/8/8/4N3/8/8/5RK1 w - - 0 1" })).not.toContain("doubleCheck");
  });

  it("tags taking an undefended piece, not a defended one nor a recapture", () => {
    expect(tags(FREE_KNIGHT)).toContain("hangingPiece");
    expect(tags({ ...FREE_KNIGHT, fen: "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1" })).not.toContain("hangingPiece");
    const recapture = {
      ...FREE_KNIGHT,
      previous: { fen: "4k3/8/8/3B4/5n2/8/8/3RK3 b - - 0 1", move: "f4d5" },
    };
    expect(tags(recapture)).not.toContain("hangingPiece");
  });

  it("tags giving up the queen for mate as a sacrifice, not a fork that wins material", () => {
    expect(tags(QUEEN_SAC_SMOTHERED)).toContain("sacrifice");
    expect(tags(ATTRACTION)).toContain("sacrifice");
    expect(tags(ROYAL_FORK)).not.toContain("sacrifice");
  });

  it("tags a deflection of the only guard, not the same moves when the guard never covered the square", () => {
    expect(tags(DEFLECTION)).toContain("deflection");
    const blocked = { ...DEFLECTION, fen: "5rk1/5p1p/5np1/8/8/5Q2/6PP/4R1K1 w - - 0 1" };
    expect(tags(blocked)).not.toContain("deflection");
  });

  it("tags luring the king onto a square the queen then checks, not a fork", () => {
    expect(tags(ATTRACTION)).toContain("attraction");
    expect(tags(ROYAL_FORK)).not.toContain("attraction");
  });
});

describe("tagThemes: special moves and move kinds", () => {
  it("tags promotion, and under-promotion only below a queen", () => {
    expect(tags(QUEENING)).toContain("promotion");
    expect(tags(QUEENING)).not.toContain("underPromotion");
    expect(tags(KNIGHT_PROMOTION)).toEqual(expect.arrayContaining(["promotion", "underPromotion"]));
    expect(tags(PAWN_RACE)).not.toContain("promotion");
  });

  it("tags en passant only when the solver takes en passant", () => {
    expect(tags(EN_PASSANT)).toContain("enPassant");
    expect(tags(FREE_KNIGHT)).not.toContain("enPassant");
  });

  it("tags a calm pawn move before the end as quiet, not a line of checks and captures", () => {
    expect(tags(PAWN_RACE)).toContain("quietMove");
    expect(tags(ROYAL_FORK)).not.toContain("quietMove");
  });

  it("tags a line that ends on a calm move as defensive, not one ending on a capture or mate", () => {
    expect(tags(ROOK_RETREAT)).toContain("defensiveMove");
    expect(tags(FREE_KNIGHT)).not.toContain("defensiveMove");
    expect(tags(BACK_RANK)).not.toContain("defensiveMove");
  });

  it("tags a check parried by a quiet block as defensive, even when the line ends on a capture (lichess 018KD)", () => {
    // 32. Re2 blocks the check from h2; 32... Qxe2+ 33. Kxe2 leaves White the queen.
    const block = {
      fen: "k6r/1b5p/6p1/1P6/3Q1P2/PP2R3/3K3q/8 w - - 0 32",
      solution: ["e3e2", "h2e2", "d2e2"],
    };
    expect(tags(block)).toContain("defensiveMove");
  });
});

describe("tagThemes: evaluation, length, wing and phase", () => {
  it("reads crushing, advantage or equality from the final eval, and nothing of the kind for a mate", () => {
    expect(tags({ ...ROOK_RETREAT, cp: 700 })).toContain("crushing");
    expect(tags({ ...ROOK_RETREAT, cp: 300 })).toContain("advantage");
    expect(tags({ ...ROOK_RETREAT, cp: 50 })).toContain("equality");
    const mated = tags({ ...BACK_RANK, cp: 700 });
    expect(mated).not.toContain("crushing");
    expect(mated).not.toContain("advantage");
  });

  it("tags zugzwang when the caller's engine found it, never by itself", () => {
    expect(tags({ ...ROOK_RETREAT, zugzwang: true })).toContain("zugzwang");
    expect(tags(ROOK_RETREAT)).not.toContain("zugzwang");
  });

  it("marks the evals near the +200 and +600 lines, which deserve a deeper search", () => {
    expect([99, 100, 200, 300, 301].map(isNearEvalLine)).toEqual([false, true, true, true, false]);
    expect([499, 500, 600, 700, 701].map(isNearEvalLine)).toEqual([false, true, true, true, false]);
    expect(isNearEvalLine(-600)).toBe(false);
  });

  it("names the length after the number of solver moves", () => {
    expect(tags(ROOK_RETREAT)).toContain("oneMove");
    expect(tags(ROYAL_FORK)).toContain("short");
    const long = { ...KING_WALK, solution: [...KING_WALK.solution, "b3c3", "f1e1"] };
    expect(tags(long)).toContain("long");
    expect(tags({ ...long, solution: [...long.solution, "c3d3", "e1d1"] })).toContain("veryLong");
  });

  it("tags an attack on the castled king's wing, not a back-rank mate in an endgame", () => {
    expect(tags(GREEK_GIFT)).toContain("kingsideAttack");
    expect(tags(QUEENSIDE_GIFT)).toContain("queensideAttack");
    expect(tags(QUEENSIDE_GIFT)).not.toContain("kingsideAttack");
    expect(tags(BACK_RANK)).not.toContain("kingsideAttack");
  });

  it("adds the game phase of the position", () => {
    expect(tags(GREEK_GIFT)).toContain("opening");
    expect(tags(QUEENSIDE_GIFT)).toContain("middlegame");
    expect(tags(BACK_RANK)).toContain("endgame");
  });
});

describe("tagThemes: contract", () => {
  it("returns sorted keys without duplicates", () => {
    const result = tags(QUEEN_SAC_SMOTHERED);
    expect(result).toEqual([...new Set(result)].sort());
  });

  it("refuses an illegal line and a last move that does not lead to the position", () => {
    expect(() => tagThemes({ fen: BACK_RANK.fen, solution: ["e1e9"] })).toThrow(/not legal/);
    expect(() => tagThemes({ fen: BACK_RANK.fen, solution: ["e1e8", "g8h8"] })).toThrow(/not legal/);
    const elsewhere = { fen: "4k3/8/8/8/8/8/8/3RK3 b - - 0 1", move: "e8f8" };
    expect(() => tagThemes({ ...FREE_KNIGHT, previous: elsewhere })).toThrow(/does not lead/);
  });
});

describe("tagThemes: endgame kinds and board pictures", () => {
  it("names the endgame by the only kind of piece besides kings and pawns", () => {
    const kind = (fen: string) =>
      tags({ fen, solution: [] }).filter((tag) => /Endgame$/.test(tag) && tag !== "endgame");
    expect(kind("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1")).toEqual(["pawnEndgame"]);
    expect(kind("8/5k2/8/8/8/8/r4P2/4K2R w - - 0 1")).toEqual(["rookEndgame"]);
    expect(kind("8/5k2/2b5/8/8/8/5P2/4KB2 w - - 0 1")).toEqual(["bishopEndgame"]);
    expect(kind("8/5k2/2n5/8/8/8/5P2/4KN2 w - - 0 1")).toEqual(["knightEndgame"]);
    expect(kind("8/5k2/2q5/8/8/8/5P2/4KQ2 w - - 0 1")).toEqual(["queenEndgame"]);
    // Two kinds of piece, or a first move that takes the last piece of the kind: no single kind.
    expect(kind("8/5k2/2b5/8/8/8/5P2/4K2R w - - 0 1")).toEqual([]);
    const takesTheRook = { fen: "8/5k2/8/8/8/8/4rP2/4K3 w - - 0 1", solution: ["e1e2"] };
    expect(tags(takesTheRook)).not.toContain("rookEndgame");
    expect(tags(takesTheRook)).not.toContain("pawnEndgame");
    expect(tags({ fen: takesTheRook.fen, solution: [] })).toContain("rookEndgame");
  });

  it("tags a pawn reaching the seventh rank as advanced, not a promotion nor a pawn on the sixth", () => {
    expect(tags({ fen: "4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", solution: ["e6e7"] })).toContain("advancedPawn");
    expect(tags({ fen: "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", solution: ["e5e6"] })).not.toContain(
      "advancedPawn",
    );
    expect(tags({ fen: "7k/P7/8/8/8/8/8/4K3 w - - 0 1", solution: ["a7a8q"] })).not.toContain("advancedPawn");
  });

  it("tags taking on f7 beside the king on e8, not on f7 once the king has left", () => {
    const scholar = {
      fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
      solution: ["h5f7"],
    };
    expect(tags(scholar)).toContain("attackingF2F7");
    expect(
      tags({ fen: "r1bq1bnr/ppppkppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQ - 2 3", solution: ["h5f7"] }),
    ).not.toContain("attackingF2F7");
  });

  it("tags Anastasia's mate and the hook mate by their pictures, not other mates", () => {
    const anastasia = { fen: "8/4N1pk/8/8/8/8/8/K2R4 w - - 0 1", solution: ["d1h1"] };
    expect(tags(anastasia)).toEqual(expect.arrayContaining(["anastasiaMate", "mateIn1"]));
    // Rf8#: the knight on d7 guards the rook and stands next to the king; the pawn on c6 guards the knight.
    const hook = { fen: "4k3/3Np3/2P5/8/8/8/8/5RK1 w - - 0 1", solution: ["f1f8"] };
    expect(tags(hook)).toEqual(expect.arrayContaining(["hookMate", "mateIn1"]));
    // A rook mate guarded by a knight (itself guarded by a pawn) that is not next to the king is no hook.
    const farKnight = { fen: "3nkn2/R7/8/5N2/4P3/8/8/6K1 w - - 0 1", solution: ["a7e7"] };
    expect(tags(farKnight)).toEqual(expect.arrayContaining(["mateIn1"]));
    expect(tags(farKnight)).not.toContain("hookMate");
    expect(tags(BACK_RANK)).not.toEqual(expect.arrayContaining(["anastasiaMate"]));
    expect(tags(BACK_RANK)).not.toContain("hookMate");
  });
});

describe("tagThemes against lichess's own tags", () => {
  /** Each sample row as the tagger sees it: the position after the opponent's first move, and that move. */
  function sample(): Array<{ id: string; input: TagInput; lichess: Set<string> }> {
    const rows = readTestData("lichess/puzzles-sample-1500.csv").trim().split("\n").slice(1);
    return rows
      .map((row) => {
        const [id = "", fen = "", moves = "", , , , , themes = ""] = row.split(",");
        const [first = "", ...solution] = moves.split(" ");
        const game = new Chess(fen);
        game.move({ from: first.slice(0, 2), to: first.slice(2, 4), promotion: first[4] });
        return {
          id,
          input: { fen: game.fen(), solution, previous: { fen, move: first } },
          lichess: new Set(themes.split(" ")),
        };
      })
      .filter(({ lichess }) => ["oneMove", "short", "long", "veryLong"].some((key) => lichess.has(key)));
  }

  it("reaches precision 0.85 and recall 0.75 on every theme it gives the sample (eval themes need an engine)", () => {
    const puzzles = sample();
    expect(puzzles.length).toBeGreaterThan(1400);
    const counts = new Map<string, { lichess: number; ours: number; both: number }>();
    const count = (theme: string) => {
      const entry = counts.get(theme) ?? { lichess: 0, ours: 0, both: 0 };
      counts.set(theme, entry);
      return entry;
    };
    for (const puzzle of puzzles) {
      const ours = new Set(tagThemes(puzzle.input));
      for (const theme of ours) {
        count(theme).ours++;
        if (puzzle.lichess.has(theme)) count(theme).both++;
      }
      for (const theme of puzzle.lichess) count(theme).lichess++;
    }
    const below: string[] = [];
    for (const [theme, { lichess, ours, both }] of counts) {
      if (ours === 0) continue;
      const precision = both / ours;
      const recall = lichess === 0 ? 1 : both / lichess;
      if (precision < 0.85 || recall < 0.75)
        below.push(`${theme} ${precision.toFixed(2)}/${recall.toFixed(2)}`);
    }
    expect(below).toEqual([]);
    // The rarer motifs are there, not only the common ones.
    for (const theme of [
      "exposedKing",
      "trappedPiece",
      "clearance",
      "intermezzo",
      "capturingDefender",
      "interference",
    ])
      expect(count(theme).both, theme).toBeGreaterThan(2);
  }, 60_000);

  it("tags an Arabian mate (rook beside the cornered king, knight two squares off) and a dovetail mate", () => {
    // Rh7#: the knight on f6 guards the rook and takes g8.
    const arabian = { fen: "7k/R7/5N2/8/8/8/8/6K1 w - - 0 1", solution: ["a7h7"] };
    expect(tags(arabian)).toEqual(expect.arrayContaining(["arabianMate", "mateIn1"]));
    // Qd6#, the queen guarded by the pawn on c5: it covers every free square around the king on e5, whose own
    // pawns on f5 and e4 fill the rest.
    const dovetail = { fen: "8/8/8/2P1kp2/4p3/8/8/3Q2K1 w - - 0 1", solution: ["d1d6"] };
    const got = tags(dovetail);
    expect(got).toContain("mateIn1");
    expect(got).toContain("dovetailMate");
  });
});
