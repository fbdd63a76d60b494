import { describe, expect, it } from "vitest";
import { OPENINGS, openingForEco, openingForName } from "./openings";

describe("the opening list", () => {
  it("has 29 openings sorted by name, each with an Arabic name and ECO ranges", () => {
    expect(OPENINGS).toHaveLength(29);
    const names = OPENINGS.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    for (const opening of OPENINGS) {
      expect(opening.name_ar).toMatch(/[\u0600-\u06FF]/);
      for (const [from, to] of opening.eco) expect(from <= to).toBe(true);
    }
  });
  it("keeps the spec's examples", () => {
    const eco = (name: string) => OPENINGS.find((o) => o.name === name)?.eco;
    expect(eco("Ruy Lopez")).toEqual([["C60", "C99"]]);
    expect(eco("Sicilian Defense")).toEqual([["B20", "B99"]]);
    expect(eco("Queen's Gambit")).toEqual([["D06", "D69"]]);
  });
});

describe("openingForEco", () => {
  it("finds the family of a code, the narrowest range winning", () => {
    expect(openingForEco("B90")?.name).toBe("Sicilian Defense");
    expect(openingForEco("c65")?.name).toBe("Ruy Lopez");
    expect(openingForEco("D15")?.name).toBe("Slav Defense");
    expect(openingForEco("D37")?.name).toBe("Queen's Gambit");
    expect(openingForEco("A00")).toBeNull();
    expect(openingForEco("Z12")).toBeNull();
  });
});

describe("openingForName", () => {
  it("reads list names, lichess tags, aliases and variation names", () => {
    expect(openingForName("Sicilian_Defense")?.name).toBe("Sicilian Defense");
    expect(openingForName("Queens_Gambit_Declined")?.name).toBe("Queen's Gambit");
    expect(openingForName("Grunfeld_Defense")?.name).toBe("Grünfeld Defense");
    expect(openingForName("Russian_Game")?.name).toBe("Petrov's Defense");
    expect(openingForName("Alekhine_Defense")?.name).toBe("Alekhine's Defense");
    expect(openingForName("Sicilian Defense: Najdorf Variation")?.name).toBe("Sicilian Defense");
    expect(openingForName("Kings_Gambit_Accepted")?.name).toBe("King's Gambit");
    expect(openingForName("Spanish Game")?.name).toBe("Ruy Lopez");
    expect(openingForName("Polish Opening")).toBeNull();
  });
});
