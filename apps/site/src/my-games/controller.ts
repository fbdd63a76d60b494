import type { PlayerColor, SearchLimits } from "@ct/chess";
import type { FromWorker, GameProblem, GameSummary, ToWorker } from "./protocol";
import type { MyGamePuzzle } from "./puzzle";
import type { MyGamesStore, Run, RunGame } from "./store";

/**
 * The engine budget of every search: depth 12, capped at 200,000 nodes so a rich middlegame position does not take
 * seconds on a slow device. A 40-move game takes 81 searches, plus a few (MultiPV 2) per mistake of the player's.
 */
export const DEFAULT_LIMITS: SearchLimits = { depth: 12, nodes: 200_000 };

/** How often the page shows the analysis' progress (ms). */
const PROGRESS_INTERVAL_MS = 250;

/** What the analysis worker must do: take messages, answer through `onmessage`. */
export interface AnalysisWorker {
  postMessage(message: ToWorker): void;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null;
  terminate(): void;
}

/** The run as the page shows it. */
export interface RunView {
  run: Run | null;
  /** The game being analysed (its place in `run.games`) and how far it is. */
  current: { place: number; done: number; total: number; stage: "scan" | "solve" } | null;
  /** Positions per second over the run so far (null before the first figure). */
  speed: number | null;
  /** Seconds left at that speed (null while unknown). */
  secondsLeft: number | null;
  /** Puzzles in the set. */
  puzzles: MyGamePuzzle[];
  /** The set and the run have been read from the store. */
  loaded: boolean;
}

/** What the page shows before the store has been read (and what the server renders: it has no store). */
export const UNLOADED_VIEW: RunView = {
  run: null,
  current: null,
  speed: null,
  secondsLeft: null,
  puzzles: [],
  loaded: false,
};

export interface ControllerOptions {
  store: MyGamesStore;
  createWorker: () => AnalysisWorker;
  /** The Stockfish worker script's address (or a load of it: the site imports it with the worker's code). */
  engineUrl: string | (() => Promise<string>);
  limits?: SearchLimits;
  now?: () => number;
}

/**
 * Runs the analysis of the player's games, one after another, in the analysis worker, and keeps the run and the
 * set in the store after every game. Pause holds the engine between searches; cancel stops the game in progress
 * (what is done stays); a run found running when the page opens goes on by itself.
 */
