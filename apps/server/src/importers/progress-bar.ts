import type { FilePlace, ImportSummary } from "./lichess";

const count = (value: number) => value.toLocaleString("en");

/** The share of the file's bytes committed so far, 0 to 1 (1 for an empty file). */
export function shareOf(place: FilePlace): number {
  return place.bytes > 0 ? Math.min(1, place.byteOffset / place.bytes) : 1;
}

/** "about 6 min left", "about 40 s left", or null before anything is known. */
export function timeLeft(place: FilePlace, seconds: number): string | null {
  const done = place.byteOffset - place.startOffset;
  if (done <= 0 || seconds <= 0 || place.byteOffset >= place.bytes) return null;
  const left = ((place.bytes - place.byteOffset) / done) * seconds;
  if (left < 60) return `about ${Math.max(1, Math.round(left))} s left`;
  return `about ${Math.round(left / 60)} min left`;
}

/**
 * One line of an import's progress: a bar of the file's bytes committed so far, its percentage, the last line
 * committed, the rate of this run and the time left at that rate. `width` is the bar's length in characters.
 */
export function progressBar(summary: ImportSummary, place: FilePlace, width = 24): string {
  const share = shareOf(place);
  const filled = Math.round(share * width);
  const rate = summary.seconds > 0 ? Math.round(summary.read / summary.seconds) : 0;
  const left = timeLeft(place, summary.seconds);
  return [
    `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${(share * 100).toFixed(1)}%`,
    `line ${count(summary.last_line ?? 0)}`,
    `${count(rate)} puzzles/s`,
    ...(left ? [left] : []),
  ].join("  ");
}
