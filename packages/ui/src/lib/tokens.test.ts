import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { contrast, tokensOf } from "./contrast";

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

/**
 * Token pairs that must stay apart in both themes: the edge or fill that identifies a control or carries meaning,
 * and every surface it sits on (WCAG 1.4.11 non-text contrast, 3:1), and text on its own fill (1.4.3, 4.5:1).
 * Card borders and dividers (`line`, `line-strong`) and the edges of buttons with a label are decorative and not
 * listed: the content, not the edge, identifies them.
 */
const PAIRS: { use: string; fg: string; on: string[]; min: number }[] = [
  {
    use: "a field's border, a slider's track, the selected tab's outline",
    fg: "line-input",
    on: ["surface", "canvas", "surface-muted", "surface-sunken"],
    min: 3,
  },
  { use: "an invalid field's border", fg: "danger", on: ["surface"], min: 3 },
  { use: "a switch that is off", fg: "control-off", on: ["surface", "surface-muted"], min: 3 },
  { use: "a switch's thumb on its track", fg: "control-thumb", on: ["control-off", "brand"], min: 3 },
  {
    use: "a switch that is on, a slider's range and thumb",
    fg: "brand",
    on: ["surface", "surface-muted"],
    min: 3,
  },
  {
    use: "the focus ring",
    fg: "focus",
    on: ["surface", "canvas", "surface-muted", "surface-sunken"],
    min: 3,
  },
  { use: "the hint card's last level", fg: "info-line-strong", on: ["surface"], min: 3 },
  { use: "a clean puzzle in the progress bar", fg: "brand", on: ["surface-strong"], min: 3 },
  { use: "a helped puzzle in the progress bar", fg: "outcome-helped", on: ["surface-strong"], min: 3 },
  { use: "a failed puzzle in the progress bar", fg: "outcome-failed", on: ["surface-strong"], min: 3 },
  { use: "the running dot", fg: "success-solid", on: ["surface"], min: 3 },
  { use: "text on a primary button", fg: "brand-fg", on: ["brand"], min: 4.5 },
  { use: "text on a danger button", fg: "danger-solid-fg", on: ["danger-solid"], min: 4.5 },
  { use: "the banner's text", fg: "banner-fg", on: ["banner"], min: 4.5 },
];

/** The listed pairs under their minimum in one theme's tokens, written out with their ratio. */
function pairsBelow(tokens: Map<string, string>): string[] {
  return PAIRS.flatMap(({ use, fg, on, min }) =>
    on.flatMap((bg) => {
      const [front, back] = [tokens.get(fg), tokens.get(bg)];
      if (!front || !back) return [`${use}: --${fg} on --${bg} is not a token`];
      const ratio = contrast(front, back);
      return ratio < min ? [`${use}: --${fg} on --${bg} is ${ratio.toFixed(2)}:1, under ${min}:1`] : [];
    }),
  );
}

const LIGHT = tokensOf(STYLES, ":root");
const DARK = new Map([...LIGHT, ...tokensOf(STYLES, ':root[data-theme="dark"]')]);

describe("token contrast", () => {
  it.each([
    ["light", LIGHT],
    ["dark", DARK],
  ])(
    "every control edge, meaningful fill and text on a fill keeps its ratio in the %s theme",
    (_, tokens) => {
      expect(pairsBelow(tokens)).toEqual([]);
    },
  );

  it("a control edge under 3:1 fails (the light field border before it was darkened: 2.6:1)", () => {
    const before = new Map([...LIGHT, ["line-input", "oklch(70.8% 0 none)"]]);
    expect(pairsBelow(before)).toContain(
      "a field's border, a slider's track, the selected tab's outline: --line-input on --surface is 2.59:1, under 3:1",
    );
  });

  it("measures as WCAG does", () => {
    expect(contrast("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#fff")).toBeCloseTo(4.54, 2);
    // Tailwind's neutral-400 (oklch) is #a1a1a1; a half-transparent black over white is #808080.
    expect(contrast("oklch(70.8% 0 none)", "#fff")).toBeCloseTo(contrast("#a1a1a1", "#fff"), 1);
    expect(contrast("rgb(0 0 0 / 50%)", "#fff")).toBeCloseTo(contrast("#808080", "#fff"), 1);
  });
});

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

describe("Tailwind's scales read the shape and rhythm tokens", () => {
  // Compiling the stylesheet takes a few seconds on a busy machine, over Vitest's default 5 s.
  it("spacing, radius and type utilities compile to the tokens of styles.css", async () => {
    const { compile } = await import("@tailwindcss/node");
    // The @source lines only tell Tailwind where to look for class names; the classes are given here.
    const compiler = await compile(STYLES.replace(/^@source[^;]*;$/gm, ""), {
      base: UI,
      onDependency: () => {},
    });
    const css = compiler.build([
      "p-4",
      "-mt-2",
      "gap-1.5",
      "rounded",
      "rounded-md",
      "rounded-lg",
      "rounded-full",
    ]);
    const rule = (selector: string) => new RegExp(`${selector} \\{\\s*([^}]*?);?\\s*\\}`).exec(css)?.[1];
    expect(rule("\\.p-4")).toBe("padding: calc(var(--space-unit) * 4)");
    expect(rule("\\.-mt-2")).toBe("margin-top: calc(var(--space-unit) * -2)");
    expect(rule("\\.gap-1\\\\\\.5")).toBe("gap: calc(var(--space-unit) * 1.5)");
    expect(rule("\\.rounded")).toBe("border-radius: var(--radius-small)");
    expect(rule("\\.rounded-md")).toBe("border-radius: var(--radius-control)");
    expect(rule("\\.rounded-lg")).toBe("border-radius: var(--radius-card)");
    expect(rule("\\.rounded-full")).toBe("border-radius: var(--radius-pill)");
    const text = compiler.build([
      "text-xs",
      "text-sm",
      "text-base",
      "text-lg",
      "text-xl",
      "text-2xl",
      "text-3xl",
      "text-4xl",
    ]);
    for (const size of ["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl"])
      expect(text).toMatch(new RegExp(`\\.text-${size} \\{\\s*font-size: var\\(--text-size-${size}\\);`));
  }, 60_000);
});