export function createMyGamesController(options: ControllerOptions) {
  const { store } = options;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const now = options.now ?? (() => performance.now());
  let worker: AnalysisWorker | null = null;
  /** Settled once the worker has been told where the engine is: analyses wait for it. */
  let initialized: Promise<void> = Promise.resolve();
  let nextId = 1;
  const waiting = new Map<number, (message: FromWorker) => void>();
  const listeners = new Set<() => void>();
  let view: RunView = UNLOADED_VIEW;
  /** The game in progress: its message id, when it started (active time, pauses left out) and its positions done. */
  let active: {
    id: number;
    place: number;
    startedAt: number;
    pausedMs: number;
    pausedAt: number | null;
    done: number;
  } | null = null;
  let looping = false;
  let pendingProgress: RunView["current"] = null;
  let progressTimer: ReturnType<typeof setTimeout> | undefined;

  function set(next: Partial<RunView>): void {
    view = { ...view, ...next };
    view = { ...view, ...estimate(view) };
    for (const listener of listeners) listener();
  }

  /** Speed and time left from the finished games and the one in progress. */
  function estimate(state: RunView): Pick<RunView, "speed" | "secondsLeft"> {
    const run = state.run;
    if (!run) return { speed: null, secondsLeft: null };
    const activeMs = active
      ? now() - active.startedAt - active.pausedMs - (active.pausedAt ? now() - active.pausedAt : 0)
      : 0;
    const positions =
      run.positions + (state.current?.stage === "scan" ? state.current.done : (state.current?.total ?? 0));
    const ms = run.ms + Math.max(0, activeMs);
    if (positions === 0 || ms < 200) return { speed: null, secondsLeft: null };
    const speed = (positions * 1000) / ms;
    const total = run.games.reduce((sum, game) => sum + (game.side ? game.plies + 1 : 0), 0);
    const left = Math.max(0, total - positions);
    return { speed, secondsLeft: run.state === "done" ? 0 : left / speed };
  }

  function workerOf(): AnalysisWorker {
    if (worker) return worker;
    worker = options.createWorker();
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "progress") {
        if (active && message.id === active.id) {
          pendingProgress = {
            place: active.place,
            done: message.done,
            total: message.total,
            stage: message.stage,
          };
          // At most a few renders a second: the page's thread stays free whatever the engine's pace.
          if (progressTimer === undefined)
            progressTimer = setTimeout(() => {
              progressTimer = undefined;
              if (pendingProgress && active) set({ current: pendingProgress });
              pendingProgress = null;
            }, PROGRESS_INTERVAL_MS);
        }
        return;
      }
      waiting.get(message.id)?.(message);
    };
    const created = worker;
    const url = options.engineUrl;
    if (typeof url === "string") created.postMessage({ type: "init", engineUrl: url });
    else initialized = url().then((engineUrl) => created.postMessage({ type: "init", engineUrl }));
    return worker;
  }

  async function ask(message: ToWorker & { id: number }): Promise<FromWorker> {
    const target = workerOf();
    if (message.type === "analyse") await initialized;
    return new Promise((resolve) => {
      waiting.set(message.id, (answer) => {
        waiting.delete(message.id);
        resolve(answer);
      });
      target.postMessage(message);
    });
  }

  async function save(run: Run): Promise<void> {
    set({ run });
    await store.saveRun(run);
  }

  /** Analyses the run's pending games one after another while it is running. */
  async function loop(): Promise<void> {
    if (looping) return;
    looping = true;
    try {
      for (;;) {
        const run = view.run;
        if (run?.state !== "running") return;
        const place = run.games.findIndex((game) => game.status === "pending" && game.side);
        const game = run.games[place];
        if (!game?.side) {
          await save({ ...run, state: "done" });
          return;
        }
        const id = nextId++;
        active = { id, place, startedAt: now(), pausedMs: 0, pausedAt: null, done: 0 };
        set({ current: { place, done: 0, total: game.plies + 1, stage: "scan" } });
        const answer = await ask({ type: "analyse", id, pgn: game.pgn, side: game.side, limits });
        active = null;
        const latest = view.run;
        if (!latest) return;
        if (answer.type === "failed" && answer.cancelled) {
          set({ current: null });
          return;
        }
        let update: Partial<RunGame>;
        let positions = latest.positions;
        let ms = latest.ms;
        if (answer.type === "analysed") {
          await store.add(answer.puzzles);
          update = { status: "done", puzzles: answer.puzzles.length, mistakes: answer.mistakes };
          positions += answer.positions;
          ms += answer.ms;
        } else {
          update = {
            status: "failed",
            message: answer.type === "failed" ? answer.message : "unexpected answer",
          };
        }
        const games = latest.games.map((each, index) => (index === place ? { ...each, ...update } : each));
        set({ puzzles: await store.puzzles(), current: null });
        await save({ ...latest, games, positions, ms });
      }
    } finally {
      looping = false;
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    view: () => view,
    /** Reads the set and the run; a run that was going when the page closed goes on. */
    async load(): Promise<void> {
      const [run, puzzles] = await Promise.all([store.run(), store.puzzles()]);
      set({ run, puzzles, loaded: true });
      if (run?.state === "running") void loop();
      else if (run?.state === "paused") workerOf().postMessage({ type: "pause" });
    },
    /** Reads a PGN text in the worker: its games and the ones that could not be read. */
    async parse(text: string): Promise<{ games: GameSummary[]; problems: GameProblem[] }> {
      const answer = await ask({ type: "parse", id: nextId++, text });
      return answer.type === "parsed"
        ? { games: answer.games, problems: answer.problems }
        : { games: [], problems: [] };
    },
    /** Starts a new run over the games, each with the player's side (null: not analysed). */
    async start(
      games: readonly GameSummary[],
      sides: readonly (PlayerColor | null)[],
      problems: GameProblem[] = [],
    ) {
      const run: Run = {
        createdAt: new Date().toISOString(),
        state: "running",
        games: games.map((game, index) => ({ ...game, side: sides[index] ?? null, status: "pending" })),
        problems,
        positions: 0,
        ms: 0,
      };
      workerOf().postMessage({ type: "resume" });
      await save(run);
      void loop();
    },
    async pause() {
      const run = view.run;
      if (run?.state !== "running") return;
      workerOf().postMessage({ type: "pause" });
      if (active) active.pausedAt = now();
      await save({ ...run, state: "paused" });
    },
    async resume() {
      const run = view.run;
      if (run?.state !== "paused") return;
      workerOf().postMessage({ type: "resume" });
      if (active?.pausedAt) {
        active.pausedMs += now() - active.pausedAt;
        active.pausedAt = null;
      }
      await save({ ...run, state: "running" });
      void loop();
    },
    async cancel() {
      const run = view.run;
      if (!run || (run.state !== "running" && run.state !== "paused")) return;
      if (active) workerOf().postMessage({ type: "cancel", id: active.id });
      workerOf().postMessage({ type: "resume" });
      await save({ ...run, state: "cancelled" });
      set({ current: null });
    },
    /** Forgets the finished run (the puzzles stay). */
    async dismissRun() {
      if (view.run?.state === "running" || view.run?.state === "paused") return;
      await store.clearRun();
      set({ run: null });
    },
    /** Adds puzzles (an imported set); returns how many were new. */
    async addPuzzles(puzzles: readonly MyGamePuzzle[]): Promise<number> {
      const added = await store.add(puzzles);
      set({ puzzles: await store.puzzles() });
      return added;
    },
    async clearPuzzles() {
      await store.clearPuzzles();
      set({ puzzles: [] });
    },
    dispose() {
      worker?.terminate();
      worker = null;
      listeners.clear();
    },
  };
}

export type MyGamesController = ReturnType<typeof createMyGamesController>;
