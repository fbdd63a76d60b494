/**
 * The data the server's rendering of a page started from (its routes' loaders' answers), carried in the page as
 * JSON in `<script type="application/json" id="router-data">`: data, not a script, so the Content-Security-Policy
 * needs no exception. The browser's router starts from it instead of loading again (main.tsx).
 */
export const ROUTER_DATA_ID = "router-data";

export interface RouterData {
  loaderData: Record<string, unknown>;
}

/** The page's router data, or undefined when the page was not rendered on the server. */
export function readRouterData(): RouterData | undefined {
  const element = document.getElementById(ROUTER_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as RouterData;
  } catch {
    return undefined;
  }
}

/** The script element that carries `data` (`<` escaped, so the JSON cannot end the element). */
export function routerDataScript(data: RouterData): string {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${ROUTER_DATA_ID}">${json}</script>`;
}
