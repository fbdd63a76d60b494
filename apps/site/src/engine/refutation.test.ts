import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createRefutationEngine,
  type EngineWorker,
  RefutationError,
  type RefutationErrorCode,
} from "./refutation";

/** Positions after a wrong move, the opponent (black) to move. */
const HANGING_QUEEN = "4k3/8/4p3/3Q4/8/8/8/4K3 b - - 0 1";
const BACK_RANK = "3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1";
const STALEMATED = "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1";
const SWITCHED = "4k3/8/8/3p4/2N1P3/8/8/4K3 b - - 0 1";

/** Engine output per position; a position without an entry is left searching until the test answers it. */
const ANSWERS: Record<string, string[]> = {
  [HANGING_QUEEN]: [
    "info depth 11 seldepth 4 multipv 1 score cp 870 nodes 9000 nps 450000 time 20 pv e6d5 e1d2",
    "info depth 12 seldepth 4 multipv 1 score cp 880 nodes 12000 nps 450000 time 27 pv e6d5 e1d2 e8d7",
    "info depth 13 seldepth 5 multipv 1 score cp 910 lowerbound nodes 15000 nps 450000 time 33 pv e6d5",
    "bestmove e6d5 ponder e1d2",
  ],
  [BACK_RANK]: [
    "info depth 12 seldepth 2 multipv 1 score mate 1 nodes 40 nps 40000 time 1 pv d8d1",
    "bestmove d8d1",
  ],
  [STALEMATED]: ["info depth 0 score cp 0", "bestmove (none)"],
  // Stopped early: the last line reported starts with another move than the best one.
  [SWITCHED]: ["info depth 9 multipv 1 score cp 90 pv d5e4 c4e3", "bestmove d5c4"],
};

class FakeStockfish implements EngineWorker {
  readonly commands: string[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private fen = "";

  constructor(private readonly behaviour: { silent?: boolean } = {}) {}

  postMessage(command: string): void {
    this.commands.push(command);
    if (this.behaviour.silent) return;
    if (command === "uci") this.send("id name Fake", "uciok");
    else if (command === "isready") this.send("readyok");
    else if (command.startsWith("position fen ")) this.fen = command.slice("position fen ".length);
    else if (command.startsWith("go")) this.send(...(ANSWERS[this.fen] ?? []));
  }

  terminate(): void {
    this.terminated = true;
  }

  /** Lines arrive asynchronously, as a worker's messages do. */
  send(...lines: string[]): void {
    void Promise.resolve().then(() => {
      for (const line of lines) this.onmessage?.({ data: line } as MessageEvent);
    });
  }

  fail(message: string): void {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }

  searches(): string[] {
    return this.commands.filter((command) => command.startsWith("position"));
  }
}

function setup(options: { silent?: boolean; loadTimeoutMs?: number; searchTimeoutMs?: number } = {}) {
  const workers: FakeStockfish[] = [];
  const engine = createRefutationEngine({
    depth: 12,
    movetimeMs: 2000,
    ...(options.loadTimeoutMs ? { loadTimeoutMs: options.loadTimeoutMs } : {}),
    ...(options.searchTimeoutMs ? { searchTimeoutMs: options.searchTimeoutMs } : {}),
    createWorker: () => {
      const worker = new FakeStockfish({ silent: options.silent ?? false });
      workers.push(worker);
      return worker;
    },
  });
  return { engine, workers };
}

async function failure(promise: Promise<unknown>): Promise<RefutationError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof RefutationError))
    throw new Error(`expected a RefutationError, got ${String(error)}`);
  return error;
}

