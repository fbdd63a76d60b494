import { parseRepertoirePgn, type RepertoireFile } from "@ct/chess";

/**
 * The starter repertoires (issue 40): one PGN file per opening of the spec's list, in content/repertoires/ at the
 * repository's root, named after the opening ("ruy-lopez.pgn"). Each file is its own chunk, fetched when a page needs
 * that opening; the list of ids costs nothing.
 */
const FILES = import.meta.glob<string>("../../../../../content/repertoires/*.pgn", {
  query: "?raw",
  import: "default",
});

function idOf(path: string): string {
  return path.replace(/^.*\//, "").replace(/\.pgn$/, "");
}

const PATHS = new Map(Object.keys(FILES).map((path) => [idOf(path), path]));

/** The openings White plays (its openings and systems); the starters of the others are for Black (the defences). */
export const WHITE_OPENINGS: ReadonlySet<string> = new Set([
  "Bird's Opening",
  "Catalan Opening",
  "English Opening",
  "Four Knights Game",
  "Italian Game",
  "King's Gambit",
  "London System",
  "Queen's Gambit",
  "Ruy Lopez",
  "Scotch Game",
  "Vienna Game",
]);

/** The starters' ids (file names without .pgn), sorted. */
export const STARTER_IDS: readonly string[] = [...PATHS.keys()].sort();

/** An opening's id from its English name: "King's Gambit" → "kings-gambit", "Grünfeld Defense" → "grunfeld-defense". */
export function repertoireId(opening: string): string {
  return opening
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The text of a starter's PGN file, or null for an unknown id. */
export async function starterPgn(id: string): Promise<string | null> {
  const path = PATHS.get(id);
  const load = path ? FILES[path] : undefined;
  return load ? await load() : null;
}

/** A starter, parsed (the moves replayed), or null for an unknown id. */
export async function loadStarter(id: string): Promise<RepertoireFile | null> {
  const text = await starterPgn(id);
  return text === null ? null : parseRepertoirePgn(text);
}
