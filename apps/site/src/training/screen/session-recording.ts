import type { Position } from "@ct/contract";
import { createScenario, type PuzzleOutcome, type PuzzleResult } from "@ct/machines";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { isMyGamesId } from "../../my-games/ids";
import { progress, type TryDetails } from "../progress";
import { useTrainingEmitted } from "../training-flow";
import { useTrainingStoreEvents } from "../training-store";

import type { TrainingSet } from "./training-set";

/** A session of the local progress records per visit, fed by the flow's emitted events (spec section 4). */
export function useSessionRecording(set: TrainingSet) {
  const store = useTrainingStoreEvents();
  const totalRef = useRef(set.total);
  totalRef.current = set.total;
  // The scenario's title in the language of the moment it starts; switching language starts no new session.
  const titlesRef = useRef({ title: "", description: "" });
  titlesRef.current = { title: set.title, description: set.description };
  const { scenarioId, phase } = set;
  const onResultRef = useRef(set.onResult);
  onResultRef.current = set.onResult;
  const forCardRef = useRef(set.forCard);
  forCardRef.current = set.forCard;
  /** The card a puzzle was served for (the review page's unseen puzzle of a card's theme), if any. */
  const served = useCallback((id: number) => {
    const card = forCardRef.current?.(id);
    return card === undefined ? {} : { forCard: card };
  }, []);
  // The time of each puzzle's try so far: the player's turns, from each position shown to the move (the review
  // cards grade a quick clean solve Easy). A try's end, or Try again, starts the next try from nothing.
  const tryTime = useRef(new Map<number, number>());
  // Reports a puzzle's first result of this visit once: to the rating (and the server, which the rating does only
  // for the first result ever), to the review cards (a miss makes one), and to the set's own listener. Later hints,
  // wrong moves and tries (Try again) on the same puzzle change none of them.
  const decided = useRef(new Set<number>());
  const finished = useRef(new Set<number>());
  const result = useCallback(
    (position: Position, outcome: PuzzleResult) => {
      if (decided.current.has(position.id)) return;
      decided.current.add(position.id);
      progress.reportResult(position, outcome, served(position.id));
      onResultRef.current?.(outcome);
    },
    [served],
  );

  useEffect(() => {
    const start = () => progress.startSession(scenarioId);
    const end = () => progress.endSession(totalRef.current > 0 ? { totalPositions: totalRef.current } : {});
    // Closing or reloading the tab ends the visit too; a page restored from the back-forward cache starts anew.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) start();
    };
    start();
    store.start(createScenario({ phase: phase ?? "middlegame", ...titlesRef.current, positions: [] }));
    window.addEventListener("pagehide", end);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", end);
      window.removeEventListener("pageshow", onPageShow);
      end();
      store.end();
    };
  }, [scenarioId, phase, store]);

  const handlers = useMemo(
    () => ({
      "progress.move": (event: {
        position: Position;
        fen: string;
        move: string;
        evaluation: "best" | "mistake";
        timeSpentMs: number;
        answer: boolean;
      }) => {
        tryTime.current.set(
          event.position.id,
          (tryTime.current.get(event.position.id) ?? 0) + event.timeSpentMs,
        );
        progress.recordMove({
          positionId: String(event.position.id),
          fen: event.fen,
          move: event.move,
          evaluation: event.evaluation,
          timeSpentMs: event.timeSpentMs,
        });
        // The spec's move counters count the player's own moves: a shown answer is no correct move.
        if (!event.answer) store.recordMove(event.evaluation === "best");
        // A wrong move or a shown answer decides the first try: a loss, as on lichess.
        if (event.evaluation === "mistake" || event.answer) result(event.position, "loss");
      },
      "progress.hint": (event: { position: Position }) => {
        store.recordHint();
        // Asking for a hint makes the first try a loss.
        result(event.position, "loss");
      },
      "progress.solved": (event: { position: Position; outcome: PuzzleOutcome }) => {
        result(event.position, event.outcome === "clean" ? "win" : "loss");
        // The visit counts each puzzle once, by how it first ended (solving it again after Reset adds nothing).
        if (!finished.current.has(event.position.id)) {
          finished.current.add(event.position.id);
          store.recordPuzzle(event.outcome);
        }
        const id = event.position.id;
        const details: TryDetails = {
          timeMs: tryTime.current.get(id) ?? 0,
          // The player's own puzzles have no rating or themes of the library's.
          ...(isMyGamesId(id) ? {} : { themes: event.position.themes, rating: event.position.rating }),
          ...served(id),
        };
        tryTime.current.delete(id);
        progress.recordOutcome(
          { positionId: String(id), fen: event.position.fen, outcome: event.outcome },
          details,
        );
      },
      "progress.complete": () => {
        progress.endSession({
          completed: true,
          ...(totalRef.current > 0 ? { totalPositions: totalRef.current } : {}),
        });
        store.complete();
      },
    }),
    [store, result, served],
  );
  useTrainingEmitted(handlers);
}
