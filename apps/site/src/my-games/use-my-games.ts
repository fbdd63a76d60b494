import { useSyncExternalStore } from "react";
import { onOwnerChange } from "../sync/owner";
import {
  type AnalysisWorker,
  createMyGamesController,
  type MyGamesController,
  type RunView,
  UNLOADED_VIEW,
} from "./controller";
import { browserStore, onSetReplaced } from "./store";

let controller: MyGamesController | null = null;

/**
 * The page's one controller: created on first use and kept while the visitor moves around the site, so an analysis
 * goes on while they train or read (the worker lives as long as the page).
 */
export function myGamesController(): MyGamesController {
  if (controller) return controller;
  controller = createMyGamesController({
    store: browserStore(),
    // Loaded with the analysis, as "why not my move" loads it (the address module is the site build's own).
    engineUrl: async () => {
      const { stockfishWorkerUrl } = await import("virtual:stockfish-engine");
      return new URL(stockfishWorkerUrl, window.location.href).href;
    },
    createWorker: () =>
      new Worker(new URL("./analysis.worker.ts", import.meta.url), {
        type: "module",
        name: "my-games-analysis",
      }) as unknown as AnalysisWorker,
  });
  void controller.load();
  // Signing in or out changes whose set this is; the account's set may come from the server: read it again.
  const reload = () => void controller?.load();
  onOwnerChange(reload);
  onSetReplaced(reload);
  return controller;
}

const serverView = (): RunView => UNLOADED_VIEW;

/** The run and the set, re-rendering on every change. */
export function useMyGames(): { view: RunView; controller: MyGamesController } {
  const current = myGamesController();
  // The server has no store: it renders the unloaded page, and so does the browser's first (hydrating) render.
  const view = useSyncExternalStore(current.subscribe, current.view, serverView);
  return { view, controller: current };
}
