import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartType,
  type DefaultDataPoint,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import * as React from "react";

/**
 * Chart.js, registered piece by piece (tree-shaken): a line and a bar controller on linear and category scales, with
 * tooltips. Nothing else of the library is bundled. Registered on first use rather than on import, so the module has
 * no side effect a bundler could drop or hoist into a shared chunk.
 */
let registered = false;
function registerCharts() {
  if (registered) return;
  Chart.register(
    LineController,
    BarController,
    LinearScale,
    CategoryScale,
    PointElement,
    LineElement,
    BarElement,
    Tooltip,
  );
  registered = true;
}

/** A chart's colours as the canvas needs them: plain colour strings. */
export interface ChartColors {
  brand: string;
  brandHover: string;
  /** Axis ticks and values. */
  text: string;
  /** Axis titles and category names. */
  title: string;
  grid: string;
  /** A value written inside a bar. */
  onBrand: string;
}

/** The tokens of styles.css in the light theme: brand, fg-muted (about 10:1 on white), fg, line. */
export const CHART_COLORS: ChartColors = {
  brand: "#1f5130",
  brandHover: "#173d24",
  text: "#404040",
  title: "#171717",
  grid: "#e5e5e5",
  onBrand: "#ffffff",
};

/** The same tokens in the dark theme (on the dark surface #1c1c1c: text 11:1, title 16:1, bars 8:1). */
export const CHART_COLORS_DARK: ChartColors = {
  brand: "#6fcf8f",
  brandHover: "#8fdca8",
  text: "#d4d4d4",
  title: "#f5f5f5",
  grid: "#363636",
  onBrand: "#0b2415",
};

function pageTheme(): "light" | "dark" {
  return typeof document !== "undefined" && document.documentElement.dataset.theme === "dark"
    ? "dark"
    : "light";
}

/** The chart colours of the page's theme (`data-theme` on <html>), again whenever the theme changes. */
export function useChartColors(): ChartColors {
  const [theme, setTheme] = React.useState(pageTheme);
  React.useEffect(() => {
    const observer = new MutationObserver(() => setTheme(pageTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    setTheme(pageTheme());
    return () => observer.disconnect();
  }, []);
  return theme === "dark" ? CHART_COLORS_DARK : CHART_COLORS;
}

/** The site's fonts (packages/ui/src/styles.css): Noto Sans, with Noto Sans Arabic for Arabic letters. */
export const CHART_FONT_FAMILY = '"Noto Sans", "Noto Sans Arabic", system-ui, sans-serif';
export const CHART_FONT_SIZE = 13;

/** The tooltip both charts use: right to left in Arabic, the charts' font, no colour box (the text says it all). */
export function tooltipBase(dir: "ltr" | "rtl", font: { family: string; size: number }) {
  return {
    rtl: dir === "rtl",
    textDirection: dir,
    titleFont: { ...font, weight: 600 },
    bodyFont: font,
    displayColors: false,
  } as const;
}

/**
 * Loads the font faces the chart's texts need. A canvas draws with whatever font is loaded at that moment, and
 * Chart.js keeps the text widths it measured, so the chart is only created once they are here.
 */
function loadFonts(texts: string): Promise<unknown> {
  if (typeof document === "undefined" || !document.fonts) return Promise.resolve();
  return Promise.all(
    [400, 600].map((weight) =>
      document.fonts.load(`${weight} ${CHART_FONT_SIZE}px ${CHART_FONT_FAMILY}`, texts).catch(() => []),
    ),
  );
}

/**
 * A Chart.js chart on a canvas for as long as the component is mounted; a new configuration draws a new chart.
 * `ready` turns true once the chart is drawn with the site's fonts (tests and screenshots wait for it).
 * `texts`: every text the chart draws, so the right font faces load first.
 */
export function useChart<TType extends ChartType, TData = DefaultDataPoint<TType>>(
  config: ChartConfiguration<TType, TData>,
  texts: string,
) {
  const canvasRef = React.useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = React.useState(false);
  React.useEffect(() => {
    let chart: Chart<TType, TData> | null = null;
    let live = true;
    setReady(false);
    void loadFonts(texts).then(() => {
      const canvas = canvasRef.current;
      if (!live || !canvas) return;
      registerCharts();
      chart = new Chart(canvas, config);
      setReady(true);
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [config, texts]);
  return { canvasRef, ready };
}
