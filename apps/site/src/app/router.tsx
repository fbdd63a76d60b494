import { loadAllTexts } from "./language";
import { createBrowserRouter, Navigate, type RouteObject } from "./routing";
import { Shell } from "./shell";

/**
 * The spec's route table (section 2). Every screen is its own chunk (`lazy`), so a page loads only what it uses;
 * the admin area (session machine, editor) never loads on public pages. Screens outside the shell, home and the
 * trainer also wait for the rest of the English texts (`allTexts`, see packages/texts/src/first-texts.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    // The first screen of a page the browser renders itself (the admin area) is loading: nothing to show yet.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: () => import("../pages/home") },
      { path: "training", lazy: () => import("../pages/training") },
      { path: "training/themes", lazy: () => import("../pages/training-themes") },
      { path: "training/review", lazy: () => allTexts(import("../pages/training-review")) },
      { path: "training/dashboard", lazy: () => allTexts(import("../pages/training-dashboard")) },
      { path: "training/streak", lazy: () => import("../pages/training-streak") },
      { path: "training/storm", lazy: () => allTexts(import("../pages/training-storm")) },
      { path: "training/racer", lazy: () => allTexts(import("../pages/training-racer")) },
      { path: "training/racer/:id", lazy: () => allTexts(import("../pages/training-racer")) },
      { path: "training/plan", lazy: () => import("../pages/training-plan") },
      { path: "training/weaknesses", lazy: () => allTexts(import("../pages/training-weaknesses")) },
      { path: "training/my-games", lazy: () => allTexts(import("../pages/training-my-games")) },
      { path: "training/custom", lazy: () => allTexts(import("../pages/training-custom")) },
      { path: "training/endgame-course", lazy: () => allTexts(import("../pages/endgame-course")) },
      {
        path: "training/endgame-course/:exercise",
        lazy: () => allTexts(import("../pages/endgame-exercise")),
      },
      { path: "training/repertoire", lazy: () => allTexts(import("../pages/training-repertoire")) },
      {
        path: "training/repertoire/:opening",
        lazy: () => allTexts(import("../pages/training-repertoire-opening")),
      },
      // A player's own repertoire: the same trainer (and, with ?mode=edit, its editor).
      {
        path: "training/repertoire/mine/:id",
        lazy: () => allTexts(import("../pages/training-repertoire-opening")),
      },
      { path: "training/themes/:theme", lazy: () => import("../pages/training-theme") },
      { path: "training/:moduleId", lazy: () => import("../pages/training-module") },
      { path: "blog", lazy: () => allTexts(import("../pages/blog")) },
      { path: "blog/:slug", lazy: () => allTexts(import("../pages/blog-post")) },
      { path: "about", lazy: () => allTexts(import("../pages/about")) },
      { path: "contact", lazy: () => allTexts(import("../pages/contact")) },
      { path: "position-setup", lazy: () => allTexts(import("../pages/position-setup")) },
      { path: "notation", lazy: () => allTexts(import("../pages/notation")) },
      // Around each puzzle (issue 39): a puzzle's position with the engine's lines.
      { path: "analysis", lazy: () => allTexts(import("../pages/analysis-board")) },
      { path: "move-highlighting", lazy: () => allTexts(import("../pages/move-highlighting")) },
      { path: "chess-features", lazy: () => allTexts(import("../pages/chess-features")) },
      // Player accounts (issue 38): their texts are in the rest of the English texts.
      { path: "account", lazy: () => allTexts(import("../account/pages/account")) },
      { path: "account/sign-up", lazy: () => allTexts(import("../account/pages/sign-up")) },
      { path: "account/sign-in", lazy: () => allTexts(import("../account/pages/sign-in")) },
      { path: "account/reset", lazy: () => allTexts(import("../account/pages/reset")) },
      {
        path: "admin",
        lazy: () => allTexts(import("../admin/admin-layout")),
        children: [
          { path: "login", lazy: () => allTexts(import("../admin/pages/login")) },
          {
            lazy: () => allTexts(import("../admin/require-admin")),
            children: [
              { index: true, element: <Navigate to="/admin/blog" replace /> },
              { path: "blog", lazy: () => allTexts(import("../admin/pages/blog-list")) },
              { path: "blog/new", lazy: () => allTexts(import("../admin/pages/post-new")) },
              { path: "blog/edit/:slug", lazy: () => allTexts(import("../admin/pages/post-edit")) },
              { path: "analysis", lazy: () => allTexts(import("../admin/pages/analysis")) },
              { path: "messages", lazy: () => allTexts(import("../admin/pages/messages")) },
            ],
          },
        ],
      },
      { path: "*", lazy: () => import("../pages/not-found") },
    ],
  },
];

/** A screen's code together with the rest of the English texts. */
function allTexts<T>(screen: Promise<T>): Promise<T> {
  return Promise.all([screen, loadAllTexts()]).then(([module]) => module);
}

export function createRouter() {
  return createBrowserRouter(routes);
}
