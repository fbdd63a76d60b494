import { findPuzzles, isZugzwang, type PgnGame, type PuzzleCandidate, parsePgn, solveFrom } from "@ct/chess";
import { Chess } from "chess.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTestData } from "../../../../testdata/read.mjs";
import { EnginePool } from "../engine/pool";
import { buildPosition } from "./build-position";

const BUDGET = { nodes: 20_000 };

/** Plays UCI moves with chess.js (independent of the generator's chessops code); null when one is illegal. */
function replay(fen: string, moves: readonly string[]): Chess | null {
  const board = new Chess(fen);
  try {
    for (const move of moves)
      board.move({ from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] });
    return board;
  } catch {
    return null;
  }
}

function gamePosition(game: PgnGame, ply: number): string | undefined {
  if (ply < game.moves.length) return game.moves[ply]?.fenBefore;
  const last = game.moves.at(-1);
  return last ? replay(last.fenBefore, [last.uci])?.fen() : undefined;
}

describe("solveFrom on hand-made positions", () => {
  const engine = new EnginePool();
  afterAll(() => engine.close());

  it("accepts the only move that wins (a hanging queen) and ends on it", async () => {
    const fen = "8/5kpp/8/3q4/8/8/5PPP/3R2K1 w - - 0 1";
    const line = await solveFrom(fen, engine, BUDGET);
    expect(line?.solution[0]).toBe("d1d5");
    expect(line?.correctMoves).toEqual(["d1d5"]);
    expect((line?.solution.length ?? 0) % 2).toBe(1);
    expect(line?.cp).toBeGreaterThan(300);
    expect(line?.mate).toBeUndefined();
    expect(line?.alternative?.cp).toBeLessThan(0);
    expect(replay(fen, line?.solution ?? [])).not.toBeNull();
  });

  it("finds the zugzwang of a trébuchet: the king defends its pawn and the other king must give up its own", async () => {
    // Black's king on d4 attacks e4; only Kf5 defends it, and then Black, to move, must let e5 go. Passing would
    // leave White to move and lose the e4 pawn instead.
    const fen = "8/8/6K1/4p3/3kP3/8/8/8 w - - 0 1";
    const line = await solveFrom(fen, engine, BUDGET);
    if (!line) throw new Error("the engine found no line");
    expect(line.solution).toEqual(["g6f5"]);
    expect(line.zugzwang).toBe(true);
    expect(buildPosition({ ...line, fen, source: "test:trebuchet" }).themes).toContain("zugzwang");
  });

  it("does not call a won queen zugzwang", async () => {
    const fen = "8/5kpp/8/3q4/8/8/5PPP/3R2K1 w - - 0 1";
    const line = await solveFrom(fen, engine, BUDGET);
    expect(line?.zugzwang).toBeUndefined();
    expect(await isZugzwang(fen, ["d1d5"], engine, BUDGET)).toBe(false);
  });

  it("searches a final eval near lichess's +600 line again, four times deeper, and tags from that search", async () => {
    // Rxd5 wins a rook for two pawns: about +5.7 at this budget, near the line between advantage and crushing.
    const fen = "8/pp3kpp/8/3r4/8/8/5PPP/3R2K1 w - - 0 1";
    const line = await solveFrom(fen, engine, BUDGET, { zugzwang: false });
    if (!line) throw new Error("the engine found no line");
    expect(line.cp).toBeGreaterThanOrEqual(500);
    expect(line.cp).toBeLessThanOrEqual(700);
    const settled = line.settled?.cp;
    if (settled === undefined) throw new Error("no deeper search was made");
    const themes = buildPosition({ ...line, fen, source: "test:settle" }).themes;
    expect(themes).toContain(settled > 600 ? "crushing" : "advantage");
    // Far from a line (the queen won: about +8), no second search.
    const queen = await solveFrom("8/5kpp/8/3q4/8/8/5PPP/3R2K1 w - - 0 1", engine, BUDGET, {
      zugzwang: false,
    });
    expect(queen?.cp).toBeGreaterThan(700);
    expect(queen?.settled).toBeUndefined();
  });

  it("refuses a position where two moves win the same", async () => {
    const twoRooksTakeTheQueen = "8/5kpp/8/R2q4/8/8/5PPP/3R2K1 w - - 0 1";
    expect(await solveFrom(twoRooksTakeTheQueen, engine, BUDGET)).toBeNull();
  });

  it("names no natural-looking alternative that still wins: 1. Qh5 mates in 4 where 1. Bxh7# mates at once", async () => {
    // Seed #47, whose text once read "The natural-looking 1. Qh5? lets Black answer 1... Qxd3".
    const fen = "2bq1rk1/ppp2p1p/2n1p3/6N1/8/1P1B4/PBP1QPPP/5RK1 w - - 0 1";
    const result = await engine.analyse(fen, { ...BUDGET, multipv: 2 });
    const second = result.lines[1];
    expect(second?.mate !== undefined || (second?.cp ?? 0) > 500).toBe(true);
    const line = await solveFrom(fen, engine, BUDGET);
    expect(line?.solution).toEqual(["d3h7"]);
    expect(line?.alternative).toBeUndefined();
    expect(
      buildPosition({
        ...line,
        fen,
        correctMoves: line?.correctMoves ?? [],
        solution: line?.solution ?? [],
        source: "test",
      }).explanation_en,
    ).not.toContain("natural-looking");
  });

  it("accepts every mate in one as correct", async () => {
    const line = await solveFrom("6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1", engine, BUDGET);
    expect(line?.correctMoves).toEqual(["a1a8", "b1b8"]);
    expect(line?.solution).toHaveLength(1);
    expect(line?.correctMoves).toContain(line?.solution[0]);
    expect(line?.mate).toBe(1);
  });

  it("promotes to a queen when a rook would mate as well", async () => {
    const line = await solveFrom("k7/4P3/1K6/8/8/8/8/8 w - - 0 1", engine, BUDGET);
    expect(line?.solution).toEqual(["e7e8q"]);
    expect(line?.correctMoves).toEqual(expect.arrayContaining(["e7e8q", "e7e8r"]));
  });

  it("runs a forced mate to the mate, with the number of moves it takes", async () => {
    // 12... Qxh2+ 13. Kf1 Qh1#: the line must not stop after the first move.
    const fen = "6k1/5ppp/3b4/8/7q/8/4QPPP/4R1K1 b - - 3 12";
    const line = await solveFrom(fen, engine, BUDGET);
    expect(line?.solution).toEqual(["h4h2", "g1f1", "h2h1"]);
    expect(line?.mate).toBe(2);
    expect(replay(fen, line?.solution ?? [])?.isCheckmate()).toBe(true);
  });

  it("refuses a position with a single legal move", async () => {
    expect(await solveFrom("7k/8/6Q1/8/8/8/8/K7 b - - 0 1", engine, BUDGET)).toBeNull();
  });
});

