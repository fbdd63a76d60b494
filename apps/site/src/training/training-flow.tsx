import type { GamePhase, NextPosition, Position } from "@ct/contract";
import {
  type AlternativeInput,
  type AlternativeScores,
  type CardServing,
  type Pick as CoachPick,
  type FirstLoad,
  type FirstLoadInput,
  type RatedLoadInput,
  selectBoardHints,
  selectCanChooseOrder,
  selectCanDismissError,
  selectCanFilter,
  selectCanGoToId,
  selectCanMoreHelp,
  selectCanMove,
  selectCanTryAgain,
  selectControls,
  selectExpectedMove,
  selectFeedback,
  selectFen,
  selectHintPly,
  selectIsBusy,
  selectIsComplete,
  selectIsEmpty,
  selectIsModuleLoading,
  selectIsRated,
  selectIsSolved,
  selectLastMove,
  selectLoadError,
  selectMode,
  selectMoves,
  selectNotice,
  selectOpening,
  selectOrientation,
  selectPosition,
  selectProgress,
  selectRules,
  selectShowsMoreHelp,
  selectTrainingHintLevel,
  type TrainingFlowEmitted,
  trainingFlowMachine,
} from "@ct/machines";
import { createActorContext, shallowEqual } from "@xstate/react";
import { type ReactNode, useEffect, useMemo } from "react";
import { fromPromise } from "xstate";
import { libraryApi } from "../api/library";
import { ApiCallError, positionsApi } from "../api/positions";
import { isMyGamesId } from "../my-games/ids";
import { TRAINING_MODULES } from "./modules";
import { progress } from "./progress";
import { firstAtPuzzle } from "./puzzle-place";
import { loadWeaknessPuzzle } from "./weakness-mode";

