/**
 * WCAG contrast of the colours styles.css writes (`#rgb`, `#rrggbb`, `rgb()`/`rgba()`, `oklch()`), for the token
 * tests and the Foundations page's figures. Tests and docs only; not exported from the package.
 */

/** sRGB channels 0–1 and alpha. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** OKLCH (lightness 0–1, chroma, hue in degrees) to gamma-encoded sRGB, clipped to the gamut as browsers do. */
function oklchToRgb(l: number, c: number, h: number): Omit<Rgba, "a"> {
  const hue = (h * Math.PI) / 180;
  const a = c * Math.cos(hue);
  const b = c * Math.sin(hue);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  const [r, g, bl] = linear.map((v) => {
    const x = clamp(v);
    return x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
  }) as [number, number, number];
  return { r, g, b: bl };
}

/** Parses one CSS colour as styles.css writes them; throws on anything else. */
export function parseColor(text: string): Rgba {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((d) => d + d).join("") : hex;
    const channel = (i: number) => Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return { r: channel(0), g: channel(2), b: channel(4), a: 1 };
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value);
  if (rgb) {
    const alpha = rgb[4] ?? "1";
    return {
      r: Number(rgb[1]) / 255,
      g: Number(rgb[2]) / 255,
      b: Number(rgb[3]) / 255,
      a: alpha.endsWith("%") ? Number(alpha.slice(0, -1)) / 100 : Number(alpha),
    };
  }
  const oklch = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+|none)\s*\)$/.exec(value);
  if (oklch) {
    const l = Number(oklch[1]) / (oklch[2] ? 100 : 1);
    const hue = oklch[4] === "none" ? 0 : Number(oklch[4]);
    return { ...oklchToRgb(l, Number(oklch[3]), hue), a: 1 };
  }
  throw new Error(`not a colour styles.css writes: ${text}`);
}

/** A colour with alpha laid over an opaque one. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG 2 relative luminance. */
export function luminance({ r, g, b }: Rgba): number {
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two colours (the first laid over the second when it is translucent), 1–21. */
export function contrast(foreground: string, background: string): number {
  const bg = parseColor(background);
  const fg = over(parseColor(foreground), bg);
  const [light, dark] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The custom properties of one rule of a stylesheet (`:root`, `:root[data-theme="dark"]`), by name without `--`. */
export function tokensOf(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector}`);
  const body = css.slice(start, css.indexOf("\n}", start));
  return new Map(
    [...body.matchAll(/^\s+--([\w-]+):\s*([^;]+);/gm)].map((match) => [
      match[1] ?? "",
      match[2]?.trim() ?? "",
    ]),
  );
}
