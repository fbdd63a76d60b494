import { describe, expect, it } from "vitest";
import { createI18nFrom } from "./core";

describe("numbers in texts", () => {
  const resources = {
    en: {
      translation: { positions: "Positions: {{count, number}}", of: "{{done, number}} of {{total, number}}" },
    },
    ar: { translation: { positions: "المواقع: {{count, number}}" } },
  };

  it("are written in the text's language, whatever the call's other options", () => {
    const i18n = createI18nFrom(resources, "en");
    expect(i18n.t("positions", { count: 1234 })).toBe("Positions: 1,234");
    expect(i18n.t("positions", { count: 5 })).toBe("Positions: 5");
    expect(i18n.t("of", { done: 12345, total: 1000000 })).toBe("12,345 of 1,000,000");
    expect(i18n.t("positions", { count: 1234, lng: "ar" })).toBe(
      `المواقع: ${new Intl.NumberFormat("ar").format(1234)}`,
    );
  });

  it("follow a change of language", async () => {
    const i18n = createI18nFrom(resources, "en");
    await i18n.changeLanguage("ar");
    expect(i18n.t("positions", { count: 2500 })).toBe(`المواقع: ${new Intl.NumberFormat("ar").format(2500)}`);
  });
});
