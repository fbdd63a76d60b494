import { lazyPart } from "../lib/lazy-part";

/** chess.js, which the board uses for its legal-move dots, the check highlight and the trainer's reach test. */
export type BoardRules = typeof import("./board-chess");

const rules = lazyPart<BoardRules>(() => import("./board-chess"));

/**
 * Loads chess.js for the boards (once; a chunk of its own in the site's build; a failed load, the network, is tried
 * again by the next board or screen that asks). A screen can call it early, e.g. as it starts loading its position,
 * so the board has the rules from its first render; a board calls it when it mounts.
 */
export const loadBoardRules: () => Promise<BoardRules> = rules.preload;

/**
 * chess.js for a board: at once when it has loaded already, otherwise null until it has (the board is drawn from
 * its FEN meanwhile; what needs the rules waits for them).
 */
export const useBoardRules: () => BoardRules | null = rules.useLoaded;
