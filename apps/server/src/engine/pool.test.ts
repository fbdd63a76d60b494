import { Chess } from "chess.js";
import { afterAll, describe, expect, it } from "vitest";
import { EngineCrashError, EnginePool, EngineTimeoutError } from "./pool";
import { parseInfoLine } from "./uci";

const BACK_RANK_MATE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
const ITALIAN = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isLegal(fen: string, uci: string): boolean {
  try {
    new Chess(fen).move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] ?? "q" });
    return true;
  } catch {
    return false;
  }
}

describe("EnginePool with the real Stockfish", () => {
  const pool = new EnginePool({ size: 2 });
  afterAll(() => pool.close());

  it("finds a mate in one and reports it as mate 1", async () => {
    const result = await pool.analyse(BACK_RANK_MATE, { depth: 6 });
    expect(result.bestmove).toBe("a1a8");
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({ mate: 1, multipv: 1, pv: ["a1a8"] });
  });

  it("scores from the side to move", async () => {
    const blackToMoveQueenDown = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1";
    const result = await pool.analyse(blackToMoveQueenDown, { nodes: 5_000 });
    expect(result.lines[0]?.cp).toBeLessThan(-500);
  });

  it("returns MultiPV lines sorted best first, each starting with a different legal move", async () => {
    const result = await pool.analyse(ITALIAN, { nodes: 20_000, multipv: 3 });
    expect(result.lines.map((line) => line.multipv)).toEqual([1, 2, 3]);
    const scores = result.lines.map((line) => line.cp ?? Number.NaN);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const firsts = result.lines.map((line) => line.pv[0] as string);
    expect(new Set(firsts).size).toBe(3);
    for (const move of firsts) expect(isLegal(ITALIAN, move)).toBe(true);
    expect(result.bestmove).toBe(firsts[0]);
  });

  it("gives no more lines than there are legal moves, and none for a finished game", async () => {
    const oneReply = "7k/8/6Q1/8/8/8/8/K7 b - - 0 1";
    expect((await pool.analyse(oneReply, { depth: 4, multipv: 3 })).lines).toHaveLength(1);
    const mated = await pool.analyse("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", { depth: 4 });
    expect(mated.bestmove).toBe("(none)");
    expect(mated.lines[0]).toMatchObject({ mate: 0, pv: [] });
  });

  it("answers the same node-limited search identically on any process", async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => pool.analyse(ITALIAN, { nodes: 10_000 })));
    for (const result of results) expect(result).toEqual(results[0]);
  });

  it("completes more concurrent requests than it has processes", async () => {
    const fens = [
      BACK_RANK_MATE,
      ITALIAN,
      "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
      "8/8/8/4k3/8/8/3QK3/8 w - - 0 1",
    ];
    const requests = Array.from({ length: 9 }, (_, i) => fens[i % fens.length] as string);
    const results = await Promise.all(requests.map((fen) => pool.analyse(fen, { nodes: 3_000 })));
    for (const [i, result] of results.entries()) {
      expect(isLegal(requests[i] as string, result.bestmove)).toBe(true);
    }
  });

  it("refuses a bad FEN or a search without a limit", async () => {
    await expect(pool.analyse("not a fen", { depth: 1 })).rejects.toThrow(/invalid FEN/);
    await expect(pool.analyse("8/8/8/8/8/8/8/8 w - - 0 1", { depth: 1 })).rejects.toThrow(
      /impossible position/,
    );
    await expect(pool.analyse(ITALIAN, {})).rejects.toThrow(/depth, nodes or movetime/);
    await expect(pool.analyse(ITALIAN, { depth: 0 })).rejects.toThrow(/positive integers/);
  });
});

