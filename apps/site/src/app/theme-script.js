// The page's theme, set before the first paint so a dark page never flashes light: the visitor's choice
// (localStorage "chesstrainer.theme": "light" or "dark"), else the system's. The build puts it inline at the top of
// index.html (vite.config.ts, inlineThemeScript), where it blocks nothing (a script file would hold the first paint
// until it arrived); the server allows it by its hash in the Content-Security-Policy. apps/site/src/app/theme.ts
// keeps the theme up to date afterwards.
// It also loads the browser's locale data for numbers and dates (its first Intl.NumberFormat costs 12-15 ms on a fast
// machine whatever the locale, a later one almost nothing) while the stylesheet downloads, before the first paint,
// instead of in a task of the app's start after it, where a phone could not answer a tap meanwhile.
(() => {
  let theme = null;
  try {
    theme = window.localStorage.getItem("chesstrainer.theme");
  } catch {
    // Storage unavailable (private mode): the system's theme.
  }
  if (theme !== "light" && theme !== "dark") {
    theme = window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.dataset.theme = theme;
  try {
    new Intl.NumberFormat(document.documentElement.lang || "en").format(0);
  } catch {
    // A browser without Intl: nothing to load ahead.
  }
})();
