// Worker entry for "why not my move" (a classic worker; served beside the engine, never bundled).
// stockfish-19-lite-single.js fetches and compiles its .wasm in a promise that nobody handles: a download that fails
// or a compile refused by the content policy would leave the page waiting for its timeout. Report it instead.
// The engine takes the .wasm's URL from this worker's URL hash (#<encoded URL>).
self.addEventListener("unhandledrejection", (event) => {
  const reason = event.reason instanceof Error ? event.reason.message : String(event.reason);
  self.postMessage({ engineError: reason });
});
self.importScripts("stockfish-19-lite-single.js");