describe("EnginePool recovery", () => {
  it("replaces a killed process and keeps serving", async () => {
    const pool = new EnginePool({ size: 1 });
    try {
      await pool.analyse(ITALIAN, { depth: 1 });
      const [pid] = pool.pids();
      const doomed = pool.analyse(ITALIAN, { depth: 99 });
      const queued = pool.analyse(BACK_RANK_MATE, { depth: 5 });
      process.kill(pid as number, "SIGKILL");
      await expect(doomed).rejects.toThrow(EngineCrashError);
      expect((await queued).bestmove).toBe("a1a8");
      expect((await pool.analyse(ITALIAN, { nodes: 2_000 })).lines).toHaveLength(1);
      expect(pool.pids()).toHaveLength(1);
      expect(pool.pids()).not.toContain(pid);
    } finally {
      await pool.close();
    }
  });

  it("tells an engine asked to stop (SIGTERM, SIGINT) from one that crashed (SIGKILL)", async () => {
    const pool = new EnginePool({ size: 1 });
    try {
      for (const [signal, stopped] of [
        ["SIGTERM", true],
        ["SIGINT", true],
        ["SIGKILL", false],
      ] as const) {
        await pool.analyse(ITALIAN, { depth: 1 });
        const [pid] = pool.pids();
        const search = pool.analyse(ITALIAN, { depth: 99 });
        process.kill(pid as number, signal);
        const error = await search.then(
          () => null,
          (reason: unknown) => reason,
        );
        expect(error, signal).toBeInstanceOf(EngineCrashError);
        expect(error, signal).toMatchObject({ signal, stopped });
      }
      // Replaced each time: the pool still serves.
      expect((await pool.analyse(BACK_RANK_MATE, { depth: 5 })).bestmove).toBe("a1a8");
    } finally {
      await pool.close();
    }
  });

  it("rejects a search that hangs past the timeout, replaces the process and carries on", async () => {
    const pool = new EnginePool({ size: 1, timeoutMs: 1_500 });
    try {
      await pool.analyse(ITALIAN, { depth: 1 });
      const [pid] = pool.pids();
      const hung = pool.analyse(ITALIAN, { depth: 99 });
      const queued = pool.analyse(BACK_RANK_MATE, { depth: 5 });
      await expect(hung).rejects.toThrow(EngineTimeoutError);
      expect((await queued).bestmove).toBe("a1a8");
      expect(isAlive(pid as number)).toBe(false);
      expect(pool.pids()).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it("ends every process on close and refuses work afterwards", async () => {
    const pool = new EnginePool({ size: 2 });
    await Promise.all([pool.analyse(ITALIAN, { depth: 1 }), pool.analyse(ITALIAN, { depth: 1 })]);
    const pids = pool.pids();
    expect(pids).toHaveLength(2);
    const running = pool.analyse(ITALIAN, { depth: 99 }).catch((error: Error) => error);
    await pool.close();
    expect(await running).toMatchObject({ message: "the engine pool is closed" });
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    await expect(pool.analyse(ITALIAN, { depth: 1 })).rejects.toThrow(/closed/);
  });

  it("gives up with a clear error when the engine cannot start", async () => {
    const pool = new EnginePool({ size: 1, script: "/nonexistent/stockfish.js" });
    try {
      await expect(pool.analyse(ITALIAN, { depth: 1 })).rejects.toThrow(/engine cannot start/);
    } finally {
      await pool.close();
    }
  });
});

describe("parseInfoLine", () => {
  it("reads scores, bounds and principal variations", () => {
    expect(
      parseInfoLine("info depth 12 seldepth 17 multipv 2 score cp -35 nodes 26101 pv e2e4 e7e5"),
    ).toEqual({
      depth: 12,
      multipv: 2,
      cp: -35,
      bound: false,
      pv: ["e2e4", "e7e5"],
    });
    expect(parseInfoLine("info depth 9 score mate -3 upperbound nodes 10 pv a1a8")).toMatchObject({
      mate: -3,
      bound: true,
      multipv: 1,
    });
    expect(parseInfoLine("info depth 3 currmove e2e4 currmovenumber 1")).toBeNull();
    expect(parseInfoLine("info string NNUE evaluation using nn.nnue")).toBeNull();
  });
});
