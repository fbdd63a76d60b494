// What the board needs of chess.js, as the one module the board imports on demand (board-rules.ts): a chunk whose
// own export is chess.js's class, so the build does not have to assemble chess.js's whole namespace at run time.
export { Chess } from "chess.js";
