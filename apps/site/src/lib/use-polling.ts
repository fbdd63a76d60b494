import { useCallback, useEffect, useRef, useState } from "react";

export interface Polled<T> {
  data: T | null;
  error: unknown;
  /** Asks again now (after an action that changes the answer). */
  refresh: () => void;
}

/**
 * Calls `load` now and every `intervalMs` while the component is mounted (spec section 9: the analysis status
 * is polled every 5000 ms). A failure keeps the last answer's slot empty and reports the error; the next tick
 * tries again. Calls never overlap.
 */
export function usePolling<T>(load: () => Promise<T>, intervalMs: number): Polled<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown }>({ data: null, error: null });
  const loadRef = useRef(load);
  loadRef.current = load;
  const busy = useRef(false);

  const tick = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const data = await loadRef.current();
      setState({ data, error: null });
    } catch (error) {
      setState({ data: null, error });
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    void tick();
    const timer = setInterval(() => void tick(), intervalMs);
    return () => clearInterval(timer);
  }, [tick, intervalMs]);

  return { ...state, refresh: () => void tick() };
}
