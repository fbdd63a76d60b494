import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "../../app/routing";
import { progress, usePlayerRating } from "../progress";
import { puzzleSearch, readPuzzleAddress } from "../puzzle-address";
import {
  useTrainingEvents,
  useTrainingNavigation,
  useTrainingPosition,
  useTrainingScreen,
} from "../training-flow";
import { rememberShown, visitKey } from "../visit";

import type { TrainingSet } from "./training-set";

/**
 * Keeps the page's address on the puzzle shown (`?puzzle=…&order=…`, see ../puzzle-address.ts): a new puzzle is a
 * new history entry, a change of order or difficulty replaces the entry; an address changed from outside (Back,
 * Forward) opens its puzzle, in its order.
 */
export function usePuzzleAddress(set: TrainingSet) {
  const location = useLocation();
  const navigate = useNavigate();
  const position = useTrainingPosition();
  const { rated, canChooseOrder, mode } = useTrainingNavigation();
  const { busy } = useTrainingScreen();
  const events = useTrainingEvents();
  const { difficulty } = usePlayerRating();
  // The query this screen started from or wrote last; any other one came from outside.
  const written = useRef(location.search);
  // The puzzle the address named when it was last written.
  const lastShown = useRef<number | null>(null);
  // The query this screen left when it last asked the router for another, until the router shows the new one. The
  // router updates its location in a transition, which a busy page renders later than the flow's own changes: a
  // render in between still has the old query, and taking it for Back would reopen the puzzle just left.
  // A Back or Forward ends that wait even when the router never showed the new query: a step back to the query
  // just left can come before React has rendered the router's move away from it, and the screen would wait for good.
  const leaving = useRef<string | null>(null);
  const [historyMoves, setHistoryMoves] = useState(0);
  useEffect(() => {
    const moved = () => {
      leaving.current = null;
      setHistoryMoves((count) => count + 1);
    };
    window.addEventListener("popstate", moved);
    return () => window.removeEventListener("popstate", moved);
  }, []);
  const shown = position?.id ?? null;
  const order = canChooseOrder ? (rated ? "rated" : "sequence") : null;
  const search = location.search;
  const enabled = set.address === true;

  // The puzzles shown by rating, for Previous after a reload (../visit.ts).
  const key = visitKey(set);
  useEffect(() => {
    if (enabled && mode === "rated" && shown !== null) rememberShown(key, shown);
  }, [enabled, mode, shown, key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: historyMoves runs it again after a Back or Forward.
  useEffect(() => {
    if (leaving.current !== null && search !== leaving.current) leaving.current = null;
    if (!enabled || busy || shown === null || leaving.current !== null) return;
    const address = readPuzzleAddress(search);
    if (search !== written.current) {
      written.current = search;
      if (canChooseOrder && address.order && (address.order === "rated") !== rated) {
        progress.setOrder(address.order);
        events.order(address.order === "rated");
      }
      if (address.difficulty && address.difficulty !== difficulty) progress.setDifficulty(address.difficulty);
      if (address.puzzle !== null && address.puzzle !== shown) {
        events.open(address.puzzle);
        return;
      }
    }
    const wanted = puzzleSearch({ puzzle: shown, order, difficulty });
    if (wanted === search) {
      lastShown.current = shown;
      return;
    }
    // Moving on from the puzzle the address names is a step Back can undo; anything else corrects the entry.
    const moved = address.puzzle !== null && address.puzzle === lastShown.current && shown !== address.puzzle;
    written.current = wanted;
    lastShown.current = shown;
    leaving.current = search;
    navigate({ search: wanted }, { replace: !moved, preventScrollReset: true });
  }, [
    enabled,
    busy,
    shown,
    search,
    order,
    difficulty,
    rated,
    canChooseOrder,
    events,
    navigate,
    historyMoves,
  ]);
}
