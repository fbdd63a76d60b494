import { useCallback, useEffect, useRef, useState } from "react";

export interface Query<T> {
  status: "loading" | "ready" | "error";
  /** The latest answer; kept while a newer one loads, so lists do not flash empty between pages. */
  data: T | null;
  error: unknown;
  /** Asks again with the same key (a Retry button, or after a change). */
  reload: () => void;
}

/** An answer that came with the page (the server loaded it while rendering): the query starts with it. */
export type QuerySeed<T> = { key: string; data: T } | { key: string; error: unknown };

/**
 * Loads `load()` whenever `key` changes (and on `reload`). The previous request is aborted; an answer that arrives
 * for an old key is dropped.
 */
export function useQuery<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  seed?: QuerySeed<T> | null,
): Query<T> {
  const [state, setState] = useState<Omit<Query<T>, "reload">>(() => {
    if (!seed || seed.key !== key) return { status: "loading", data: null, error: null };
    return "error" in seed
      ? { status: "error", data: null, error: seed.error }
      : { status: "ready", data: seed.data, error: null };
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // The key whose answer came with the page: not asked for again.
  const seeded = useRef(seed && seed.key === key ? key : undefined);

  useEffect(() => {
    if (seeded.current === key && attempt === 0) return;
    seeded.current = undefined;
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
