import * as React from "react";
import { cn } from "../lib/cn";

export type ChartTableProps = Omit<React.ComponentProps<"details">, "children"> & {
  /** The disclosure's text: "Show as table". */
  summary: string;
  /** What the table holds, read as its caption. */
  caption: string;
  /** Column headers; the first column heads each row. */
  columns: readonly string[];
  /** One row per data point, already formatted, with a stable key. */
  rows: readonly { key: string; cells: readonly string[] }[];
};

/**
 * A chart's data as a table, behind a native `<details>` disclosure: the accessible alternative to the canvas
 * (screen readers, keyboard, copying the figures), one click away for everyone. Long tables scroll in a focusable
 * region so a keyboard can scroll them too.
 */
export function ChartTable({ summary, caption, columns, rows, className, ...props }: ChartTableProps) {
  const captionId = React.useId();
  return (
    <details data-slot="chart-table" className={cn("group text-sm", className)} {...props}>
      <summary className="cursor-pointer rounded-sm font-semibold text-brand hover:underline">
        {summary}
      </summary>
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
        tabIndex={0}
        className="mt-2 max-h-80 overflow-auto rounded-md border border-line"
      >
        <table className="w-full border-collapse text-start tabular-nums">
          <caption id={captionId} className="px-3 py-2 text-start text-fg-muted">
            {caption}
          </caption>
          <thead className="sticky top-0 bg-surface-muted">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 text-start font-semibold text-fg">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-line">
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th
                      key={columns[index]}
                      scope="row"
                      className="px-3 py-1.5 text-start font-normal text-fg"
                    >
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[index]} className="px-3 py-1.5 text-start text-fg-soft">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
