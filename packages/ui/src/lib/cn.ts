import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge, validators } from "tailwind-merge";

const { isAny, isArbitraryValue, isNumber, isTshirtSize } = validators;
const any = [isAny];
const width = ["", isNumber];

/**
 * tailwind-merge with only the class groups this design system overrides (display, flex direction and wrap, gaps,
 * padding, margin, sizes, font size and weight, text alignment and colour, background and border colour, border
 * width, line height, shadow, alignment). Its full default config is 8 kB of gzip on every page; this one is under 2 kB.
 * Classes outside these groups are joined as they are. cn.test.ts checks it against the full twMerge.
 */
const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    display: [
      "block",
      "inline-block",
      "inline",
      "flex",
      "inline-flex",
      "grid",
      "inline-grid",
      "contents",
      "flow-root",
      "list-item",
      "hidden",
      "table",
    ],
    "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
    "flex-wrap": [{ flex: ["wrap", "wrap-reverse", "nowrap"] }],
    gap: [{ gap: any }],
    "gap-x": [{ "gap-x": any }],
    "gap-y": [{ "gap-y": any }],
    p: [{ p: any }],
    px: [{ px: any }],
    py: [{ py: any }],
    ps: [{ ps: any }],
    pe: [{ pe: any }],
    pt: [{ pt: any }],
    pr: [{ pr: any }],
    pb: [{ pb: any }],
    pl: [{ pl: any }],
    m: [{ m: any }],
    mx: [{ mx: any }],
    my: [{ my: any }],
    ms: [{ ms: any }],
    me: [{ me: any }],
    mt: [{ mt: any }],
    mr: [{ mr: any }],
    mb: [{ mb: any }],
    ml: [{ ml: any }],
    size: [{ size: any }],
    w: [{ w: any }],
    h: [{ h: any }],
    "min-w": [{ "min-w": any }],
    "min-h": [{ "min-h": any }],
    "max-w": [{ "max-w": any }],
    "max-h": [{ "max-h": any }],
    "font-size": [{ text: ["base", isTshirtSize] }],
    "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
    "text-wrap": [{ text: ["wrap", "nowrap", "balance", "pretty"] }],
    "text-color": [{ text: any }],
    "font-weight": [
      { font: ["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"] },
    ],
    "font-family": [{ font: ["sans", "serif", "mono"] }],
    leading: [{ leading: any }],
    "bg-color": [{ bg: any }],
    "border-collapse": [{ border: ["collapse", "separate"] }],
    "border-style": [{ border: ["solid", "dashed", "dotted", "double", "hidden", "none"] }],
    "border-w": [{ border: width }],
    "border-w-x": [{ "border-x": width }],
    "border-w-y": [{ "border-y": width }],
    "border-w-s": [{ "border-s": width }],
    "border-w-e": [{ "border-e": width }],
    "border-w-t": [{ "border-t": width }],
    "border-w-r": [{ "border-r": width }],
    "border-w-b": [{ "border-b": width }],
    "border-w-l": [{ "border-l": width }],
    "border-color-t": [{ "border-t": any }],
    "border-color-b": [{ "border-b": any }],
    "border-color": [{ border: any }],
    shadow: [{ shadow: ["", "none", "inner", isTshirtSize, isArbitraryValue] }],
    "align-items": [{ items: ["start", "end", "center", "baseline", "stretch"] }],
    "justify-content": [
      { justify: ["normal", "start", "end", "center", "between", "around", "evenly", "stretch"] },
    ],
  },
  conflictingClassGroups: {
    p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
    px: ["pr", "pl", "ps", "pe"],
    py: ["pt", "pb"],
    m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
    mx: ["mr", "ml", "ms", "me"],
    my: ["mt", "mb"],
    gap: ["gap-x", "gap-y"],
    size: ["w", "h"],
    "font-size": ["leading"],
    "border-w": [
      "border-w-x",
      "border-w-y",
      "border-w-s",
      "border-w-e",
      "border-w-t",
      "border-w-r",
      "border-w-b",
      "border-w-l",
    ],
    "border-w-x": ["border-w-r", "border-w-l"],
    "border-w-y": ["border-w-t", "border-w-b"],
    "border-color": ["border-color-t", "border-color-b"],
  },
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
  orderSensitiveModifiers: [],
}));

/** Joins class names; later Tailwind classes win, so a caller's `className` (applied last) overrides defaults. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
