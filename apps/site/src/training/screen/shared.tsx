import { lazyPart } from "@ct/ui";
import { createContext, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { type MistakeOnBoard, mistakeOnBoard, useMistakeStage } from "../mistake-on-board";
import {
  useTrainingBoard,
  useTrainingFeedback,
  useTrainingPosition,
  useTrainingRules,
} from "../training-flow";
import { type RefutationState, useRefutation } from "../use-refutation";

export type Language = "en" | "ar";

/** The cards shown once the player acts (feedback, hints, replay): loaded right after the first paint. */
export const laterParts = lazyPart(() => import("../later-parts"));

/** A text of the position in the page's language, English when the Arabic one is missing. */
export function localized(language: Language, english: string, arabic: string | null | undefined): string {
  return language === "ar" && arabic ? arabic : english;
}

/**
 * Replay after a solve: which move of the line the board shows (-1 the starting position), or null for the
 * position as it stands. Shared by the board and the moves card; a new position or a new try ends it.
 */
export const ReplayContext = createContext<{ ply: number | null; setPly: (ply: number | null) => void }>({
  ply: null,
  setPly: () => undefined,
});

export function ReplayProvider({ children }: { children: ReactNode }) {
  const [ply, setPly] = useState<number | null>(null);
  const position = useTrainingPosition();
  const { solved } = useTrainingBoard();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new position or a new try leaves the replay
  useEffect(() => setPly(null), [position, solved]);
  const value = useMemo(() => ({ ply: solved ? ply : null, setPly }), [ply, solved]);
  return <ReplayContext.Provider value={value}>{children}</ReplayContext.Provider>;
}

/**
 * The latest wrong move: the engine's refutation ("Why not my move?", in the feedback card) and what the board shows
 * of it (the move, then the reply with its arrow, then both taken back; `endOnBoard` takes them back at once, when
 * the player moves on). One engine search serves both.
 */
export const MistakeContext = createContext<{
  refutation: RefutationState;
  onBoard: MistakeOnBoard | null;
  endOnBoard: () => void;
}>({
  refutation: { status: "idle" },
  onBoard: null,
  endOnBoard: () => undefined,
});

export function MistakeProvider({ children }: { children: ReactNode }) {
  const feedback = useTrainingFeedback();
  const rules = useTrainingRules();
  const refutation = useRefutation(feedback, rules);
  const [stage, endOnBoard] = useMistakeStage(feedback, refutation);
  const value = useMemo(
    () => ({ refutation, onBoard: mistakeOnBoard(rules, feedback, refutation, stage), endOnBoard }),
    [rules, feedback, refutation, stage, endOnBoard],
  );
  return <MistakeContext.Provider value={value}>{children}</MistakeContext.Provider>;
}

/** Below 992 px the layout is one column with the action bar fixed to the bottom of the screen. */
export const NARROW = "(max-width: 991.98px)";

/**
 * On a phone, a card that appears or changes under the board (the feedback, a hint) is scrolled into view when it
 * is hidden behind the action bar or below the screen, so a tap on Hint shows its answer. Wide screens keep the
 * cards beside the board and never scroll.
 */
export function useRevealOnPhone<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || key === null || key === undefined || !window.matchMedia(NARROW).matches) return;
    const bar = document.querySelector<HTMLElement>("[data-slot=action-bar]");
    const bottom = window.innerHeight - (bar?.offsetHeight ?? 0);
    const box = element.getBoundingClientRect();
    if (box.bottom > bottom || box.top < 0) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      element.scrollIntoView({ block: "nearest", behavior: reduce ? "auto" : "smooth" });
    }
  }, [key]);
  return ref;
}
