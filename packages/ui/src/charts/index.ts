/**
 * Charts (Chart.js). Imported as "@ct/ui/charts", never from the package's main entry: only the screens that draw a
 * chart load the library.
 */
export * from "./accuracy-bars";
export * from "./chart-table";
export * from "./count-bars";
export * from "./rating-chart";
