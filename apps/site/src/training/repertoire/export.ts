import { movesFromLines, type RepertoireFile, repertoireToPgn } from "@ct/chess";

/**
 * Repertoires as PGN files (issue 40): a starter's lines merged into one game whose variations nest the branches,
 * its comments in `{en: … | ar: …}`; a player's own repertoire is stored as such a PGN already.
 */

/** A starter repertoire as one PGN game with variations (the import reads it back to the same tree). */
export function starterExportPgn(file: RepertoireFile): string {
  return repertoireToPgn({
    name: file.opening,
    side: file.side,
    moves: movesFromLines(file.lines),
    eco: file.lines[0]?.eco ?? "",
  });
}

/** A file name from a repertoire's name: "My Najdorf" → "my-najdorf.pgn". */
export function pgnFileName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
  return `${base || "repertoire"}.pgn`;
}

/** Makes the browser download `text` as a PGN file. */
export function downloadPgn(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = pgnFileName(name);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