/** The first position of a phase, or null when the phase has none (the server answers 404). */
async function firstOrNull(phase: GamePhase): Promise<Position | null> {
  try {
    return await positionsApi.firstByPhase(phase);
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/** Every position of the phase from one opening, page after page (the server pages by 200). */
async function allOfOpening(phase: GamePhase, opening: string): Promise<Position[]> {
  const perPage = 200;
  const positions: Position[] = [];
  for (let page = 1; page <= 100; page++) {
    const batch = await positionsApi.byPhase(phase, { opening, page, perPage });
    positions.push(...batch);
    if (batch.length < perPage) break;
  }
  return positions;
}

/**
 * Where a module resumes: the first puzzle of the phase, in its order, that the player has not yet solved cleanly
 * (its place counted from 1). Null when nothing is solved cleanly yet (the module starts at its first position) or
 * when every puzzle is (it starts over).
 */
async function resumePoint(phase: GamePhase): Promise<{ position: Position; place: number } | null> {
  const scenarioId = TRAINING_MODULES.find((module) => module.phase === phase)?.scenarioId;
  const clean = scenarioId ? progress.cleanIds(scenarioId) : new Set<number>();
  if (clean.size === 0) return null;
  const perPage = 200;
  for (let page = 1; page <= 1000; page++) {
    const batch = await positionsApi.byPhase(phase, { page, perPage });
    const index = batch.findIndex((position) => !clean.has(position.id));
    const found = batch[index];
    if (found)
      return index === 0 && page === 1 ? null : { position: found, place: (page - 1) * perPage + index + 1 };
    if (batch.length < perPage) return null;
  }
  return null;
}

/**
 * The listed puzzles that still exist, in the list's order (a puzzle deleted since it was listed is left out; any
 * other failure fails the load, so Retry can try again).
 */
async function existing(ids: readonly number[]): Promise<Position[]> {
  // The player's own puzzles (negative ids, in the review list) are in this browser's store, not on the server.
  const mine = ids.some(isMyGamesId)
    ? new Map((await (await import("../my-games/positions")).myGamesPositions()).map((p) => [p.id, p]))
    : new Map<number, Position>();
  const found = await Promise.all(
    ids.map((id) =>
      isMyGamesId(id)
        ? (mine.get(id) ?? null)
        : positionsApi.get(id).catch((error: unknown) => {
            if (error instanceof ApiCallError && error.status === 404) return null;
            throw error;
          }),
    ),
  );
  return found.filter((position): position is Position => position !== null);
}

/** The library's next puzzle for the player: near their rating and chosen difficulty, not one seen recently. */
function nextRated(input: RatedLoadInput) {
  const player = progress.rating();
  return libraryApi.next({
    rating: player.rating,
    deviation: player.deviation,
    difficulty: player.difficulty,
    phase: input.phase,
    themes: input.themes,
    seen: player.seen,
  });
}

/** The training flow with the site's loaders: the positions API of spec section 7 and the library's selection. */
export const siteTrainingFlowMachine = trainingFlowMachine.provide({
  actors: {
    loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async ({ input }) => {
      if (input.ids) {
        const list = await existing(input.ids);
        return { position: list[0] ?? null, total: list.length, list };
      }
      // A puzzle's address (a reload, a copied link, Back and Forward): that puzzle, if it still exists.
      const started = input.start === null ? null : await firstAtPuzzle(input.start, input);
      if (started) return started;
      if (input.rated || input.phase === null) {
        const next = await nextRated(input);
        return { position: next.position, total: 0, no_more_puzzles: next.no_more_puzzles };
      }
      const phase = input.phase;
      const [counts, resumed] = await Promise.all([positionsApi.phaseCounts(), resumePoint(phase)]);
      if (resumed)
        return { position: resumed.position, total: counts.counts[phase] ?? 0, place: resumed.place };
      return { position: await firstOrNull(phase), total: counts.counts[phase] ?? 0 };
    }),
    loadNextRated: fromPromise(({ input }: { input: RatedLoadInput }) => nextRated(input)),
    loadNextByPhase: fromPromise(({ input }: { input: { phase: GamePhase; sequence: number } }) =>
      positionsApi.nextByPhase(input.phase, input.sequence),
    ),
    loadNextById: fromPromise(({ input }: { input: { id: number } }) => positionsApi.nextById(input.id)),
    loadPreviousBySequence: fromPromise(({ input }: { input: { sequence: number } }) =>
      positionsApi.previousBySequence(input.sequence),
    ),
    loadById: fromPromise(({ input }: { input: { id: number } }) => positionsApi.get(input.id)),
    loadByOpening: fromPromise(({ input }: { input: { phase: GamePhase; opening: string } }) =>
      allOfOpening(input.phase, input.opening),
    ),
    // Does a move off the line win as well? The browser's Stockfish, in the chunk "why not my move" loads too.
    scoreAlternative: fromPromise<AlternativeScores, AlternativeInput>(async ({ input, signal }) =>
      (await import("./refutation-runner")).scoreAlternative(input, signal),
    ),
  },
});

/**
 * A streak's flow (/training/streak): every puzzle comes by rating, at the streak's own target (it rises with each
 * solve), whatever the player's rating; once the streak is over nothing more comes (Next becomes Complete).
 */
export function streakFlowMachine(streak: { target: () => number | null }) {
  const next = async (input: RatedLoadInput): Promise<NextPosition> => {
    const target = streak.target();
    if (target === null) return { position: null, no_more_puzzles: true };
    return libraryApi.next({
      rating: target,
      deviation: STREAK_DEVIATION,
      difficulty: "normal",
      phase: input.phase,
      themes: input.themes,
      seen: progress.rating().seen,
    });
  };
  return siteTrainingFlowMachine.provide({
    actors: {
      loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async ({ input }) => {
        const answer = await next(input);
        return { position: answer.position, total: 0, no_more_puzzles: answer.no_more_puzzles };
      }),
      loadNextRated: fromPromise(({ input }: { input: RatedLoadInput }) => next(input)),
    },
  });
}

/** The deviation a streak asks with: a narrow window around its target. */
const STREAK_DEVIATION = 80;

/**
 * The Weaknesses mode's flow (/training/weaknesses, issue 39): every puzzle comes by rating, at the player's level,
 * from the request the coach's chooser makes (`choose`: a weak theme, or anything). A weak theme with nothing left
 * to serve at that level gives way to anything at the level. `chosen` hears which choice brought which puzzle, so
 * the page can say why.
 */
export function weaknessFlowMachine(mode: {
  choose: () => CoachPick;
  chosen: (positionId: number, pick: CoachPick) => void;
}) {
  const next = async (input: RatedLoadInput): Promise<NextPosition> => {
    const player = progress.rating();
    const ask = (request: CoachPick["request"]) =>
      libraryApi.next({
        rating: request.rating,
        deviation: player.deviation,
        difficulty: player.difficulty,
        phase: input.phase,
        themes: request.themes ?? input.themes,
        seen: player.seen,
      });
    const { answer, pick } = await loadWeaknessPuzzle(mode.choose, ask);
    if (answer.position) mode.chosen(answer.position.id, pick);
    return answer;
  };
  return siteTrainingFlowMachine.provide({
    actors: {
      loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async ({ input }) => {
        const answer = await next(input);
        return { position: answer.position, total: 0, no_more_puzzles: answer.no_more_puzzles };
      }),
      loadNextRated: fromPromise(({ input }: { input: RatedLoadInput }) => next(input)),
    },
  });
}

