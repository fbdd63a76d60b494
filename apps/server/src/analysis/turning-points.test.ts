import {
  type Analyser,
  findTurningPoints,
  type PgnGame,
  parsePgn,
  type TurningPointProgress,
  type TurningPoints,
} from "@ct/chess";
import { Chess } from "chess.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTestData } from "../../../../testdata/read.mjs";
import { EnginePool } from "../engine/pool";

/** The node budget of the generator's own tests: small enough for the test run, the same answer on any machine. */
const BUDGET = { nodes: 20_000 };

const SHORT_GAME = `[White "Test Player"] [Black "Other"] 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. d3 Nxh5 0-1`;
/** The position after 3...Nf6, White to move: 4. Qxf7# mates, 4. d3 loses the queen. */
const AFTER_NF6 = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

function gameOf(pgn: string): PgnGame {
  const [game] = parsePgn(pgn).games;
  if (!game) throw new Error("no game");
  return game;
}

function pick(games: PgnGame[], white: string, black: string, test: (game: PgnGame) => boolean): PgnGame {
  const game = games.find(
    (each) => each.headers.White?.startsWith(white) && each.headers.Black?.startsWith(black) && test(each),
  );
  if (!game) throw new Error(`no game ${white}–${black}`);
  return game;
}

/** Plays UCI moves with chess.js (independent of the finder's chessops code). */
function replay(fen: string, moves: readonly string[]): Chess {
  const board = new Chess(fen);
  for (const move of moves) board.move({ from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] });
  return board;
}

