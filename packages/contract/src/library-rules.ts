/**
 * The puzzle library's plain rules, shared by the server and the site (no zod here: the site ships this file): the
 * difficulty choice and the compact list of recently seen puzzles that travels with a request for the next one.
 */

/** Rating offsets of the difficulty choice, as lichess has them. */
export const DIFFICULTIES = {
  easiest: -600,
  easier: -300,
  normal: 0,
  harder: 300,
  hardest: 600,
} as const;
export type Difficulty = keyof typeof DIFFICULTIES;
export const DIFFICULTY_NAMES = Object.keys(DIFFICULTIES) as Difficulty[];

/** The target rating for a player and a difficulty (an own-key lookup: unknown names never get here). */
export function targetRating(rating: number, difficulty: Difficulty): number {
  return rating + new Map(Object.entries(DIFFICULTIES)).get(difficulty)!;
}

/**
 * The library's rating range (lichess's puzzles lie within it): a custom set's rating range (issue 39) is chosen
 * inside it, and the server keeps every puzzle's rating inside it (PUZZLE_RATING_RANGE).
 */
export const LIBRARY_RATING_BOUNDS = { min: 400, max: 3300 } as const;

/** At most this many recently seen puzzles travel with a request (the most recent ones). */
export const SEEN_LIMIT = 1000;
/** Longest `seen` text accepted (1,000 ids take at most 5 bytes each, base64 4/3 of that). */
export const SEEN_MAX_CHARS = 7000;

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Each character code's base64url value, -1 for any other character (codes 0-127). */
const BASE64URL_VALUE = Int8Array.from({ length: 128 }, (_, code) =>
  BASE64URL.indexOf(String.fromCharCode(code)),
);

function toBase64url(bytes: number[]): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const chunk = (a << 16) | (b << 8) | c;
    const chars = i + 1 >= bytes.length ? 2 : i + 2 >= bytes.length ? 3 : 4;
    for (let k = 0; k < chars; k++) text += BASE64URL[(chunk >> (18 - 6 * k)) & 63];
  }
  return text;
}

function fromBase64url(text: string): number[] | null {
  if (text.length % 4 === 1) return null;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 4) {
    const chars = Math.min(4, text.length - i);
    let chunk = 0;
    for (let k = 0; k < 4; k++) {
      const code = k < chars ? text.charCodeAt(i + k) : 65; // "A": 0
      const value = code < 128 ? (BASE64URL_VALUE[code] as number) : -1;
      if (value < 0) return null;
      chunk = (chunk << 6) | value;
    }
    bytes.push((chunk >> 16) & 255);
    if (chars > 2) bytes.push((chunk >> 8) & 255);
    if (chars > 3) bytes.push(chunk & 255);
  }
  return bytes;
}

/**
 * The ids a player saw recently, compact for a URL: sorted, each written as its difference from the one before in
 * 7-bit groups (a varint), then base64url. 1,000 ids of a million-puzzle library take about 2.7 kB.
 */
export function encodeSeen(ids: Iterable<number>): string {
  const sorted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0).sort((a, b) => a - b);
  const bytes: number[] = [];
  let previous = 0;
  for (const id of sorted) {
    let delta = id - previous;
    previous = id;
    while (delta >= 128) {
      bytes.push((delta % 128) | 128);
      delta = Math.floor(delta / 128);
    }
    bytes.push(delta);
  }
  return toBase64url(bytes);
}

/** The ids of `encodeSeen`'s text, or null when the text is not such a list. */
export function decodeSeen(text: string): number[] | null {
  const bytes = fromBase64url(text);
  if (!bytes) return null;
  const ids: number[] = [];
  let previous = 0;
  let delta = 0;
  let scale = 1;
  for (const byte of bytes) {
    delta += (byte & 127) * scale;
    if (byte & 128) {
      scale *= 128;
      if (scale > 2 ** 35) return null;
      continue;
    }
    if (delta === 0 && ids.length > 0) return null;
    previous += delta;
    if (previous > 2_147_483_647) return null;
    ids.push(previous);
    delta = 0;
    scale = 1;
  }
  return scale === 1 ? ids : null;
}
