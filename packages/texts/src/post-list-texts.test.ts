import { describe, expect, it } from "vitest";
import { ar } from "./ar";
import { en } from "./en";
import { createI18n } from "./index";

type Texts = { [key: string]: unknown };

/** The keys of a group of texts counted with `count` (those English has as `_one`/`_other`), as full paths. */
function pluralKeys(texts: Texts, path: string): string[] {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === "object" && value !== null)
      keys.push(...pluralKeys(value as Texts, `${path}.${key}`));
    else if (key.endsWith("_other")) keys.push(`${path}.${key.slice(0, -"_other".length)}`);
  }
  return keys;
}

/**
 * The admin's post list counts posts (selected, published, deleted…). A count whose Arabic plural form is missing
 * is shown in English (i18next falls back to the other language, not to `_other`): every form a count of 1 to 100
 * takes in Arabic must be there.
 */
describe("the admin post list's counted texts", () => {
  const keys = pluralKeys(en.admin.postList, "admin.postList");
  const arabic = createI18n("ar");
  const english = createI18n("en");

  it("are counted somewhere", () => {
    expect(keys).toContain("admin.postList.bulk.selected");
    expect(keys).toContain("admin.postList.bulk.confirm.detail");
    expect(ar.admin.postList).toBeDefined();
  });

  it.each(keys)("%s reads in Arabic for every count from 1 to 100", (key) => {
    for (let count = 1; count <= 100; count++) {
      const text = arabic.t(key, { count });
      expect(text, `${key} ${count}`).not.toBe(english.t(key, { count }));
      expect(text, `${key} ${count}`).toMatch(/[\u0600-\u06ff]/);
    }
  });
});
