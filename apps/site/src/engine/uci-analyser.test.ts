import { describe, expect, it } from "vitest";
import type { EngineWorker } from "./refutation";
import { createUciAnalyser, goCommand } from "./uci-analyser";

/** A scripted engine: answers `uci`/`isready`, and each `go` with the lines the test queued. */
function fakeEngine(answers: string[][]) {
  const received: string[] = [];
  const worker: EngineWorker = {
    onmessage: null,
    onerror: null,
    postMessage(command: string) {
      received.push(command);
      const reply = (line: string) => worker.onmessage?.({ data: line } as MessageEvent);
      if (command === "uci") queueMicrotask(() => reply("uciok"));
      else if (command === "isready") queueMicrotask(() => reply("readyok"));
      else if (command.startsWith("go")) {
        const lines = answers.shift() ?? ["bestmove (none)"];
        queueMicrotask(() => {
          for (const line of lines) reply(line);
        });
      }
    },
    terminate() {},
  };
  return { worker, received };
}

const FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

describe("the generator's engine over UCI", () => {
  it("writes every limit into go", () => {
    expect(goCommand({ depth: 12, nodes: 150_000 })).toBe("go depth 12 nodes 150000");
    expect(goCommand({ movetime: 500 })).toBe("go movetime 500");
    expect(goCommand({})).toBe("go depth 12");
  });

  it("answers with the deepest line of each MultiPV slot, best first, and counts the nodes", async () => {
    const { worker, received } = fakeEngine([
      [
        "info depth 1 seldepth 1 multipv 1 score cp 50 nodes 20 pv h5f7",
        "info depth 1 seldepth 1 multipv 2 score cp 10 nodes 40 pv d2d3",
        "info depth 2 seldepth 2 multipv 2 score cp -20 nodes 90 pv g2g3 f6h5",
        "info depth 2 seldepth 2 multipv 1 score mate 1 nodes 120 pv h5f7",
        "info depth 3 multipv 2 score cp -30 upperbound nodes 150 pv g2g3",
        "bestmove h5f7",
      ],
      ["info depth 5 multipv 1 score cp -900 nodes 1000 pv f6h5 g1f3", "bestmove f6h5"],
    ]);
    const engine = createUciAnalyser({ createWorker: () => worker });
    const result = await engine.analyse(FEN, { depth: 2, multipv: 2 });
    expect(result.bestmove).toBe("h5f7");
    expect(result.lines).toEqual([
      { pv: ["h5f7"], depth: 2, multipv: 1, mate: 1 },
      { pv: ["g2g3", "f6h5"], depth: 2, multipv: 2, cp: -20 },
    ]);
    const second = await engine.analyse(FEN, { nodes: 1000 });
    expect(second.lines).toEqual([{ pv: ["f6h5", "g1f3"], depth: 5, multipv: 1, cp: -900 }]);
    expect(engine.nodes).toBe(1150);
    expect(received).toEqual([
      "uci",
      "isready",
      "setoption name MultiPV value 2",
      `position fen ${FEN}`,
      "go depth 2",
      "setoption name MultiPV value 1",
      `position fen ${FEN}`,
      "go nodes 1000",
    ]);
  });

  it("holds its queue while paused, and rejects everything once disposed", async () => {
    const { worker, received } = fakeEngine([["bestmove e2e4"], ["bestmove d2d4"]]);
    const engine = createUciAnalyser({ createWorker: () => worker });
    await engine.analyse(FEN, { depth: 1 });
    engine.pause();
    let done = false;
    const next = engine.analyse(FEN, { depth: 1 }).then((result) => {
      done = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    expect(received.filter((line) => line.startsWith("go"))).toHaveLength(1);
    engine.resume();
    expect((await next).bestmove).toBe("d2d4");
    engine.dispose();
    await expect(engine.analyse(FEN, { depth: 1 })).rejects.toThrow("disposed");
  });

  it("rejects the searches when the engine reports it failed", async () => {
    const worker: EngineWorker = {
      onmessage: null,
      onerror: null,
      postMessage() {
        queueMicrotask(() => worker.onmessage?.({ data: { engineError: "wasm refused" } } as MessageEvent));
      },
      terminate() {},
    };
    const engine = createUciAnalyser({ createWorker: () => worker });
    await expect(engine.analyse(FEN, { depth: 1 })).rejects.toThrow("wasm refused");
  });
});