describe("findTurningPoints", () => {
  const engine = new EnginePool({ size: 2 });
  const options = { concurrency: engine.size };
  afterAll(() => engine.close());

  describe("on the short game where White misses a mate in one and loses the queen", () => {
    const game = gameOf(SHORT_GAME);
    let white: TurningPoints;
    let black: TurningPoints;
    const progress: TurningPointProgress[] = [];

    beforeAll(async () => {
      white = await findTurningPoints(game, "white", engine, BUDGET, {
        ...options,
        onProgress: (each) => progress.push(each),
      });
      black = await findTurningPoints(game, "black", engine, BUDGET, options);
    });

    it("finds Test Player's 4. d3 and makes the puzzle from the position after 3...Nf6: 4. Qxf7#", () => {
      expect(white.mistakes.map((mistake) => mistake.played.san)).toEqual(["d3"]);
      expect(white.puzzles).toHaveLength(1);
      const [puzzle] = white.puzzles;
      expect(puzzle?.fen).toBe(AFTER_NF6);
      expect(puzzle?.ply).toBe(6);
      expect(puzzle?.played).toEqual({ san: "d3", uci: "d2d3" });
      expect(puzzle?.solution).toEqual(["h5f7"]);
      expect(puzzle?.mate).toBe(1);
      expect(puzzle?.before).toEqual({ mate: 1 });
      // The mate-in-one rule: every mating move is accepted (here Qxf7# is the only one).
      const mates = replay(AFTER_NF6, [])
        .moves({ verbose: true })
        .filter((move) => move.san.endsWith("#"))
        .map((move) => move.lan);
      expect(puzzle?.correctMoves).toEqual(mates);
      expect(mates).toEqual(["h5f7"]);
    });

    it("gives the refutation of d3: the knight takes the queen", () => {
      const refutation = white.puzzles[0]?.refutation;
      expect(refutation?.reply).toEqual({ uci: "f6h5", san: "Nxh5" });
      expect(refutation?.line[0]).toBe("Nxh5");
      expect(refutation?.line.length).toBeGreaterThan(1);
      expect(refutation?.line.length).toBeLessThanOrEqual(4);
      expect(refutation?.scoreCp).toBeGreaterThan(600);
    });

    it("finds Black's 3...Nf6, which allowed the mate, but no puzzle: several moves defend f7", () => {
      // The engine's honest verdict: 3...Nf6 is a blunder by the generator's rule (it allows a mate in one), but from
      // the position before it g6, Qe7 and Qf6 all hold, so no move is the only good one.
      expect(black.mistakes.map((mistake) => [mistake.ply, mistake.played.san])).toEqual([[5, "Nf6"]]);
      expect(black.mistakes[0]?.refutation).toMatchObject({ reply: { san: "Qxf7#" }, mateIn: 1 });
      expect(black.puzzles).toEqual([]);
    });

    it("reports progress for every position, then for every mistake solved", () => {
      const positions = game.moves.length + 1;
      const scan = progress.filter((each) => each.stage === "scan");
      expect(scan.map((each) => each.done)).toEqual(
        Array.from({ length: positions }, (_, index) => index + 1),
      );
      expect(scan.every((each) => each.total === positions)).toBe(true);
      expect(progress.filter((each) => each.stage === "solve")).toEqual([
        { stage: "solve", done: 1, total: 1 },
      ]);
      expect(progress.at(-1)?.stage).toBe("solve");
    });
  });

  describe("on real games (testdata)", () => {
    let jaffe: PgnGame;
    let loewenthal: PgnGame;

    beforeAll(() => {
      jaffe = pick(
        parsePgn(readTestData("games/capablanca-1901-1941.pgn")).games,
        "Capablanca",
        "Jaffe",
        (game) => game.headers.Date?.startsWith("1910") ?? false,
      );
      loewenthal = pick(
        parsePgn(readTestData("games/london-1851.pgn")).games,
        "Loewenthal",
        "Anderssen",
        (game) => game.headers.ECO === "C33" && game.result === "1-0",
      );
    });

    it("Capablanca–Jaffe 1910: Black's 19...Kxh6, taking the bishop, allows the mate that 20. Nxf7+ starts", async () => {
      const black = await findTurningPoints(jaffe, "black", engine, BUDGET, options);
      expect(black.mistakes.map((mistake) => [mistake.ply, mistake.played.san])).toEqual([[37, "Kxh6"]]);
      const [mistake] = black.mistakes;
      expect(mistake?.refutation.reply.san).toBe("Nxf7+");
      expect(mistake?.refutation.mateIn).toBe(2);
      expect(mistake?.before.cp).toBeLessThan(-300);
      // Black was already lost after 19. Bxh6+: no single move saves the game, so no puzzle.
      expect(black.puzzles).toEqual([]);
      const white = await findTurningPoints(jaffe, "white", engine, BUDGET, options);
      expect(white.mistakes).toEqual([]);
    });

    it("Loewenthal–Anderssen, London 1851: 27...Kh8 walks into 28. Ng6+; 27...Kf7 was the only move", async () => {
      const { mistakes, puzzles } = await findTurningPoints(loewenthal, "black", engine, BUDGET, options);
      expect(mistakes.map((mistake) => mistake.played.san)).toEqual(["Kh8", "hxg6"]);
      expect(puzzles).toHaveLength(1);
      const [puzzle] = puzzles;
      expect(puzzle?.ply).toBe(53);
      expect(puzzle?.fen).toBe(loewenthal.moves[53]?.fenBefore);
      expect(puzzle?.played.san).toBe("Kh8");
      expect(puzzle?.refutation.reply.san).toBe("Ng6+");
      expect(puzzle?.solution[0]).toBe("g7f7");
      expect(puzzle?.correctMoves).toEqual(["g7f7"]);
      expect((puzzle?.solution.length ?? 0) % 2).toBe(1);
      expect(() => replay(puzzle?.fen ?? "", puzzle?.solution ?? [])).not.toThrow();
    });
  });

  describe("cancellation", () => {
    it("starts no search once aborted and rejects with the signal's reason", async () => {
      let searches = 0;
      const counting: Analyser = {
        analyse: (fen, limits) => {
          searches++;
          return engine.analyse(fen, limits);
        },
      };
      const controller = new AbortController();
      const progress: TurningPointProgress[] = [];
      const run = findTurningPoints(gameOf(SHORT_GAME), "white", counting, BUDGET, {
        signal: controller.signal,
        onProgress: (each) => {
          progress.push(each);
          controller.abort();
        },
      });
      await expect(run).rejects.toMatchObject({ name: "AbortError" });
      expect(progress).toHaveLength(1);
      expect(searches).toBe(1);
    });

    it("abandons a search in flight at once", async () => {
      const controller = new AbortController();
      const deep = { nodes: 5_000_000 }; // several seconds per search on this machine
      const started = Date.now();
      const run = findTurningPoints(gameOf(SHORT_GAME), "white", engine, deep, { signal: controller.signal });
      setTimeout(() => controller.abort(new Error("cancelled by the player")), 100);
      await expect(run).rejects.toThrow("cancelled by the player");
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it("stops at the first failed search and rejects with its error", async () => {
      let searches = 0;
      const failing: Analyser = {
        analyse: (fen, limits) => {
          searches++;
          return searches === 3 ? Promise.reject(new Error("engine crashed")) : engine.analyse(fen, limits);
        },
      };
      const run = findTurningPoints(gameOf(SHORT_GAME), "white", failing, BUDGET, { concurrency: 2 });
      await expect(run).rejects.toThrow("engine crashed");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(searches).toBeLessThanOrEqual(4);
    });

    it("refuses to start with a signal already aborted", async () => {
      const run = findTurningPoints(gameOf(SHORT_GAME), "white", engine, BUDGET, {
        signal: AbortSignal.abort(),
      });
      await expect(run).rejects.toMatchObject({ name: "AbortError" });
    });
  });
});
