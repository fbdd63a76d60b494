import { describe, expect, it } from "vitest";
import { blogSlugParamsSchema } from "./blog";
import {
  blogContentLength,
  blogLanguageDirection,
  excerptOf,
  guessBlogLanguage,
  normaliseTags,
  SLUG_MAX,
  SLUG_PATTERN,
  slugify,
  tagKey,
  validateBlogPost,
} from "./blog-rules";

describe("the content's length (at least 10 characters)", () => {
  it("does not count the direction a paragraph carries", () => {
    expect(blogContentLength("<p>Hi</p>")).toBe(9);
    expect(blogContentLength('<p dir="auto">Hi</p>')).toBe(9);
    expect(blogContentLength('<h2 dir="rtl">مرحبا</h2><p dir="ltr">x</p>')).toBe(22);
    expect(validateBlogPost({ title: "A title", content: '<p dir="auto">Hi</p>' })).toContain(
      "Content must be at least 10 characters long",
    );
    expect(validateBlogPost({ title: "A title", content: '<p dir="auto">Hi there</p>' })).toEqual([]);
  });
  it("counts a direction written as text", () => {
    expect(blogContentLength('<p>a dir="auto"</p>')).toBe(19);
    expect(blogContentLength('<p dir="auto">a dir="auto"</p>')).toBe(19);
  });
});

describe("blog excerpts", () => {
  it("separates block elements with a sentence break, keeping inline markup inside words", () => {
    expect(excerptOf("<h2>Why forks matter</h2><p>A fork attacks two pieces.</p>")).toBe(
      "Why forks matter. A fork attacks two pieces.",
    );
    expect(excerptOf("<h1>Is it mate?</h1><p>Yes: it is.</p><h3>Next:</h3><p>More</p>")).toBe(
      "Is it mate? Yes: it is. Next: More",
    );
    expect(excerptOf("<ul><li>Knights</li><li><p>Bishops</p></li></ul><blockquote>Rooks</blockquote>")).toBe(
      "Knights. Bishops. Rooks",
    );
    expect(excerptOf("<p>one<br>two<br/>three</p><div>four</div><div><div>five</div></div>")).toBe(
      "one two three. four. five",
    );
    expect(excerptOf("<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>")).toBe("a b. c");
    expect(excerptOf("<p>che<strong>ck</strong>m<em>ate</em> &amp; <a href='x'>more</a></p>")).toBe(
      "checkmate & more",
    );
    expect(excerptOf("<h2>الشوكة</h2><p>هجوم مزدوج</p>")).toBe("الشوكة. هجوم مزدوج");
    expect(excerptOf('<p>x</p><div data-type="chess-diagram" data-fen="8/8"></div><p></p><p>y</p>')).toBe(
      "x. y",
    );
    expect(excerptOf("<p>a</p><script>alert(1)</script><p>b</p>")).toBe("a. b");
  });

  it("cuts long text at a word", () => {
    const text = excerptOf(`<p>${"word ".repeat(100)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(51);
    expect(text.endsWith("word…")).toBe(true);
  });
});

describe("blog tags", () => {
  it("compares tags in any case and width, keeping the first spelling and the order", () => {
    expect(tagKey("Tactics")).toBe(tagKey("TACTICS"));
    expect(tagKey("Ｔａｃｔｉｃｓ")).toBe(tagKey("tactics"));
    expect(tagKey("Échecs")).toBe(tagKey("éCHECS"));
    expect(
      normaliseTags([" Tactics ", "tactics", "TACTICS", "", "  Rook   endgames ", "rook endgames"]),
    ).toEqual(["Tactics", "Rook endgames"]);
  });
});

describe("blog languages", () => {
  it("guesses a text's language from its letters, and gives each language its direction", () => {
    expect(guessBlogLanguage("وضعية فيليدور: مفتاح التعادل في نهايات الرخ")).toBe("ar");
    expect(guessBlogLanguage("The Lucena Position: How to Build a Bridge")).toBe("en");
    // Moves in Latin notation inside Arabic prose stay Arabic; a title of digits only is English.
    expect(guessBlogLanguage("بعد 1.e4 c5 يقاتل الأسود على المركز من الجناح")).toBe("ar");
    expect(guessBlogLanguage("The Najdorf: 1.e4 c5 2.Nf3 d6 (الناجدورف)")).toBe("en");
    expect(guessBlogLanguage("2025")).toBe("en");
    expect(blogLanguageDirection("ar")).toBe("rtl");
    expect(blogLanguageDirection("en")).toBe("ltr");
  });
});

describe("blog slugs", () => {
  it("keeps the letters and digits of any script, Arabic included", () => {
    expect(slugify("الملك النشيط في النهايات")).toBe("الملك-النشيط-في-النهايات");
    expect(slugify("Ωμέγα Δέλτα 2")).toBe("ωμεγα-δελτα-2");
    expect(slugify("الدرس ٣: الشوكة")).toBe("الدرس-٣-الشوكة");
  });

  it("folds Latin diacritics to their base letter and lower-cases", () => {
    expect(slugify("the Réti manoeuvre")).toBe("the-reti-manoeuvre");
    expect(slugify("Ça Déçoit: NAÏVE Züge")).toBe("ca-decoit-naive-zuge");
    expect(slugify("  --Hello, World!--  ")).toBe("hello-world");
  });

  it("drops Arabic harakat and the tatweel but keeps hamza and madda on their letters", () => {
    expect(slugify("المَلِكُ النَّشِيطُ")).toBe("الملك-النشيط");
    expect(slugify("مـــلك")).toBe("ملك");
    expect(slugify("أين إلى آخر سؤال")).toBe("أين-إلى-آخر-سؤال");
  });

  it("gives nothing for a title without letters or digits, and cuts long slugs at a hyphen", () => {
    expect(slugify("!!! ??? 😀")).toBe("");
    const long = slugify("كلمة ".repeat(40));
    expect(Array.from(long).length).toBeLessThanOrEqual(SLUG_MAX);
    expect(long.endsWith("-")).toBe(false);
    expect(SLUG_PATTERN.test(long)).toBe(true);
  });

  it("makes only slugs the pattern and the schema accept", () => {
    for (const title of ["الملك النشيط في النهايات", "the Réti manoeuvre", "İstanbul ŒUVRE", "ﻻ ﷲ"]) {
      const slug = slugify(title);
      expect(SLUG_PATTERN.test(slug), slug).toBe(true);
      expect(blogSlugParamsSchema.safeParse({ slug }).success, slug).toBe(true);
    }
  });

  it("refuses anything but hyphen-joined lower-case letters and digits", () => {
    for (const slug of [
      "a/b",
      "a%20b",
      "%D8%A7",
      "a b",
      "A",
      "Réti",
      "a\u0000b",
      "a\nb",
      "a--b",
      "-a",
      "a-",
      "",
      "ـ",
      "e\u0301",
    ]) {
      expect(SLUG_PATTERN.test(slug), JSON.stringify(slug)).toBe(false);
      expect(blogSlugParamsSchema.safeParse({ slug }).success, JSON.stringify(slug)).toBe(false);
    }
    expect(SLUG_PATTERN.test("الملك-2")).toBe(true);
  });
});
