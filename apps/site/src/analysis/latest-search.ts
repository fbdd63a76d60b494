/**
 * Searches one position at a time, and only the latest asked for: a player who plays several moves while the engine
 * thinks gets the lines of the position on the board as soon as the running search ends, not after a search of each
 * position passed through. A search asked for while another runs waits; a waiting one that a newer request replaces
 * resolves to null (superseded) without running.
 */
export function createLatestSearch<T>(run: (fen: string) => Promise<T>): (fen: string) => Promise<T | null> {
  let running = false;
  let waiting: { fen: string; resolve: (value: T | null) => void; reject: (error: unknown) => void } | null =
    null;

  function start(fen: string, resolve: (value: T | null) => void, reject: (error: unknown) => void): void {
    running = true;
    run(fen)
      .then(resolve, reject)
      .finally(() => {
        running = false;
        const next = waiting;
        waiting = null;
        if (next) start(next.fen, next.resolve, next.reject);
      });
  }

  return (fen) =>
    new Promise<T | null>((resolve, reject) => {
      if (!running) {
        start(fen, resolve, reject);
        return;
      }
      waiting?.resolve(null);
      waiting = { fen, resolve, reject };
    });
}
