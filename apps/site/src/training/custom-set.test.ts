import { describe, expect, it } from "vitest";
import {
  checkSet,
  draftFromQuery,
  EMPTY_DRAFT,
  openingChoices,
  queryFromDraft,
  selectionOf,
  toggleTheme,
} from "./custom-set";

const draft = (query: string) => draftFromQuery(new URLSearchParams(query));

describe("a custom set's address", () => {
  it("reads every part of the set from the query", () => {
    expect(draft("min=1200&max=1600&themes=pin,fork&phase=endgame&opening=Italian%20Game")).toEqual({
      min: "1200",
      max: "1600",
      themes: ["pin", "fork"],
      phase: "endgame",
      opening: "Italian Game",
    });
  });

  it("reads an address without a query as the whole library", () => {
    expect(draft("")).toEqual(EMPTY_DRAFT);
    expect(EMPTY_DRAFT).toEqual({ min: "400", max: "3300", themes: [], phase: null, opening: null });
  });

  it("leaves out what is not a theme key, a phase or an opening, keeping the rest", () => {
    expect(draft("themes=fork,,a;b, pin ,fork,__proto__&phase=constructor&opening=%20%20")).toEqual({
      ...EMPTY_DRAFT,
      themes: ["fork", "pin"],
    });
    expect(draft("phase=middlegame").phase).toBe("middlegame");
    expect(draft(`opening=${"x".repeat(121)}`).opening).toBeNull();
  });

  it("keeps a range as typed, so a half-typed number survives the address", () => {
    expect(draft("min=12&max=").min).toBe("12");
    expect(draft("min=12&max=").max).toBe("3300");
    expect(draft("min=abc").min).toBe("abc");
  });

  it("writes only what differs from the whole library, in one order, and reads it back the same", () => {
    expect(queryFromDraft(EMPTY_DRAFT)).toBe("");
    const set = {
      min: "1200",
      max: "1600",
      themes: ["pin", "fork"],
      phase: "endgame",
      opening: "Italian Game",
    } as const;
    const query = queryFromDraft(set);
    expect(query).toBe("min=1200&max=1600&themes=pin%2Cfork&phase=endgame&opening=Italian+Game");
    expect(draft(query)).toEqual(set);
    expect(queryFromDraft({ ...EMPTY_DRAFT, max: "2000" })).toBe("max=2000");
  });

  it("adds `train` to the address that trains the set, and reads the set back without it", () => {
    const set = { ...EMPTY_DRAFT, themes: ["fork"] };
    expect(queryFromDraft(set, { train: true })).toBe("themes=fork&train");
    expect(queryFromDraft(EMPTY_DRAFT, { train: true })).toBe("train");
    expect(draft("themes=fork&train")).toEqual(set);
  });
});

describe("checking a custom set", () => {
  it("trains a range within the library's bounds, min at most max", () => {
    expect(checkSet(draft("min=1200&max=1600&themes=fork&phase=opening"))).toEqual({
      set: { min: 1200, max: 1600, themes: ["fork"], phase: "opening", opening: null },
    });
    expect(checkSet(draft("min=1500&max=1500"))).toMatchObject({ set: { min: 1500, max: 1500 } });
    expect(checkSet(EMPTY_DRAFT)).toMatchObject({ set: { min: 400, max: 3300 } });
  });

  it("refuses an impossible range and says why", () => {
    expect(checkSet(draft("min=1600&max=1200"))).toEqual({
      problem: { kind: "reversed", min: 1600, max: 1200 },
    });
    expect(checkSet(draft("min=100"))).toEqual({ problem: { kind: "outOfBounds", low: 400, high: 3300 } });
    expect(checkSet(draft("max=9000"))).toEqual({ problem: { kind: "outOfBounds", low: 400, high: 3300 } });
    for (const bad of ["min=abc", "min=1e3", "max=12.5", "min=-5", "min=0400"])
      expect(checkSet(draft(bad)), bad).toEqual({ problem: { kind: "notWhole" } });
  });

  it("refuses more themes than the library's selection takes", () => {
    const themes = Array.from({ length: 11 }, (_, index) => `theme${index}`).join(",");
    expect(checkSet(draft(`themes=${themes}`))).toEqual({ problem: { kind: "tooManyThemes", most: 10 } });
  });

  it("asks the library for no limit at an end of the range that is the library's bound", () => {
    const whole = checkSet(EMPTY_DRAFT);
    expect("set" in whole && selectionOf(whole.set)).toEqual({ themes: [], phase: null, opening: null });
    const set = checkSet(draft("min=400&max=1600&themes=fork"));
    expect("set" in set && selectionOf(set.set)).toEqual({
      max: 1600,
      themes: ["fork"],
      phase: null,
      opening: null,
    });
    const both = checkSet(draft("min=1200&max=3300"));
    expect("set" in both && selectionOf(both.set)).toMatchObject({ min: 1200 });
    expect("set" in both && "max" in selectionOf(both.set)).toBe(false);
  });

  it("offers the openings of the chosen phase, or of every phase added up, keeping the chosen one", () => {
    const byPhase = {
      opening: [
        { name: "Italian Game", count: 5 },
        { name: "Sicilian Defense", count: 2 },
      ],
      middlegame: [{ name: "Italian Game", count: 3 }],
      endgame: [],
    };
    expect(openingChoices(byPhase, null, null)).toEqual([
      { name: "Italian Game", count: 8 },
      { name: "Sicilian Defense", count: 2 },
    ]);
    expect(openingChoices(byPhase, "middlegame", null)).toEqual([{ name: "Italian Game", count: 3 }]);
    expect(openingChoices(byPhase, "endgame", "Ruy Lopez")).toEqual([{ name: "Ruy Lopez", count: 0 }]);
  });

  it("chooses and unchooses themes in the order they were chosen", () => {
    const one = toggleTheme(EMPTY_DRAFT, "pin", true);
    const two = toggleTheme(one, "fork", true);
    expect(two.themes).toEqual(["pin", "fork"]);
    expect(toggleTheme(two, "pin", false).themes).toEqual(["fork"]);
    expect(toggleTheme(two, "fork", true).themes).toEqual(["pin", "fork"]);
  });
});
