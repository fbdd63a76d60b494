import type { NextPosition } from "@ct/contract";
import type { RatingPoint } from "@ct/machines";
import { describe, expect, it, vi } from "vitest";
import { focusedWeak, loadWeaknessPuzzle, nextWeaknessPick, whyText } from "./weakness-mode";

const NOW = Date.parse("2026-11-28T12:00:00.000Z");
const HOUR = 3_600_000;

/** A result `hoursAgo` before NOW on a 1500 puzzle. */
function point(puzzleId: number, themes: string[], result: "win" | "loss", hoursAgo: number): RatingPoint {
  return {
    at: new Date(NOW - hoursAgo * HOUR).toISOString(),
    puzzleId,
    puzzleRating: 1500,
    result,
    rating: 1500,
    deviation: 100,
    themes,
    phase: "middlegame",
  };
}

/** Pins missed 4 times in 6, skewers 3 in 5, forks solved 8 times in 8: pin and skewer are weak, fork strong. */
const history: RatingPoint[] = [
  ...[0, 1, 2, 3, 4, 5].map((i) => point(100 + i, ["pin", "short"], i < 4 ? "loss" : "win", 60 - i)),
  ...[0, 1, 2, 3, 4].map((i) => point(200 + i, ["skewer"], i < 3 ? "loss" : "win", 50 - i)),
  ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => point(300 + i, ["fork"], "win", 40 - i)),
];

/** A source of numbers that gives these, then repeats the last. */
const numbers = (...values: number[]) => {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] ?? 0;
};

describe("the Weaknesses mode's next puzzle", () => {
  it("draws a weak theme 7 times in 10, at the player's level, with the misses that say why", () => {
    const pick = nextWeaknessPick({ rating: 1612.4, history }, NOW, numbers(0.1, 0));
    expect(pick.request).toEqual({ rating: 1612, themes: ["pin"] });
    expect(pick.reason).toEqual({ kind: "weak-theme", fact: { theme: "pin", missed: 4, of: 6 } });
    expect(nextWeaknessPick({ rating: 1612, history }, NOW, numbers(0.75)).reason).toEqual({ kind: "level" });
  });

  it("narrows the weak share to the focused theme when it is weak, and ignores a focus that is not", () => {
    const pick = nextWeaknessPick({ rating: 1500, history }, NOW, numbers(0.1, 0), "skewer");
    expect(pick.request.themes).toEqual(["skewer"]);
    expect(pick.reason).toMatchObject({ fact: { theme: "skewer", missed: 3, of: 5 } });
    const forks = nextWeaknessPick({ rating: 1500, history }, NOW, numbers(0.1, 0), "fork");
    expect(forks.request.themes).toEqual(["pin"]);
  });

  it("trains at the player's level with no weak theme, or when the results are older than 30 days", () => {
    expect(nextWeaknessPick({ rating: 1500, history: [] }, NOW, numbers(0))).toEqual({
      request: { rating: 1500 },
      reason: { kind: "no-weak-themes" },
    });
    const later = NOW + 31 * 24 * HOUR;
    expect(nextWeaknessPick({ rating: 1500, history }, later, numbers(0)).reason.kind).toBe("no-weak-themes");
  });

  it("keeps the order of the weak themes when focusing on none", () => {
    const report = { weak: [{ theme: "pin" }, { theme: "skewer" }] } as Parameters<typeof focusedWeak>[0];
    expect(focusedWeak(report, null).map((figure) => figure.theme)).toEqual(["pin", "skewer"]);
    expect(focusedWeak(report, "skewer").map((figure) => figure.theme)).toEqual(["skewer"]);
  });
});

describe("why this puzzle", () => {
  const name = (key: string) => ({ pin: "Pin" })[key] ?? key;

  it("names the theme and its misses among the last results on it (plural by those results)", () => {
    expect(whyText({ kind: "weak-theme", fact: { theme: "pin", missed: 4, of: 9 } }, name)).toEqual({
      key: "weakTheme",
      values: { name: "Pin", missed: 4, count: 9 },
    });
  });

  it("says the figure is still below the overall one when the last results hold no miss", () => {
    expect(whyText({ kind: "weak-theme", fact: { theme: "pin", missed: 0, of: 10 } }, name)).toEqual({
      key: "still",
      values: { name: "Pin" },
    });
  });

  it("says when the puzzle is any theme at the level, or when no weak theme is known yet", () => {
    expect(whyText({ kind: "level" }, name).key).toBe("level");
    expect(whyText({ kind: "no-weak-themes" }, name).key).toBe("noWeakThemes");
  });
});

describe("one load of the mode", () => {
  const position = { id: 7 } as unknown as NonNullable<NextPosition["position"]>;
  const weakPick = { request: { rating: 1500, themes: ["pin"] }, reason: { kind: "level" as const } };

  it("asks the library for the chooser's request and keeps its reason", async () => {
    const ask = vi.fn(async () => ({ position, no_more_puzzles: false }));
    const pick = {
      request: { rating: 1500, themes: ["pin"] },
      reason: { kind: "weak-theme" as const, fact: { theme: "pin", missed: 4, of: 6 } },
    };
    await expect(loadWeaknessPuzzle(() => pick, ask)).resolves.toEqual({
      answer: { position, no_more_puzzles: false },
      pick,
    });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask).toHaveBeenCalledWith({ rating: 1500, themes: ["pin"] });
  });

  it("falls back to anything at the level when the weak theme has nothing left, and says so", async () => {
    const ask = vi.fn(async (request: { themes?: string[] }) =>
      request.themes ? { position: null, no_more_puzzles: true } : { position, no_more_puzzles: false },
    );
    const { answer, pick } = await loadWeaknessPuzzle(() => weakPick, ask);
    expect(answer.position).toBe(position);
    expect(pick).toEqual({ request: { rating: 1500 }, reason: { kind: "level" } });
    expect(ask).toHaveBeenLastCalledWith({ rating: 1500 });
  });

  it("asks once when the request has no theme, even when nothing comes", async () => {
    const ask = vi.fn(async () => ({ position: null, no_more_puzzles: true }));
    const { answer } = await loadWeaknessPuzzle(
      () => ({ request: { rating: 900 }, reason: { kind: "no-weak-themes" } }),
      ask,
    );
    expect(answer.no_more_puzzles).toBe(true);
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