describe("findPuzzles on real games", () => {
  const engine = new EnginePool();
  let games: PgnGame[] = [];
  const found = new Map<PgnGame, PuzzleCandidate[]>();

  beforeAll(async () => {
    const all = parsePgn(readTestData("games/capablanca-1901-1941.pgn")).games;
    const pick = (white: string, black: string, year: string) =>
      all.find(
        (game) =>
          game.headers.White?.startsWith(white) &&
          game.headers.Black?.startsWith(black) &&
          game.headers.Date?.startsWith(year),
      ) as PgnGame;
    games = [
      pick("Capablanca", "Jaffe", "1910"),
      pick("Capablanca", "Black, Roy", "1913"),
      pick("Capablanca", "Lassen", "1919"),
      pick("Capablanca", "Clough", "1919"),
    ];
    expect(games.every(Boolean)).toBe(true);
    await Promise.all(
      games.map(async (game) => {
        const candidates: PuzzleCandidate[] = [];
        for await (const candidate of findPuzzles(game, engine, BUDGET)) candidates.push(candidate);
        found.set(game, candidates);
      }),
    );
  }, 60_000);
  afterAll(() => engine.close());

  it("refuses Capablanca–Jaffe's mate in two (20. Nxf7+), where 20. Rxd6 also wins by more than 5 pawns", () => {
    // lichess's rule: a mate in 2 is a puzzle only when the second-best move is worth less than +500 cp.
    expect(found.get(games[0] as PgnGame)).toEqual([]);
  });

  it("finds puzzles in the other games, and every mate line runs to the mate", () => {
    const others = games.slice(1).flatMap((game) => found.get(game) ?? []);
    expect(others.length).toBeGreaterThan(0);
    for (const candidate of others.filter((each) => each.mate !== undefined)) {
      expect(candidate.solution.length).toBe(2 * (candidate.mate as number) - 1);
      expect(replay(candidate.fen, candidate.solution)?.isCheckmate()).toBe(true);
    }
  });

  it("gives legal lines that start from the game position and end on a solver move", () => {
    const all = [...found.values()].flat();
    expect(all.length).toBeGreaterThan(0);
    for (const candidate of all) {
      expect(candidate.fen).toBe(gamePosition(candidate.game, candidate.ply));
      expect(candidate.solution.length % 2).toBe(1);
      const end = replay(candidate.fen, candidate.solution);
      expect(end).not.toBeNull();
      expect(candidate.correctMoves).toContain(candidate.solution[0]);
      for (const move of candidate.correctMoves) expect(replay(candidate.fen, [move])).not.toBeNull();
      if (candidate.mate !== undefined && candidate.solution.length === 2 * candidate.mate - 1) {
        expect(end?.isCheckmate()).toBe(true);
      }
    }
  });

  it("skips positions the caller already knows", async () => {
    const jaffe = games[0] as PgnGame;
    const asked: string[] = [];
    const known = (fen: string) => {
      asked.push(fen);
      return true;
    };
    const candidates: PuzzleCandidate[] = [];
    for await (const candidate of findPuzzles(jaffe, engine, BUDGET, known)) candidates.push(candidate);
    expect(candidates).toEqual([]);
    expect(asked).toEqual(
      expect.arrayContaining(found.get(jaffe)?.map((candidate) => candidate.fen) ?? ["none"]),
    );
  });
});
