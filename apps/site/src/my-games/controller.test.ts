import { describe, expect, it } from "vitest";
import { type AnalysisWorker, createMyGamesController } from "./controller";
import { parseGames } from "./games";
import type { FromWorker, ToWorker } from "./protocol";
import { type MyGamePuzzle, puzzleOf } from "./puzzle";
import { createMyGamesStore, memoryBackend } from "./store";
import { SHORT_GAME, shortGameTurningPoint } from "./testing";

const made = puzzleOf(shortGameTurningPoint(), "white");
if (!made) throw new Error("no puzzle");
const sample: MyGamePuzzle = made;

/**
 * A stand-in for the analysis worker: it records what it is told and answers when the test says so (parse at once,
 * like the real one).
 */
function fakeWorker() {
  const sent: ToWorker[] = [];
  const worker: AnalysisWorker & { sent: ToWorker[]; answer: (message: FromWorker) => void } = {
    sent,
    onmessage: null,
    postMessage(message) {
      sent.push(message);
      if (message.type === "parse")
        this.answer({ type: "parsed", id: message.id, ...parseGames(message.text) });
    },
    terminate() {},
    answer(message) {
      this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
    },
  };
  return worker;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const analyses = (worker: ReturnType<typeof fakeWorker>) =>
  worker.sent.filter(
    (message): message is Extract<ToWorker, { type: "analyse" }> => message.type === "analyse",
  );

async function setUp(backend = memoryBackend()) {
  const worker = fakeWorker();
  const store = createMyGamesStore(backend);
  let clock = 0;
  const controller = createMyGamesController({
    store,
    createWorker: () => worker,
    engineUrl: "https://example.test/engine.js",
    now: () => clock,
  });
  await controller.load();
  return { worker, store, controller, tick: (ms: number) => (clock += ms) };
}

const TWO_GAMES = `${SHORT_GAME}\n\n[White "Other"] [Black "Test Player"] 1. d4 d5 2. c4 *\n\n[White "X"] [Black "Y"] 1. e4 *`;

describe("the My games controller", () => {
  it("analyses the chosen games one after another and keeps each game's puzzles and the run", async () => {
    const { worker, store, controller, tick } = await setUp();
    const { games, problems } = await controller.parse(TWO_GAMES);
    expect(games).toHaveLength(3);
    await controller.start(games, ["white", "black", null], problems);
    await flush();
    expect(worker.sent[0]).toEqual({ type: "init", engineUrl: "https://example.test/engine.js" });
    let asked = analyses(worker);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ side: "white", pgn: games[0]?.pgn, limits: { depth: 12 } });
    expect(controller.view().current).toEqual({ place: 0, done: 0, total: 9, stage: "scan" });

    tick(2000);
    worker.answer({
      type: "analysed",
      id: asked[0]?.id ?? 0,
      puzzles: [sample],
      mistakes: 1,
      positions: 9,
      ms: 2000,
    });
    await flush();
    await flush();
    asked = analyses(worker);
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatchObject({ side: "black", pgn: games[1]?.pgn });
    // 9 positions in 2 s; the second game has 4 positions left: under a second at that speed.
    expect(controller.view().speed).toBeCloseTo(4.5);
    expect(controller.view().secondsLeft).toBeCloseTo(4 / 4.5);
    expect((await store.run())?.games.map((game) => game.status)).toEqual(["done", "pending", "pending"]);
    expect((await store.puzzles()).map((puzzle) => puzzle.key)).toEqual([sample.key]);

    worker.answer({ type: "failed", id: asked[1]?.id ?? 0, message: "engine error", cancelled: false });
    await flush();
    await flush();
    await flush();
    const run = await store.run();
    expect(run?.state).toBe("done");
    expect(run?.games.map((game) => [game.status, game.puzzles ?? null])).toEqual([
      ["done", 1],
      ["failed", null],
      ["pending", null],
    ]);
    // The skipped game (no side) is never sent.
    expect(analyses(worker)).toHaveLength(2);
    expect(controller.view().puzzles).toHaveLength(1);
  });

  it("pauses and resumes the engine, and a cancel keeps what is done", async () => {
    const { worker, store, controller } = await setUp();
    const { games } = await controller.parse(TWO_GAMES);
    await controller.start(games, ["white", "black", null]);
    await flush();
    await controller.pause();
    expect(worker.sent.at(-1)).toEqual({ type: "pause" });
    expect((await store.run())?.state).toBe("paused");
    await controller.resume();
    expect(worker.sent.at(-1)).toEqual({ type: "resume" });
    expect((await store.run())?.state).toBe("running");

    const [first] = analyses(worker);
    await controller.cancel();
    expect(worker.sent).toContainEqual({ type: "cancel", id: first?.id });
    worker.answer({ type: "failed", id: first?.id ?? 0, message: "cancelled", cancelled: true });
    await flush();
    expect((await store.run())?.state).toBe("cancelled");
    expect(analyses(worker)).toHaveLength(1);
    await controller.dismissRun();
    expect(await store.run()).toBeNull();
  });

  it("goes on with a run that was running when the page closed", async () => {
    const backend = memoryBackend();
    const before = await setUp(backend);
    const { games } = await before.controller.parse(TWO_GAMES);
    await before.controller.start(games, ["white", "black", null]);
    await flush();
    const [first] = analyses(before.worker);
    before.worker.answer({
      type: "analysed",
      id: first?.id ?? 0,
      puzzles: [sample],
      mistakes: 1,
      positions: 9,
      ms: 900,
    });
    await flush();
    await flush();
    // The tab closes during the second game; a new page opens on the same store.
    const after = await setUp(backend);
    await flush();
    const asked = analyses(after.worker);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ side: "black", pgn: games[1]?.pgn });
    expect(after.controller.view().puzzles).toHaveLength(1);
  });
});
