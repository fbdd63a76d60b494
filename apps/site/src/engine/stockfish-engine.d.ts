/** Provided by the `stockfishEngine` plugin in apps/site/vite.config.ts. */
declare module "virtual:stockfish-engine" {
  /** URL of stockfish-19-lite-single.js as the site serves it; the .wasm sits beside it. */
  export const stockfishWorkerUrl: string;
}
