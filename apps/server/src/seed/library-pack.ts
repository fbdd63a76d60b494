/**
 * The starter library: 10,000 puzzles of the lichess puzzle database (CC0) that ship with the product and are
 * stored on first start beside the curated seed positions.
 *
 * - `library/lichess-10k.csv.gz` is the source as published (FEN before the opponent's move, the moves, the rating;
 *   no ids, themes or openings).
 * - `library.csv.gz` is the pack `npm run content:build` makes from it (./library-build.ts): only the puzzles whose
 *   line plays legally and whose first move the engine finds best and the only good one (lichess's rule,
 *   `isOnlyMove`), each with a stable id, in the lichess CSV layout, so the server stores it through the same
 *   import pipeline as any lichess file (themes from our tagger, phase, opening, hints and texts from our composer).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { REPO_ROOT } from "../config";

export const LIBRARY_SOURCE_FILE = join(REPO_ROOT, "apps/server/src/seed/library/lichess-10k.csv.gz");
export const LIBRARY_PACK_FILE = join(REPO_ROOT, "apps/server/src/seed/library.csv.gz");

/**
 * Node budget of the pack's engine check (MultiPV 2 per puzzle): what `content:build:library` builds with and
 * `content:verify` checks with unless told otherwise, so a rebuild gives the same pack and the check agrees with it.
 */
export const LIBRARY_PACK_NODES = 150_000;

/** Sources of library puzzles are `library:<id>`; the id is a hash of the puzzle, stable across rebuilds. */
export const LIBRARY_SOURCE_PREFIX = "library";

/** Header of the pack: the lichess database's own column names, so its importer reads it as it is. */
export const LIBRARY_PACK_HEADER = "PuzzleId,FEN,Moves,Rating";

export interface LibraryRow {
  fen: string;
  moves: string;
  rating: number;
}

/** Reads the published source (`FEN,Moves,Rating`). */
export function readLibrarySource(file = LIBRARY_SOURCE_FILE): LibraryRow[] {
  const [header, ...lines] = gunzipSync(readFileSync(file)).toString("utf8").trimEnd().split(/\r?\n/);
  if (header !== "FEN,Moves,Rating") throw new Error(`${file}: unexpected header "${header}"`);
  return lines.map((line, index) => {
    const [fen = "", moves = "", rating = ""] = line.split(",");
    const value = Number(rating);
    if (!fen || !moves || !Number.isInteger(value))
      throw new Error(`${file}: line ${index + 2} is not a puzzle`);
    return { fen, moves, rating: value };
  });
}

/** A stable id of a puzzle: 10 letters and digits of the SHA-256 of its FEN and moves. */
export function libraryId(row: Pick<LibraryRow, "fen" | "moves">): string {
  return createHash("sha256").update(`${row.fen}|${row.moves}`).digest("hex").slice(0, 10);
}

/** The pack's text (the CSV the server imports on first start). */
export function readLibraryPack(file = LIBRARY_PACK_FILE): string {
  return gunzipSync(readFileSync(file)).toString("utf8");
}
