/**
 * The editor's length figures: words and reading time. 200 words a minute is the reading speed assumed, a little
 * under the figure usually quoted for adult readers on screen (about 230-240 in English), because a chess post is
 * read with its diagrams and moves; the same speed is used for Arabic, whose words are fewer and longer on average.
 */
export const WORDS_PER_MINUTE = 200;

/** Words by the language rules of the runtime (Unicode word boundaries), so Arabic counts like English. */
const segmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter(undefined, { granularity: "word" })
    : null;

/**
 * The number of words in a text: runs of letters or digits ("e4", "1", "الملك", "don't"); punctuation, move
 * numbers' dots and symbols are not words.
 */
export function countWords(text: string): number {
  if (segmenter) {
    let words = 0;
    for (const segment of segmenter.segment(text)) if (segment.isWordLike) words++;
    return words;
  }
  return text.split(/\s+/).filter((part) => /[\p{L}\p{N}]/u.test(part)).length;
}

/** Minutes to read that many words, rounded up (a short post is a 1 min read); none for an empty post. */
export function readingMinutes(words: number): number {
  return words <= 0 ? 0 : Math.ceil(words / WORDS_PER_MINUTE);
}
