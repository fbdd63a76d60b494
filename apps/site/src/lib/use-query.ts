import { useCallback, useEffect, useRef, useState } from "react";

export interface Query<T> {
  status: "loading" | "ready" | "error";
  /** The latest answer; kept while a newer one loads, so lists do not flash empty between pages. */
  data: T | null;
  error: unknown;
  /** Asks again with the same key (a Retry button, or after a change). */
  reload: () => void;
}

/**
 * Loads `load()` whenever `key` changes (and on `reload`). The previous request is aborted; an answer that arrives
 * for an old key is dropped.
 */
export function useQuery<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Query<T> {
  const [state, setState] = useState<Omit<Query<T>, "reload">>({
    status: "loading",
    data: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and the attempt are what trigger a load.
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ status: "loading", data: previous.data, error: null }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "ready", data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", data: null, error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
