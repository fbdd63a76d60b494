import { startTransition, useEffect, useState } from "react";

/**
 * Hydration of a server-rendered page (main.tsx). While it runs, the browser must render exactly what the server did,
 * and the server has no browser storage: `storage.get` answers nothing until it ends, as on the server. Components
 * that show stored things read them through a store whose server snapshot is the empty one (progress-signal.ts,
 * theme.ts), so React renders them again with the stored values right after; a screen that reads storage only once,
 * as it starts, waits for `useHydrated()`.
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

/** Called by the root's layout effect: every effect after it (and every later render) sees the browser's storage. */
export function endHydration(): void {
  hydrating = false;
}

export function isHydrating(): boolean {
  return hydrating;
}

/**
 * False while the server renders and while the browser hydrates that rendering; true on every other render. A part
 * that cannot be rendered on the server (it starts from browser storage) renders its placeholder until then, and
 * then renders itself as a transition: in slices, so a big screen (the trainer) does not hold the page for long.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== "undefined" && !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
