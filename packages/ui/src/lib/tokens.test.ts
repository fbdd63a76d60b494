import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const UI = join(import.meta.dirname, "..");
const SITE = join(import.meta.dirname, "../../../../apps/site/src");
const STYLES = readFileSync(join(UI, "styles.css"), "utf8");

/** Every source file under a folder, tests left out (they may name classes as data). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.(ts|tsx|mdx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * A Tailwind palette colour in a colour utility: `bg-white`, `text-neutral-700`, `hover:border-red-300`,
 * `bg-black/50`, `fill-sky-500` … The components use the semantic tokens of styles.css instead (`bg-surface`,
 * `text-fg-muted`, `border-danger-line`), which the dark theme switches.
 */
const PALETTE =
  /(?<![\w-])(?:bg|text|border(?:-[xytrblse])?|ring(?:-offset)?|outline|divide|fill|stroke|from|via|to|placeholder|decoration|accent|caret|shadow)-(?:white|black|(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3})(?![\w-])/g;

/** A colour written out in a class: `bg-[#173d24]`, `text-[rgb(0_0_0)]`. */
const ARBITRARY_COLOUR =
  /(?<![\w-])(?:bg|text|border|outline|ring|fill|stroke)-\[(?:#|rgb|hsl|oklch)[^\]]*\]/g;

describe("components use the design tokens", () => {
  it.each([
    ["packages/ui/src", UI],
    ["apps/site/src", SITE],
  ])("%s has no raw palette colour classes", (_, dir) => {
    const offending = sources(dir).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return [...text.matchAll(PALETTE), ...text.matchAll(ARBITRARY_COLOUR)].map(
        (match) => `${relative(dir, file)}: ${match[0]}`,
      );
    });
    expect(offending).toEqual([]);
  });

  it("the pattern catches palette classes and lets tokens through", () => {
    const found = (text: string) => [...text.matchAll(PALETTE)].map((match) => match[0]);
    expect(found("bg-white hover:bg-neutral-100 text-red-700 bg-black/50 border-s-sky-300")).toEqual([
      "bg-white",
      "bg-neutral-100",
      "text-red-700",
      "bg-black",
      "border-s-sky-300",
    ]);
    expect(found("bg-surface text-fg-muted border-line-strong bg-brand text-danger max-w-board")).toEqual([]);
  });

  it("every colour utility the components use is a token of styles.css", () => {
    const defined = new Set([...STYLES.matchAll(/--color-([\w-]+):/g)].map((match) => match[1]));
    const used = new Set<string>();
    for (const file of [...sources(UI), ...sources(SITE)]) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(
        /(?<![\w-])(?:bg|text|border|outline|divide|ring)-((?:canvas|surface|media|overlay|fg|line|control|brand|focus|danger|success|warning|info|outcome|grade|board)(?:-[a-z]+)*)(?:\/\d+)?(?![\w-])/g,
      ))
        used.add(match[1] ?? "");
    }
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });

  it("the dark theme gives every token a value of its own", () => {
    const block = (selector: string) => {
      const start = STYLES.indexOf(`${selector} {`);
      return STYLES.slice(start, STYLES.indexOf("\n}", start));
    };
    const names = (text: string) => new Set([...text.matchAll(/^\s+(--[\w-]+):/gm)].map((match) => match[1]));
    const light = names(block(":root"));
    const dark = names(block(':root[data-theme="dark"]'));
    const lightOnly = [...light].filter(
      (name) => !dark.has(name) && !/^--(board|radius|space|text-size)-/.test(name ?? ""),
    );
    expect(lightOnly).toEqual([]);
  });

  it("the board's highlight colours are the values of their tokens", () => {
    const board = readFileSync(join(UI, "board/board.tsx"), "utf8");
    const tokens = {
      lastMove: "last-move",
      legal: "legal",
      check: "check",
      selected: "selected",
      hintRing: "hint-ring",
      hintFill: "hint-fill",
    };
    for (const [key, token] of Object.entries(tokens)) {
      const inCode = new RegExp(`\\n  ${key}: "([^"]+)"`).exec(board)?.[1];
      const inStyles = new RegExp(`--board-${token}: ([^;]+);`).exec(STYLES)?.[1];
      expect(inCode, key).toBe(inStyles);
    }
  });
});
