import * as React from "react";

/**
 * A module loaded after the first paint: `preload()` starts it (once; a failed load is tried again by the next
 * call), `useLoaded()` gives it at once when it is there already, otherwise null until it is. The board's chess.js
 * (board-rules.ts) and the training screen's after-move cards load through it.
 */
export function lazyPart<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const preload = (): Promise<T> => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function useLoaded(): T | null {
    const [module, setModule] = React.useState(loaded);
    React.useEffect(() => {
      if (module) return;
      let live = true;
      preload().then(
        (next) => {
          if (live) setModule(next);
        },
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [module]);
    return module;
  }
  return { preload, useLoaded };
}
