import * as React from "react";

/** chess.js, which the board uses for its legal-move dots, the check highlight and the trainer's reach test. */
export type BoardRules = typeof import("./board-chess");

let loaded: BoardRules | null = null;
let loading: Promise<BoardRules> | null = null;

/**
 * Loads chess.js for the boards (once; a chunk of its own in the site's build). A screen can call it early, e.g. as
 * it starts loading its position, so the board has the rules from its first render; a board calls it when it mounts.
 */
export function loadBoardRules(): Promise<BoardRules> {
  loading ??= import("./board-chess").then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A failed load (the network) is tried again by the next board or screen that asks.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * chess.js for a board: at once when it has loaded already, otherwise null until it has (the board is drawn from
 * its FEN meanwhile; what needs the rules waits for them).
 */
export function useBoardRules(): BoardRules | null {
  const [rules, setRules] = React.useState(loaded);
  React.useEffect(() => {
    if (rules) return;
    let live = true;
    loadBoardRules().then(
      (module) => {
        if (live) setRules(module);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [rules]);
  return rules;
}
