import { describe, expect, it } from "vitest";
import { countWords, readingMinutes, WORDS_PER_MINUTE } from "./word-count";

describe("the editor's word count", () => {
  it("counts English words, not punctuation or symbols", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   \n\n ")).toBe(0);
    expect(countWords("The rook shields the king.")).toBe(5);
    expect(countWords("1. e4 e5 — 2. Nf3!")).toBe(5);
    expect(countWords("Don't resign; fight on…")).toBe(4);
  });

  it("counts Arabic words, with or without diacritics, and mixed lines", () => {
    expect(countWords("الملك في أمان")).toBe(3);
    expect(countWords("بناءُ الجسرِ هو طريقة الفوز")).toBe(5);
    expect(countWords("العب e4 ثم Nf3")).toBe(4);
  });

  it("counts the words of separate blocks (the editor's text joins blocks with blank lines)", () => {
    expect(countWords("First paragraph here\n\nسطر ثان")).toBe(5);
  });
});

describe("the editor's reading time", () => {
  it("assumes about 200 words a minute, rounded up", () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(312)).toBe(2);
    expect(readingMinutes(1000)).toBe(5);
  });

  it("gives the figures of a typed post", () => {
    const text = Array.from({ length: 312 }, (_, index) => (index % 2 ? "كلمة" : "word")).join(" ");
    expect(countWords(text)).toBe(312);
    expect(readingMinutes(countWords(text))).toBe(2);
  });
});
