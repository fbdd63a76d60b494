import { describe, expect, it } from "vitest";
import { OPENINGS, openingForEco, openingForMoves, openingForName } from "./openings";

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

describe("openingForMoves", () => {
  it("takes the deepest defining position the game reaches", () => {
    expect(openingForMoves("e4 e5 Nf3 Nc6 Bc4 Bc5 c3".split(" "))?.name).toBe("Italian Game");
    expect(openingForMoves("e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5".split(" "))?.name).toBe("Two Knights Defense");
    expect(openingForMoves("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6".split(" "))?.name).toBe("Ruy Lopez");
    expect(openingForMoves("e4 c5 Nf3 d6 d4 cxd4".split(" "))?.name).toBe("Sicilian Defense");
  });

  it("recognises transpositions by position", () => {
    // The Nimzo-Indian reached through 1.c4: the English is shallower than the Nimzo-Indian position.
    expect(openingForMoves("c4 e6 d4 Nf6 Nc3 Bb4".split(" "))?.name).toBe("Nimzo-Indian Defense");
    expect(openingForMoves("Nf3 d5 d4 Nf6 Bf4".split(" "))?.name).toBe("London System");
  });

  it("answers null for an unclassified start or illegal moves", () => {
    expect(openingForMoves(["a3", "h6"])).toBeNull();
    expect(openingForMoves(["Ke2"])).toBeNull();
  });
});