/**
 * The review page's flow (/training/review, issue 39): the due cards in the order given, each served as serveCard
 * says: its own position, or an unseen puzzle of its main theme near its rating, asked of the library. An unseen
 * puzzle that does not come (none left, one already played, one twice) gives way to the card's own position.
 * `served` hears which puzzle stands for which card, so the page can say so and the tries review that card.
 */
export function reviewFlowMachine(review: {
  servings: readonly CardServing[];
  served: (positionId: number, cardId: number) => void;
}) {
  const serve = async (): Promise<Position[]> => {
    const player = progress.rating();
    const cards = new Set(review.servings.map((serving) => serving.puzzleId));
    const played = new Set(player.rated);
    const chosen = new Set<number>();
    const motifs = new Map<number, Position>();
    for (const serving of review.servings) {
      if (serving.serve !== "motif" || !serving.request) continue;
      const answer = await libraryApi
        .next({
          rating: serving.request.rating,
          deviation: player.deviation,
          difficulty: "normal",
          phase: null,
          themes: serving.request.themes ?? [],
          seen: [...player.seen, ...chosen, ...cards],
        })
        .catch(() => null);
      const position = answer?.position;
      if (!position || cards.has(position.id) || played.has(position.id) || chosen.has(position.id)) continue;
      chosen.add(position.id);
      motifs.set(serving.puzzleId, position);
    }
    const own = await existing(
      review.servings.filter((serving) => !motifs.has(serving.puzzleId)).map((serving) => serving.puzzleId),
    );
    const byId = new Map(own.map((position) => [position.id, position]));
    const list: Position[] = [];
    for (const serving of review.servings) {
      const motif = motifs.get(serving.puzzleId);
      if (motif) {
        review.served(motif.id, serving.puzzleId);
        list.push(motif);
      } else {
        const position = byId.get(serving.puzzleId);
        if (position) list.push(position);
      }
    }
    return list;
  };
  return siteTrainingFlowMachine.provide({
    actors: {
      loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async () => {
        const list = await serve();
        return { position: list[0] ?? null, total: list.length, list };
      }),
    },
  });
}

const TrainingFlow = createActorContext(siteTrainingFlowMachine);

/**
 * One set's training flow: a module's phase (in its order, or by rating when the player chose so), or a theme's
 * puzzles across the phases (by rating). Remount it (key) for another set.
 */
export function TrainingFlowProvider({
  phase,
  rated = false,
  themes = [],
  ids,
  start,
  logic,
  children,
}: {
  phase: GamePhase | null;
  rated?: boolean;
  themes?: readonly string[];
  /** A fixed list of puzzles (the review). */
  ids?: readonly number[] | undefined;
  /** The puzzle to start at (a puzzle's address). */
  start?: number | undefined;
  /** Another flow with the same events and states (the streak's own loads). */
  logic?: typeof siteTrainingFlowMachine | undefined;
  children: ReactNode;
}) {
  return (
    <TrainingFlow.Provider
      {...(logic ? { logic } : {})}
      options={{
        input: { phase, rated, themes, ...(ids ? { ids } : {}), ...(start ? { start } : {}) },
      }}
    >
      {children}
    </TrainingFlow.Provider>
  );
}

// Narrow selections (convention 11): each hook re-renders only when its own slice changes.

export function useTrainingScreen() {
  const loading = TrainingFlow.useSelector(selectIsModuleLoading);
  const loadError = TrainingFlow.useSelector(selectLoadError);
  const canDismissError = TrainingFlow.useSelector(selectCanDismissError);
  const complete = TrainingFlow.useSelector(selectIsComplete);
  const empty = TrainingFlow.useSelector(selectIsEmpty);
  const busy = TrainingFlow.useSelector(selectIsBusy);
  return { loading, loadError, canDismissError, complete, empty, busy };
}

export function useTrainingBoard() {
  const fen = TrainingFlow.useSelector(selectFen);
  const orientation = TrainingFlow.useSelector(selectOrientation);
  const lastMove = TrainingFlow.useSelector(selectLastMove, shallowEqual);
  const canMove = TrainingFlow.useSelector(selectCanMove);
  const solved = TrainingFlow.useSelector(selectIsSolved);
  return { fen, orientation, lastMove, canMove, solved };
}

