/** A puzzle id typed by the player: digits only (spaces around are ignored), at least 1; null otherwise. */
export function parsePuzzleId(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[0-9]+$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}