async function expectCode(promise: Promise<unknown>, code: RefutationErrorCode) {
  const error = await failure(promise);
  expect(error.code).toBe(code);
  return error;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("createRefutationEngine", () => {
  it("starts no worker until the first analysis, then speaks UCI and answers in standard notation", async () => {
    const { engine, workers } = setup();
    expect(workers).toHaveLength(0);

    const refutation = await engine.analyse(HANGING_QUEEN);

    expect(workers).toHaveLength(1);
    expect(workers[0]?.commands).toEqual([
      "uci",
      "isready",
      "ucinewgame",
      `position fen ${HANGING_QUEEN}`,
      "go depth 12 movetime 2000",
    ]);
    // The deepest exact score wins over a later bound.
    expect(refutation).toEqual({
      reply: { uci: "e6d5", san: "exd5" },
      scoreCp: 880,
      line: ["exd5", "Kd2", "Kd7"],
    });
  });

  it("searches within a request's own budget (nodes, depth, time) when one is given", async () => {
    const { engine, workers } = setup();
    await engine.analyse(HANGING_QUEEN, { limits: { depth: 14, nodes: 120_000, movetimeMs: 1500 } });
    await engine.analyse(BACK_RANK);
    const goes = workers[0]?.commands.filter((command) => command.startsWith("go"));
    expect(goes).toEqual(["go depth 14 nodes 120000 movetime 1500", "go depth 12 movetime 2000"]);
  });

  it("reports a mate score as mate in N and keeps one engine for later analyses", async () => {
    const { engine, workers } = setup();
    await engine.analyse(HANGING_QUEEN);
    const mate = await engine.analyse(BACK_RANK);

    expect(mate).toEqual({ reply: { uci: "d8d1", san: "Rd1#" }, mateIn: 1, line: ["Rd1#"] });
    expect(workers).toHaveLength(1);
    expect(workers[0]?.commands.filter((command) => command === "uci")).toHaveLength(1);
  });

  it("completes a short FEN with the spec's defaults before sending it", async () => {
    const { engine, workers } = setup();
    await engine.analyse("4k3/8/4p3/3Q4/8/8/8/4K3 b -");
    expect(workers[0]?.searches()).toEqual([`position fen ${HANGING_QUEEN}`]);
  });

  it("lets a newer request supersede the running search, and searches it once the engine has stopped", async () => {
    const { engine, workers } = setup();
    const quietFen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2";
    const older = engine.analyse(quietFen);
    await vi.waitFor(() => expect(workers[0]?.searches()).toHaveLength(1));

    const newer = engine.analyse(HANGING_QUEEN);
    const superseded = await expectCode(older, "superseded");
    expect(superseded.showsFallback).toBe(false);
    expect(workers[0]?.commands.at(-1)).toBe("stop");
    expect(workers[0]?.searches()).toHaveLength(1);

    // The stopped search's bestmove is ignored; then the newer position is searched.
    workers[0]?.send("info depth 5 multipv 1 score cp 20 pv g8f6", "bestmove g8f6");
    await expect(newer).resolves.toMatchObject({ reply: { san: "exd5" } });
    expect(workers[0]?.searches()).toEqual([`position fen ${quietFen}`, `position fen ${HANGING_QUEEN}`]);
  });

  it("runs only the newest of several requests made while the engine loads", async () => {
    const { engine, workers } = setup();
    const first = engine.analyse(BACK_RANK);
    const second = engine.analyse(BACK_RANK);
    const third = engine.analyse(HANGING_QUEEN);

    await expectCode(first, "superseded");
    await expectCode(second, "superseded");
    await expect(third).resolves.toMatchObject({ reply: { uci: "e6d5" } });
    expect(workers[0]?.searches()).toEqual([`position fen ${HANGING_QUEEN}`]);
  });

  it("aborts a running search through its signal", async () => {
    const { engine, workers } = setup();
    const controller = new AbortController();
    const running = engine.analyse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2", {
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(workers[0]?.searches()).toHaveLength(1));

    controller.abort();
    const error = await expectCode(running, "aborted");
    expect(error.showsFallback).toBe(false);
    expect(workers[0]?.commands.at(-1)).toBe("stop");
  });

  it("gives no score or line that belongs to another move than the best one", async () => {
    const { engine } = setup();
    await expect(engine.analyse(SWITCHED)).resolves.toEqual({
      reply: { uci: "d5c4", san: "dxc4" },
      line: ["dxc4"],
    });
  });

  it("rejects with no-reply when the opponent has no legal move", async () => {
    const { engine } = setup();
    const error = await expectCode(engine.analyse(STALEMATED), "no-reply");
    expect(error.showsFallback).toBe(true);
  });

  it("refuses an invalid position without starting the engine", async () => {
    const { engine, workers } = setup();
    await expectCode(engine.analyse("8/8/8/8 w"), "invalid-position");
    expect(workers).toHaveLength(0);
  });

  it("says unsupported where there is no Web Worker (as in Node)", async () => {
    const engine = createRefutationEngine({ workerUrl: "/assets/engine/stockfish.js" });
    const error = await expectCode(engine.analyse(HANGING_QUEEN), "unsupported");
    expect(error.showsFallback).toBe(true);
  });

  it("says load-failed when the worker cannot be created", async () => {
    const engine = createRefutationEngine({
      createWorker: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    });
    await expectCode(engine.analyse(HANGING_QUEEN), "load-failed");
  });

  it("says load-failed when the engine files fail to load, and tries a fresh worker next time", async () => {
    const { engine, workers } = setup({ silent: true });
    const pending = engine.analyse(HANGING_QUEEN);
    workers[0]?.fail("WASM streaming failed: HTTP 404");

    const error = await expectCode(pending, "load-failed");
    expect(error.showsFallback).toBe(true);
    expect(workers[0]?.terminated).toBe(true);

    const retry = engine.analyse(HANGING_QUEEN);
    expect(workers).toHaveLength(2);
    workers[1]?.fail("still failing");
    await expectCode(retry, "load-failed");
  });

  it("says load-failed at once when the worker reports that the WebAssembly could not be fetched or compiled", async () => {
    const { engine, workers } = setup({ silent: true });
    const pending = engine.analyse(HANGING_QUEEN);
    workers[0]?.onmessage?.({ data: { engineError: "HTTP 404: Not Found" } } as MessageEvent);

    const error = await expectCode(pending, "load-failed");
    expect(error.message).toBe("HTTP 404: Not Found");
    expect(workers[0]?.terminated).toBe(true);
  });

  it("times out when the engine does not start", async () => {
    vi.useFakeTimers();
    const { engine, workers } = setup({ silent: true, loadTimeoutMs: 10_000 });
    const pending = engine.analyse(HANGING_QUEEN);
    vi.advanceTimersByTime(9_999);
    expect(workers[0]?.terminated).toBe(false);
    vi.advanceTimersByTime(1);

    await expectCode(pending, "timeout");
    expect(workers[0]?.terminated).toBe(true);
  });

  it("times out a search that never ends, and gives the next request a fresh engine", async () => {
    vi.useFakeTimers();
    const { engine, workers } = setup({ searchTimeoutMs: 7_000 });
    const quietFen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2";
    const stuck = engine.analyse(quietFen);
    await vi.waitFor(() => expect(workers[0]?.searches()).toHaveLength(1));
    vi.advanceTimersByTime(7_000);

    const error = await expectCode(stuck, "timeout");
    expect(error.showsFallback).toBe(true);
    expect(workers[0]?.terminated).toBe(true);

    await expect(engine.analyse(HANGING_QUEEN)).resolves.toMatchObject({ reply: { san: "exd5" } });
    expect(workers).toHaveLength(2);
  });

  it("disposes: pending requests reject, the worker ends, later requests are refused", async () => {
    const { engine, workers } = setup();
    const running = engine.analyse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2");
    await vi.waitFor(() => expect(workers[0]?.searches()).toHaveLength(1));

    engine.dispose();
    const error = await expectCode(running, "disposed");
    expect(error.showsFallback).toBe(false);
    expect(workers[0]?.terminated).toBe(true);
    await expectCode(engine.analyse(HANGING_QUEEN), "disposed");
    expect(workers).toHaveLength(1);
  });
});
