import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type PgnError, type PgnGame, parsePgn } from "@ct/chess";

export { ENDGAMES } from "./endgames";
export type { FenSource } from "./fen-source";
export { MIDDLEGAMES } from "./middlegames";
export { type GameMoment, MOMENTS } from "./moments";

/**
 * The PGN files of the seed, in the order the build takes them: opening traps cut right after the mistake they
 * punish (first, so a trap's position wins over a game that reaches it too), then famous games.
 */
export const PGN_SOURCES = ["traps", "games"] as const;
export type PgnSourceName = (typeof PGN_SOURCES)[number];

const SOURCES_DIR = dirname(fileURLToPath(import.meta.url));

/** Parses one of the seed's PGN files; the build and the tests read them through here, so they see the same games. */
export function readPgnSource(name: PgnSourceName): { games: PgnGame[]; errors: PgnError[] } {
  return parsePgn(readFileSync(join(SOURCES_DIR, `${name}.pgn`), "utf8"));
}
