import type { ChartConfiguration, Plugin } from "chart.js";
import * as React from "react";
import { cn } from "../lib/cn";
import {
  CHART_FONT_FAMILY,
  CHART_FONT_SIZE,
  type ChartColors,
  tooltipBase,
  useChart,
  useChartColors,
} from "./chart-setup";
import { ChartTable } from "./chart-table";

/** One bar: a phase or a theme and how many of something (the player's mistakes) fall in it. */
export interface CountBar {
  key: string;
  label: string;
  count: number;
}

export interface CountBarsLabels {
  /** The chart read as one sentence (the canvas's accessible name). */
  summary: string;
  /** Column headers of the table: "Phase", "Mistakes". */
  name: string;
  count: string;
  /** The table's caption. */
  caption: string;
  /** The disclosure that shows the table: "Show as table". */
  showTable: string;
}

export type CountBarsProps = Omit<React.ComponentProps<"div">, "children" | "dir"> & {
  bars: readonly CountBar[];
  labels: CountBarsLabels;
  /** Right to left mirrors the chart: the names on the right, the bars growing leftwards. */
  dir: "ltr" | "rtl";
  /** Formats the numbers (ticks, values, table) in the page's language. */
  locale: string;
};

const BAR_ROW = 36;
const AXIS_HEIGHT = 40;
const GAP = 6;

/** Writes each bar's count just past its end. */
function countLabels(texts: readonly string[], rtl: boolean, colors: ChartColors): Plugin<"bar"> {
  return {
    id: "countValues",
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      ctx.save();
      ctx.font = `600 ${CHART_FONT_SIZE}px ${CHART_FONT_FAMILY}`;
      ctx.textBaseline = "middle";
      ctx.fillStyle = colors.text;
      ctx.textAlign = rtl ? "right" : "left";
      chart.getDatasetMeta(0).data.forEach((element, index) => {
        const { x, y } = element.getProps(["x", "y"], true) as { x: number; y: number };
        ctx.fillText(texts[index] ?? "", rtl ? x - GAP : x + GAP, y);
      });
      ctx.restore();
    },
  };
}

function countConfig(
  bars: readonly CountBar[],
  dir: "ltr" | "rtl",
  locale: string,
  colors: ChartColors,
): ChartConfiguration<"bar", number[], string> {
  const rtl = dir === "rtl";
  const font = { family: CHART_FONT_FAMILY, size: CHART_FONT_SIZE };
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const values = bars.map((bar) => number.format(bar.count));
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  return {
    type: "bar",
    data: {
      labels: bars.map((bar) => bar.label),
      datasets: [
        {
          data: bars.map((bar) => bar.count),
          backgroundColor: colors.brand,
          hoverBackgroundColor: colors.brandHover,
          borderRadius: 3,
          maxBarThickness: 24,
          minBarLength: 2,
        },
      ],
    },
    options: {
      indexAxis: "y",
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      locale,
      // Room past the longest bar for its count.
      layout: { padding: rtl ? { left: 32 } : { right: 32 } },
      scales: {
        x: {
          type: "linear",
          min: 0,
          suggestedMax: max,
          reverse: rtl,
          ticks: {
            color: colors.text,
            font,
            precision: 0,
            callback: (value) => number.format(Number(value)),
          },
          grid: { color: colors.grid },
        },
        y: {
          type: "category",
          position: rtl ? "right" : "left",
          ticks: { color: colors.title, font },
          grid: { display: false },
        },
      },
      plugins: {
        tooltip: {
          ...tooltipBase(dir, font),
          callbacks: { label: (item) => values[item.dataIndex] ?? "" },
        },
      },
    },
    plugins: [countLabels(values, rtl, colors)],
  };
}

/**
 * Counts as horizontal bars, one per phase or theme (Chart.js on a canvas), each with its count at its end. The
 * canvas is one image named by a summary; the figures are in the table behind "Show as table". Mirrored right to
 * left.
 */
export function CountBars({ bars, labels, dir, locale, className, ...props }: CountBarsProps) {
  const colors = useChartColors();
  const config = React.useMemo(() => countConfig(bars, dir, locale, colors), [bars, dir, locale, colors]);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const { canvasRef, ready } = useChart(
    config,
    `${bars.map((bar) => bar.label).join("")}${number.format(1234567890)}`,
  );
  return (
    <div
      data-slot="count-bars"
      data-ready={ready ? "true" : undefined}
      dir={dir}
      className={cn("flex flex-col gap-3", className)}
      {...props}
    >
      <div className="relative w-full" style={{ height: bars.length * BAR_ROW + AXIS_HEIGHT }}>
        <canvas ref={canvasRef} role="img" aria-label={labels.summary} />
      </div>
      <ChartTable
        summary={labels.showTable}
        caption={labels.caption}
        columns={[labels.name, labels.count]}
        rows={bars.map((bar) => ({ key: bar.key, cells: [bar.label, number.format(bar.count)] }))}
      />
    </div>
  );
}
