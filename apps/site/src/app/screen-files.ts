/**
 * The source module each public path's screen loads (the `lazy` import of its route in router.tsx), as data the
 * build can read: `vite build` turns it into dist/preloads.json (path pattern → the screen's chunks), and the server
 * lists those chunks as `<link rel="modulepreload">` in the page's HTML, so they download beside the entry instead of
 * after it has run. router.test.ts checks that this table and the router agree.
 *
 * `data` names the API reads whose answer the screen shows first (its largest content), exactly as src/api asks for
 * them; the server preloads them too, for a request without a query string (`:name` takes the path's segment).
 * Plain data without imports: vite.config.ts reads this file. router.test.ts checks the addresses against src/api.
 *
 * `firstTexts` marks the screens whose texts ship with the entry (packages/texts/src/first-texts.ts); the others also preload
 * the chunk of the rest of the English texts, which their route waits for (router.tsx `allTexts`).
 */
export interface ScreenFile {
  pattern: string;
  file: string;
  data?: readonly string[];
  firstTexts?: true;
}

export const screenFiles: readonly ScreenFile[] = [
  { pattern: "/", file: "src/pages/home.tsx", firstTexts: true },
  { pattern: "/training", file: "src/pages/training.tsx", firstTexts: true },
  {
    pattern: "/training/themes",
    file: "src/pages/training-themes.tsx",
    data: ["/api/themes"],
    firstTexts: true,
  },
  { pattern: "/training/review", file: "src/pages/training-review.tsx" },
  { pattern: "/training/dashboard", file: "src/pages/training-dashboard.tsx" },
  { pattern: "/training/streak", file: "src/pages/training-streak.tsx", firstTexts: true },
  { pattern: "/training/storm", file: "src/pages/training-storm.tsx" },
  { pattern: "/training/racer", file: "src/pages/training-racer.tsx" },
  { pattern: "/training/racer/:id", file: "src/pages/training-racer.tsx" },
  { pattern: "/training/plan", file: "src/pages/training-plan.tsx", firstTexts: true },
  { pattern: "/training/weaknesses", file: "src/pages/training-weaknesses.tsx" },
  { pattern: "/training/my-games", file: "src/pages/training-my-games.tsx" },
  { pattern: "/training/custom", file: "src/pages/training-custom.tsx" },
  { pattern: "/training/endgame-course", file: "src/pages/endgame-course.tsx" },
  { pattern: "/training/endgame-course/:exercise", file: "src/pages/endgame-exercise.tsx" },
  { pattern: "/training/repertoire", file: "src/pages/training-repertoire.tsx" },
  { pattern: "/training/repertoire/:opening", file: "src/pages/training-repertoire-opening.tsx" },
  { pattern: "/training/repertoire/mine/:id", file: "src/pages/training-repertoire-opening.tsx" },
  {
    pattern: "/training/themes/:theme",
    file: "src/pages/training-theme.tsx",
    data: ["/api/themes"],
    firstTexts: true,
  },
  { pattern: "/training/:moduleId", file: "src/pages/training-module.tsx", firstTexts: true },
  {
    pattern: "/blog",
    file: "src/pages/blog.tsx",
    data: ["/api/blog/posts?page=1&per_page=10", "/api/blog/tags"],
  },
  { pattern: "/blog/:slug", file: "src/pages/blog-post.tsx", data: ["/api/blog/posts/:slug"] },
  { pattern: "/about", file: "src/pages/about.tsx" },
  { pattern: "/contact", file: "src/pages/contact.tsx" },
  { pattern: "/position-setup", file: "src/pages/position-setup.tsx" },
  { pattern: "/notation", file: "src/pages/notation.tsx" },
  { pattern: "/analysis", file: "src/pages/analysis-board.tsx" },
  { pattern: "/move-highlighting", file: "src/pages/move-highlighting.tsx" },
  { pattern: "/chess-features", file: "src/pages/chess-features.tsx" },
  { pattern: "/account", file: "src/account/pages/account.tsx" },
  { pattern: "/account/sign-up", file: "src/account/pages/sign-up.tsx" },
  { pattern: "/account/sign-in", file: "src/account/pages/sign-in.tsx" },
  { pattern: "/account/reset", file: "src/account/pages/reset.tsx" },
];
