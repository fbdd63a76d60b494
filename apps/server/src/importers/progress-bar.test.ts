import { describe, expect, it } from "vitest";
import type { ImportSummary } from "./lichess";
import { progressBar, timeLeft } from "./progress-bar";

const running = (read: number, seconds: number, lastLine: number): ImportSummary => ({
  read,
  imported: read,
  skipped_existing: 0,
  refused: 0,
  refusals: [],
  first_line: 2,
  last_line: lastLine,
  complete: false,
  resumed: false,
  seconds,
});

describe("an import's progress bar", () => {
  it("fills with the bytes committed and gives the rate and the time left at that rate", () => {
    const line = progressBar(running(2_500_000, 250, 2_500_001), {
      byteOffset: 400_000_000,
      startOffset: 0,
      bytes: 1_000_000_000,
    });
    expect(line).toBe("[##########..............] 40.0%  line 2,500,001  10,000 puzzles/s  about 6 min left");
  });

  it("counts the time left from where a resumed run started, and says none at the end", () => {
    // A run resumed at 90 % that has done 5 % of the file in 30 s has 5 % left: about 30 s.
    expect(timeLeft({ byteOffset: 95, startOffset: 90, bytes: 100 }, 30)).toBe("about 30 s left");
    expect(timeLeft({ byteOffset: 100, startOffset: 90, bytes: 100 }, 60)).toBeNull();
    expect(timeLeft({ byteOffset: 90, startOffset: 90, bytes: 100 }, 1)).toBeNull();
    const done = progressBar(running(100, 1, 101), { byteOffset: 100, startOffset: 0, bytes: 100 }, 10);
    expect(done).toBe("[##########] 100.0%  line 101  100 puzzles/s");
  });
});