/** The open hint's drawing on the board, re-rendering only when what it draws changes. */
export const useTrainingBoardHints = () =>
  TrainingFlow.useSelector(selectBoardHints, (a, b) => JSON.stringify(a) === JSON.stringify(b));
export const useTrainingPosition = () => TrainingFlow.useSelector(selectPosition);
/** The flow's chess rules, null until they have loaded (shortly after the screen's first paint). */
export const useTrainingRules = () => TrainingFlow.useSelector(selectRules);
export const useTrainingMoves = () => TrainingFlow.useSelector(selectMoves);
export const useTrainingFeedback = () => TrainingFlow.useSelector(selectFeedback);
export const useTrainingNotice = () => TrainingFlow.useSelector(selectNotice);
export const useTrainingProgress = () => TrainingFlow.useSelector(selectProgress, shallowEqual);
export const useTrainingControls = () => TrainingFlow.useSelector(selectControls, shallowEqual);
/** The shown puzzle ended with help or its answer shown: "Try again" may replay it (a review, never rated). */
export const useTrainingCanTryAgain = () => TrainingFlow.useSelector(selectCanTryAgain);

export function useTrainingNavigation() {
  const mode = TrainingFlow.useSelector(selectMode);
  const opening = TrainingFlow.useSelector(selectOpening);
  const canFilter = TrainingFlow.useSelector(selectCanFilter);
  const canGoToId = TrainingFlow.useSelector(selectCanGoToId);
  const rated = TrainingFlow.useSelector(selectIsRated);
  const canChooseOrder = TrainingFlow.useSelector(selectCanChooseOrder);
  return { mode, opening, canFilter, canGoToId, rated, canChooseOrder };
}

export function useTrainingHints() {
  const level = TrainingFlow.useSelector(selectTrainingHintLevel);
  const canMoreHelp = TrainingFlow.useSelector(selectCanMoreHelp);
  const showsMoreHelp = TrainingFlow.useSelector(selectShowsMoreHelp);
  const expected = TrainingFlow.useSelector(selectExpectedMove, shallowEqual);
  const ply = TrainingFlow.useSelector(selectHintPly);
  return { level, canMoreHelp, showsMoreHelp, expected, ply };
}

/** Intent callbacks: what the screen's controls ask the flow to do. */
export function useTrainingEvents() {
  const actor = TrainingFlow.useActorRef();
  return useMemo(
    () => ({
      /**
       * Plays a move in coordinate form. Returns whether the board took it (a correct move); a wrong or illegal
       * move leaves the position as it was, so a dragged piece snaps back.
       */
      play: (move: string): boolean => {
        const before = actor.getSnapshot().context.fen;
        actor.send({ type: "move.play", move });
        return actor.getSnapshot().context.fen !== before;
      },
      next: () => actor.send({ type: "training.next" }),
      previous: () => actor.send({ type: "training.previous" }),
      reset: () => actor.send({ type: "training.reset" }),
      /** "Try again": the same puzzle at once as a fresh try (the review cards' "again today"). */
      again: () => actor.send({ type: "training.again" }),
      showAnswer: () => actor.send({ type: "training.showAnswer" }),
      complete: () => actor.send({ type: "training.complete" }),
      retry: () => actor.send({ type: "training.retry" }),
      dismissError: () => actor.send({ type: "training.dismissError" }),
      goToId: (id: number) => actor.send({ type: "training.goToId", id }),
      filter: (opening: string | null) => actor.send({ type: "training.filter", opening }),
      order: (rated: boolean) => actor.send({ type: "training.order", rated }),
      open: (id: number) => actor.send({ type: "training.open", id }),
      locate: (id: number, place: number, total: number) =>
        actor.send({ type: "training.locate", id, place, total }),
      hint: () => actor.send({ type: "hint.request" }),
      moreHelp: () => actor.send({ type: "hint.more" }),
    }),
    [actor],
  );
}

type Handlers = {
  [K in TrainingFlowEmitted["type"]]?: (event: Extract<TrainingFlowEmitted, { type: K }>) => void;
};

/** Subscribes to the flow's emitted progress events (moves, hints, solved, complete) while mounted. */
export function useTrainingEmitted(handlers: Handlers) {
  const actor = TrainingFlow.useActorRef();
  useEffect(() => {
    const subscriptions = (Object.keys(handlers) as TrainingFlowEmitted["type"][]).map((type) =>
      actor.on(type, (event) => (handlers[type] as ((e: TrainingFlowEmitted) => void) | undefined)?.(event)),
    );
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor, handlers]);
}
