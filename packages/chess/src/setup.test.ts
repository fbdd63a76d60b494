import { describe, expect, it } from "vitest";
import { START_FEN } from "./fen";
import {
  allowedCastling,
  boardField,
  checkSetup,
  EMPTY_SETUP,
  enPassantCandidates,
  gameStatus,
  loadSetupFen,
  parseBoardField,
  type Setup,
  START_SETUP,
  setupFen,
  withTurn,
} from "./setup";

const NO_CASTLING = { K: false, Q: false, k: false, q: false };

/** A setup from a board field, with white to move and no rights unless given. */
function setup(board: string, extra: Partial<Setup> = {}): Setup {
  const placement = parseBoardField(board);
  if (!placement) throw new Error(`bad board ${board}`);
  return { placement, turn: "w", castling: NO_CASTLING, enPassant: null, ...extra };
}

describe("board field", () => {
  it("writes and reads a placement", () => {
    expect(boardField({ e1: "wK", e8: "bK", a7: "bP", h2: "wQ" })).toBe("4k3/p7/8/8/8/8/7Q/4K3");
    expect(parseBoardField("4k3/p7/8/8/8/8/7Q/4K3")).toEqual({ e8: "bK", a7: "bP", h2: "wQ", e1: "wK" });
    expect(boardField({})).toBe("8/8/8/8/8/8/8/8");
  });

  it("round-trips the start position", () => {
    expect(boardField(START_SETUP.placement)).toBe(START_FEN.split(" ")[0]);
  });

  it("refuses malformed fields", () => {
    for (const field of [
      "8/8/8/8/8/8/8", // seven ranks
      "8/8/8/8/8/8/8/8/8", // nine
      "9/8/8/8/8/8/8/8", // nine squares
      "44/8/8/8/8/8/8/8", // two digits in a row
      "7/8/8/8/8/8/8/8", // seven squares
      "rnbqkbnrp/8/8/8/8/8/8/8", // nine pieces
      "4x3/8/8/8/8/8/8/8", // unknown letter
      "0k7/8/8/8/8/8/8/8",
    ]) {
      expect(parseBoardField(field), field).toBeNull();
    }
  });
});

