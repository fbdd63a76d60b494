import { describe, expect, it } from "vitest";
import { en } from "./en";
import { FIRST_TEXT_PATHS, splitTexts } from "./first-texts";

type Texts = { [key: string]: unknown };

function merge(a: Texts, b: Texts): Texts {
  const out: Texts = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    out[key] =
      typeof mine === "object" && mine !== null && typeof value === "object" && value !== null
        ? merge(mine as Texts, value as Texts)
        : value;
  }
  return out;
}

describe("the English texts split for the first screens", () => {
  const { first, rest } = splitTexts(en, FIRST_TEXT_PATHS);

  it("loses and repeats nothing: the two parts merged give en.ts back", () => {
    expect(merge(first, rest)).toEqual(en);
    expect(JSON.stringify(first).length + JSON.stringify(rest).length).toBeLessThan(
      JSON.stringify(en).length + 200,
    );
  });

  it("puts the shell, home and the trainer first, and only the named parts of other groups", () => {
    expect(Object.keys(first)).toEqual(expect.arrayContaining(["nav", "home", "training", "board"]));
    expect(first.notation).toEqual({ stepper: en.notation.stepper });
    expect(rest.notation).not.toHaveProperty("stepper");
    expect(rest).toHaveProperty("notation.title", en.notation.title);
    expect(first).not.toHaveProperty("admin");
    expect(rest).toHaveProperty("admin");
  });

  it("names only paths that exist", () => {
    for (const path of FIRST_TEXT_PATHS) {
      const value = path.split(".").reduce<unknown>((node, key) => (node as Texts)[key], en);
      expect(value, path).toBeDefined();
    }
  });
});
