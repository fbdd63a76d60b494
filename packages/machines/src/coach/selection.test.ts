import { describe, expect, it } from "vitest";
import { DAY_MS, seededRandom } from "./days";
import { type CoachCard, migrateReviews, recordTry } from "./review";
import { chooseWeaknessPuzzle, serveCard, WEAK_SHARE, weakThemeWeights } from "./selection";
import { generatedHistory, MINUTE_MS, NOW } from "./test-fixtures";
import { weaknessReport } from "./weakness";

const history = generatedHistory({
  skills: {
    fork: 1800,
    pin: 1150,
    skewer: 1350,
    discoveredAttack: 1700,
    backRankMate: 1650,
    deflection: 1550,
  },
  days: 30,
  perDay: 12,
  seed: 7,
  level: 1500,
});
const report = weaknessReport(history, NOW);

describe("the Weaknesses mode's chooser", () => {
  it("draws about 70 % from the weak themes, the weakest most, at the player's level, the rest from anything", () => {
    expect(report.weak.map((figure) => figure.theme)).toEqual(["pin", "skewer"]);
    const random = seededRandom(39);
    const counts = new Map<string, number>();
    const picks = 2000;
    for (let i = 0; i < picks; i++) {
      const pick = chooseWeaknessPuzzle({
        weak: report.weak,
        overall: report.overall.performance,
        rating: 1512.4,
        history,
        random,
      });
      expect(pick.request.rating).toBe(1512);
      const key = pick.request.themes?.[0] ?? "any";
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (pick.reason.kind === "weak-theme") expect(pick.request.themes).toEqual([pick.reason.fact.theme]);
      else expect(pick.reason.kind).toBe("level");
    }
    const weakShare = ((counts.get("pin") ?? 0) + (counts.get("skewer") ?? 0)) / picks;
    expect(Math.abs(weakShare - WEAK_SHARE)).toBeLessThan(0.03);
    const [pinWeight, skewerWeight] = weakThemeWeights(report.weak, report.overall.performance);
    const pinShare = (counts.get("pin") ?? 0) / ((counts.get("pin") ?? 0) + (counts.get("skewer") ?? 0));
    expect(Math.abs(pinShare - pinWeight! / (pinWeight! + skewerWeight!))).toBeLessThan(0.04);
    expect(pinShare).toBeGreaterThan(0.5);
  });

  it("says why: the misses in the player's last results on the theme", () => {
    const pick = chooseWeaknessPuzzle({
      weak: report.weak.slice(0, 1),
      overall: report.overall.performance,
      rating: 1500,
      history,
      random: () => 0,
    });
    const pins = history.filter((point) => point.themes.includes("pin")).slice(-10);
    expect(pick).toEqual({
      request: { rating: 1500, themes: ["pin"] },
      reason: {
        kind: "weak-theme",
        fact: { theme: "pin", missed: pins.filter((p) => p.result === "loss").length, of: 10 },
      },
    });
    expect(pins.filter((p) => p.result === "loss").length).toBeGreaterThanOrEqual(5);
  });

  it("is the same for the same seed, and draws anything at the level when no theme is weak", () => {
    const run = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, () =>
        chooseWeaknessPuzzle({ weak: report.weak, overall: 1500, rating: 1500, history, random }),
      );
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
    expect(
      chooseWeaknessPuzzle({ weak: [], overall: null, rating: 1480, history: [], random: () => 0 }),
    ).toEqual({
      request: { rating: 1480 },
      reason: { kind: "no-weak-themes" },
    });
  });

  it("weighs the weak themes evenly when the overall figure is not shown", () => {
    expect(weakThemeWeights(report.weak, null)).toEqual([1, 1]);
    const overall = report.overall.performance!;
    expect(weakThemeWeights([{ ...report.weak[0]!, performance: overall - 200 }], overall)).toEqual([3]);
  });
});

describe("serving a due card", () => {
  /** The card of a missed fork (rated 1450), graduated the same evening, then reviewed as `grades` say. */
  function card(...reviews: { grade: "clean" | "helped" | "failed"; motif?: boolean }[]): CoachCard {
    let cards = recordTry([], { puzzleId: 7, outcome: "failed", themes: ["fork"], rating: 1450 }, NOW).cards;
    cards = recordTry(cards, { puzzleId: 7, outcome: "clean" }, NOW + 2 * MINUTE_MS).cards;
    cards = recordTry(cards, { puzzleId: 7, outcome: "clean" }, NOW + 15 * MINUTE_MS).cards;
    let now = NOW + 2 * DAY_MS;
    for (const [i, review] of reviews.entries()) {
      const attempt = review.motif
        ? { puzzleId: 900 + i, outcome: review.grade, forCard: 7 }
        : { puzzleId: 7, outcome: review.grade };
      cards = recordTry(cards, attempt, now).cards;
      now += 30 * DAY_MS;
    }
    return cards[0]!;
  }

  it("serves an unseen puzzle of its main theme near its rating after a clean solve of the position", () => {
    expect(serveCard(card(), 1600)).toEqual({
      puzzleId: 7,
      serve: "motif",
      request: { rating: 1450, themes: ["fork"] },
      reason: "remembered",
    });
  });

  it("serves the position itself after an unseen puzzle, after a miss or help, and in the learning steps", () => {
    expect(serveCard(card({ grade: "clean", motif: true }), 1600)).toMatchObject({
      serve: "position",
      reason: "position-turn",
    });
    expect(serveCard(card({ grade: "clean", motif: true }, { grade: "clean" }), 1600).serve).toBe("motif");
    expect(serveCard(card({ grade: "helped" }), 1600)).toMatchObject({
      serve: "position",
      reason: "missed-last-time",
    });
    expect(serveCard(card({ grade: "failed" }), 1600)).toMatchObject({
      serve: "position",
      reason: "again-today",
    });
    const fresh = recordTry([], { puzzleId: 8, outcome: "failed", themes: ["pin"] }, NOW).card!;
    expect(serveCard(fresh, 1600)).toMatchObject({ serve: "position", reason: "again-today" });
  });

  it("serves the position when the card has no theme (My games) or was never reviewed here (migrated)", () => {
    let cards = recordTry([], { puzzleId: -1, outcome: "clean" }, NOW).cards;
    cards = recordTry(cards, { puzzleId: -1, outcome: "clean" }, NOW + 10 * MINUTE_MS).cards;
    expect(serveCard(cards[0]!, 1500)).toMatchObject({ serve: "position", reason: "no-theme" });
    const migrated = migrateReviews([
      { puzzleId: 3, stage: 2, due: new Date(NOW).toISOString(), last: "clean" },
    ]);
    expect(serveCard(migrated[0]!, 1500)).toMatchObject({ serve: "position", reason: "first-review" });
  });

  it("asks near the player's rating for a card whose puzzle rating is unknown", () => {
    const unrated = { ...card(), rating: null };
    expect(serveCard(unrated, 1612.6).request).toEqual({ rating: 1613, themes: ["fork"] });
  });
});
