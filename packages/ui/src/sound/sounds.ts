/**
 * The board's sounds (issue 42), synthesised with the Web Audio API: no sound files, so nothing to license but this
 * code (the project's own). Each sound is a few short tones with a quick attack and an exponential fade.
 */

export type BoardSound = "move" | "capture" | "check" | "success" | "failure" | "end";

export const BOARD_SOUNDS: readonly BoardSound[] = ["move", "capture", "check", "success", "failure", "end"];

interface Tone {
  /** Frequency in Hz. */
  frequency: number;
  /** Start after the sound begins, in seconds. */
  at: number;
  /** Length in seconds. */
  length: number;
  type: OscillatorType;
  /** Loudness of this tone, 0 to 1, before the volume. */
  gain: number;
}

/** The tones of each sound: a soft knock for a move, a sharper double one for a capture, rising and falling chimes. */
export const SOUND_TONES: Record<BoardSound, readonly Tone[]> = {
  move: [{ frequency: 220, at: 0, length: 0.08, type: "triangle", gain: 0.9 }],
  capture: [
    { frequency: 180, at: 0, length: 0.07, type: "square", gain: 0.35 },
    { frequency: 330, at: 0.05, length: 0.09, type: "triangle", gain: 0.8 },
  ],
  check: [
    { frequency: 660, at: 0, length: 0.12, type: "sine", gain: 0.7 },
    { frequency: 880, at: 0.1, length: 0.16, type: "sine", gain: 0.6 },
  ],
  success: [
    { frequency: 523, at: 0, length: 0.12, type: "sine", gain: 0.7 },
    { frequency: 659, at: 0.1, length: 0.12, type: "sine", gain: 0.7 },
    { frequency: 784, at: 0.2, length: 0.22, type: "sine", gain: 0.7 },
  ],
  failure: [
    { frequency: 330, at: 0, length: 0.16, type: "sawtooth", gain: 0.25 },
    { frequency: 247, at: 0.14, length: 0.24, type: "sawtooth", gain: 0.25 },
  ],
  end: [
    { frequency: 784, at: 0, length: 0.14, type: "sine", gain: 0.6 },
    { frequency: 587, at: 0.14, length: 0.14, type: "sine", gain: 0.6 },
    { frequency: 392, at: 0.28, length: 0.4, type: "sine", gain: 0.7 },
  ],
};

let context: AudioContext | null = null;

/** Plays a sound at a volume from 0 to 100; nothing where the browser has no Web Audio. */
export function playBoardSound(sound: BoardSound, volume: number): void {
  if (volume <= 0 || typeof window === "undefined" || typeof window.AudioContext !== "function") return;
  try {
    context ??= new window.AudioContext();
    if (context.state === "suspended") void context.resume();
    const start = context.currentTime + 0.01;
    const level = Math.min(100, volume) / 100;
    for (const tone of SOUND_TONES[sound]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tone.type;
      oscillator.frequency.value = tone.frequency;
      const begin = start + tone.at;
      gain.gain.setValueAtTime(0.0001, begin);
      gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.3 * tone.gain * level), begin + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, begin + tone.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(begin);
      oscillator.stop(begin + tone.length + 0.02);
    }
  } catch {
    // No audio here (a policy, no device): the board stays silent.
  }
}

/** The piece placement of a FEN, square by square (64 characters, "." for an empty square). */
function squaresOf(fen: string): string {
  return (fen.trim().split(/\s+/)[0] ?? "")
    .replace(/[1-8]/g, (n) => ".".repeat(Number(n)))
    .replaceAll("/", "");
}

/**
 * The sound of the move that led from `before` to `after`: `check` when it gives check (`inCheck`, the side to move
 * in `after` is in check), else `capture` when a piece left the board, else `move`; null when the two positions are
 * not one move apart (a new puzzle, a take-back of several moves, the same position).
 */
export function moveSoundOf(before: string, after: string, inCheck: boolean): BoardSound | null {
  const from = squaresOf(before);
  const to = squaresOf(after);
  if (from.length !== 64 || to.length !== 64) return null;
  const turnBefore = before.trim().split(/\s+/)[1];
  const turnAfter = after.trim().split(/\s+/)[1];
  if (!turnBefore || turnBefore === turnAfter) return null;
  let changed = 0;
  for (let index = 0; index < 64; index += 1) if (from[index] !== to[index]) changed += 1;
  // A move changes two squares, castling four, en passant three.
  if (changed < 2 || changed > 4) return null;
  if (inCheck) return "check";
  const count = (squares: string) => squares.replaceAll(".", "").length;
  return count(to) < count(from) ? "capture" : "move";
}
