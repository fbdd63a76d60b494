import { useCallback, useEffect, useRef, useState } from "react";

export type Resource<T> =
  | { status: "loading"; data: null; error: null }
  | { status: "ready"; data: T; error: null }
  | { status: "error"; data: null; error: unknown };

/**
 * Loads once on mount (and on `reload`): statistics, phase counts and the home page's sample position. An answer
 * that arrives after unmount or after a newer load is dropped. `seed`: the answer the page came with (the server
 * loaded it as it rendered the page), which is shown at once and not asked for again.
 */
export function useResource<T>(
  load: () => Promise<T>,
  seed?: T | null,
): Resource<T> & { reload: () => void } {
  const [state, setState] = useState<Resource<T>>(() =>
    seed === undefined || seed === null
      ? { status: "loading", data: null, error: null }
      : { status: "ready", data: seed, error: null },
  );
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);
  const seeded = useRef(seed !== undefined && seed !== null);

  const run = useCallback(() => {
    const current = ++generation.current;
    setState({ status: "loading", data: null, error: null });
    loadRef.current().then(
      (data) => {
        if (generation.current === current) setState({ status: "ready", data, error: null });
      },
      (error: unknown) => {
        if (generation.current === current) setState({ status: "error", data: null, error });
      },
    );
  }, []);

  useEffect(() => {
    if (seeded.current) seeded.current = false;
    else run();
    return () => {
      generation.current += 1;
    };
  }, [run]);

  return { ...state, reload: run };
}
