// The page's theme, set before the first paint so a dark page never flashes light: the visitor's choice
// (localStorage "chesstrainer.theme": "light" or "dark"), else the system's. A file of its own, not an inline
// script, because the Content-Security-Policy allows scripts from the site only. apps/site/src/app/theme.ts keeps it
// up to date afterwards.
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
})();