describe("setupFen", () => {
  it("writes the start position as the standard FEN", () => {
    expect(setupFen(START_SETUP)).toBe(START_FEN);
  });

  it("writes only the castling rights the board allows", () => {
    const board = "r3k2r/8/8/8/8/8/8/4K2R";
    expect(setupFen(setup(board, { castling: { K: true, Q: true, k: true, q: true } }))).toBe(
      "r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1",
    );
    expect(setupFen(setup(board))).toBe("r3k2r/8/8/8/8/8/8/4K2R w - - 0 1");
    expect(allowedCastling(parseBoardField(board) ?? {})).toEqual({ K: true, Q: false, k: true, q: true });
  });

  it("keeps the en passant square and resets the move counters", () => {
    expect(setupFen(setup("4k3/8/8/3pP3/8/8/8/4K3", { enPassant: "d6" }))).toBe(
      "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    );
  });
});

describe("loadSetupFen", () => {
  it("completes a FEN with fewer than six fields with the spec's defaults", () => {
    const loaded = loadSetupFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    expect(loaded).toMatchObject({
      ok: true,
      fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
      added: ["w", "KQkq", "-", "0", "1"],
      droppedCastling: [],
    });
    expect(loadSetupFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")).toMatchObject({
      ok: true,
      fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
      added: ["KQkq", "-", "0", "1"],
    });
  });

  it("sets the move counters to 0 (move number 1) and keeps the en passant field", () => {
    const loaded = loadSetupFen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 7");
    expect(loaded).toMatchObject({
      ok: true,
      fen: "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 1",
      added: [],
    });
    // Kept even when no pawn can take there (the FEN standard records it after every double step).
    expect(loadSetupFen("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 12 40")).toMatchObject({
      fen: "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
    });
  });

  it("drops castling rights the board contradicts and says which", () => {
    const loaded = loadSetupFen("4k3/8/8/8/8/8/8/4K2R");
    expect(loaded).toMatchObject({
      ok: true,
      fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
      droppedCastling: ["Q", "k", "q"],
    });
    // What was asked for is kept: a rook put back on a1 brings the right back.
    if (loaded.ok) {
      const withRook = { ...loaded.setup, placement: { ...loaded.setup.placement, a1: "wR" as const } };
      expect(setupFen(withRook)).toBe("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    }
  });

  it("loads a readable position even when it cannot be played (the board is checked separately)", () => {
    const loaded = loadSetupFen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1");
    expect(loaded.ok).toBe(true);
    if (loaded.ok) expect(checkSetup(loaded.setup)).toMatchObject({ ok: false, problem: { kind: "kings" } });
  });

  it("refuses malformed FENs", () => {
    for (const fen of [
      "",
      "   ",
      "hello world",
      "8/8/8/8/8/8/8 w - - 0 1",
      "4k3/8/8/8/8/8/8/4K3 x",
      "4k3/8/8/8/8/8/8/4K3 w KX",
      "4k3/8/8/8/8/8/8/4K3 w KK",
      "4k3/8/8/8/8/8/8/4K3 w - e5",
      "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 one",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
    ]) {
      expect(loadSetupFen(fen), fen).toEqual({ ok: false, problem: { kind: "fen" } });
    }
  });

  it("accepts extra whitespace", () => {
    expect(loadSetupFen("  4k3/8/8/8/8/8/8/4K3   b  -  ")).toMatchObject({
      ok: true,
      fen: "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
    });
  });
});

describe("checkSetup", () => {
  it("accepts the start position and a bare endgame", () => {
    expect(checkSetup(START_SETUP)).toEqual({ ok: true, fen: START_FEN });
    expect(checkSetup(setup("4k3/8/8/8/8/8/4P3/4K3", { turn: "b" }))).toEqual({
      ok: true,
      fen: "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
    });
  });

  it("needs exactly one king a side", () => {
    expect(checkSetup(EMPTY_SETUP)).toMatchObject({ ok: false, problem: { kind: "kings" } });
    expect(checkSetup(setup("4k3/8/8/8/8/8/8/3KK3"))).toMatchObject({ problem: { kind: "kings" } });
    expect(checkSetup(setup("8/8/8/8/8/8/8/4K3"))).toMatchObject({ problem: { kind: "kings" } });
    expect(checkSetup(setup("3kk3/8/8/8/8/8/8/4K3"))).toMatchObject({ problem: { kind: "kings" } });
  });

  it("names pawns on the first or last rank", () => {
    expect(checkSetup(setup("P3k3/8/8/8/8/8/8/4K2p"))).toEqual({
      ok: false,
      fen: "P3k3/8/8/8/8/8/8/4K2p w - - 0 1",
      problem: { kind: "pawns-on-back-rank", squares: ["h1", "a8"] },
    });
  });

  it("refuses a position where the side not to move is in check", () => {
    // Black king on e8 attacked by the queen on e2 while white is to move.
    expect(checkSetup(setup("4k3/8/8/8/8/8/4Q3/4K3"))).toMatchObject({
      ok: false,
      problem: { kind: "opposite-check", side: "b" },
    });
    expect(checkSetup(setup("4k3/8/8/8/8/8/4Q3/4K3", { turn: "b" })).ok).toBe(true);
    // Kings side by side: each attacks the other.
    expect(checkSetup(setup("8/8/8/8/8/8/8/3Kk3", { turn: "b" }))).toMatchObject({
      problem: { kind: "opposite-check", side: "w" },
    });
  });

  it("refuses more material than a side can have", () => {
    expect(checkSetup(setup("4k3/8/8/8/PPPPPPPP/P7/8/4K3"))).toMatchObject({
      problem: { kind: "board", reason: "material" },
    });
    // Nine queens and no pawns is possible (eight promotions); a tenth is not.
    expect(checkSetup(setup("7k/8/8/Q7/Q7/Q7/8/KQQQQQQ1")).ok).toBe(true);
    expect(checkSetup(setup("7k/8/Q7/Q7/Q7/Q7/8/KQQQQQQ1"))).toMatchObject({
      problem: { kind: "board", reason: "material" },
    });
  });

  it("refuses an en passant square the board contradicts", () => {
    // No black pawn on d5 in front of d6.
    expect(checkSetup(setup("4k3/8/8/4P3/8/8/8/4K3", { enPassant: "d6" }))).toMatchObject({
      problem: { kind: "board", reason: "en-passant" },
    });
    // A piece on the square the pawn came from.
    expect(checkSetup(setup("4k3/3n4/8/3pP3/8/8/8/4K3", { enPassant: "d6" }))).toMatchObject({
      problem: { kind: "board", reason: "en-passant" },
    });
    expect(checkSetup(setup("4k3/8/8/3pP3/8/8/8/4K3", { enPassant: "d6" })).ok).toBe(true);
  });

  it("refuses a check no move could have given", () => {
    // Two knights check the white king at once.
    expect(checkSetup(setup("4k3/8/8/8/8/3n1n2/8/4K3"))).toMatchObject({
      problem: { kind: "board", reason: "impossible-check" },
    });
    // One knight checking is fine.
    expect(checkSetup(setup("4k3/8/8/8/8/3n4/8/4K3")).ok).toBe(true);
  });

  it("returns the FEN it judged, also when refusing", () => {
    expect(checkSetup(EMPTY_SETUP)).toMatchObject({ fen: "8/8/8/8/8/8/8/8 w - - 0 1" });
  });
});

describe("en passant candidates and side to move", () => {
  it("lists the squares behind pawns that may just have advanced two squares", () => {
    const placement = parseBoardField("4k3/8/8/pp1pP3/8/8/8/4K3") ?? {};
    expect(enPassantCandidates(placement, "w")).toEqual(["a6", "b6", "d6"]);
    expect(enPassantCandidates(placement, "b")).toEqual([]);
    expect(enPassantCandidates(parseBoardField("4k3/8/8/8/2P1P3/8/8/4K3") ?? {}, "b")).toEqual(["c3", "e3"]);
  });

  it("clears the en passant square when the side to move changes", () => {
    const before = setup("4k3/8/8/3pP3/8/8/8/4K3", { enPassant: "d6" });
    expect(withTurn(before, "b")).toMatchObject({ turn: "b", enPassant: null });
    expect(withTurn(before, "w")).toBe(before);
  });
});

describe("gameStatus", () => {
  it("tells whose move it is and whether the game has ended", () => {
    expect(gameStatus(START_FEN)).toEqual({
      turn: "w",
      check: false,
      checkmate: false,
      stalemate: false,
      insufficientMaterial: false,
      fiftyMoves: false,
    });
    // Fool's mate.
    expect(gameStatus("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")).toMatchObject({
      turn: "w",
      check: true,
      checkmate: true,
    });
    expect(gameStatus("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).toMatchObject({ stalemate: true, check: false });
    expect(gameStatus("4k3/8/8/8/8/8/8/4KB2 b - - 0 1")).toMatchObject({ insufficientMaterial: true });
    expect(gameStatus("4k3/8/8/8/8/8/8/4KR2 b - - 100 80")).toMatchObject({ fiftyMoves: true });
    expect(gameStatus("not a fen")).toBeNull();
  });
});
