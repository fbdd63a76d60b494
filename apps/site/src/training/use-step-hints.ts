import type { Hints, Position } from "@ct/contract";
import { useEffect, useMemo, useState } from "react";

type StepHintsModule = typeof import("./step-hints");

let loaded: StepHintsModule | null = null;

export type HintTexts =
  | { status: "ready"; hints: Hints | null }
  | { status: "loading" }
  /** The coach could not be loaded or could not compose this step's hints. */
  | { status: "failed" };

/**
 * The texts of the open hint: the stored hints at the puzzle's first move; at a later move of its line, that
 * step's own hints, composed by the coach in a chunk loaded when a hint is first asked there (so the screen's
 * first load does not carry it).
 */
export function useHintTexts(position: Position | null, ply: number, open: boolean): HintTexts {
  const later = open && position !== null && ply > 0;
  const [module, setModule] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!later || module) return;
    let live = true;
    import("./step-hints").then(
      (next) => {
        loaded = next;
        if (live) setModule(next);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [later, module]);
  const composed = useMemo(
    () => (later && module && position ? module.stepHints(position, ply) : null),
    [later, module, position, ply],
  );
  if (!later) return { status: "ready", hints: position?.hints ?? null };
  if (composed) return { status: "ready", hints: composed };
  return module || failed ? { status: "failed" } : { status: "loading" };
}
