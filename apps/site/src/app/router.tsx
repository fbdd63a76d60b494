import { createBrowserRouter, Navigate, type RouteObject } from "./routing";
import { Shell } from "./shell";

/**
 * The spec's route table (section 2). Every screen is its own chunk (`lazy`), so a page loads only what it uses;
 * the admin area (session machine, editor) never loads on public pages.
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, lazy: () => import("../pages/home") },
      { path: "training", lazy: () => import("../pages/training") },
      { path: "training/themes", lazy: () => import("../pages/training-themes") },
      { path: "training/review", lazy: () => import("../pages/training-review") },
      { path: "training/dashboard", lazy: () => import("../pages/training-dashboard") },
      { path: "training/streak", lazy: () => import("../pages/training-streak") },
      { path: "training/themes/:theme", lazy: () => import("../pages/training-theme") },
      { path: "training/:moduleId", lazy: () => import("../pages/training-module") },
      { path: "blog", lazy: () => import("../pages/blog") },
      { path: "blog/:slug", lazy: () => import("../pages/blog-post") },
      { path: "about", lazy: () => import("../pages/about") },
      { path: "contact", lazy: () => import("../pages/contact") },
      { path: "position-setup", lazy: () => import("../pages/position-setup") },
      { path: "notation", lazy: () => import("../pages/notation") },
      { path: "move-highlighting", lazy: () => import("../pages/move-highlighting") },
      { path: "chess-features", lazy: () => import("../pages/chess-features") },
      {
        path: "admin",
        lazy: () => import("../admin/admin-layout"),
        children: [
          { path: "login", lazy: () => import("../admin/pages/login") },
          {
            lazy: () => import("../admin/require-admin"),
            children: [
              { index: true, element: <Navigate to="/admin/blog" replace /> },
              { path: "blog", lazy: () => import("../admin/pages/blog-list") },
              { path: "blog/new", lazy: () => import("../admin/pages/post-new") },
              { path: "blog/edit/:slug", lazy: () => import("../admin/pages/post-edit") },
              { path: "analysis", lazy: () => import("../admin/pages/analysis") },
              { path: "messages", lazy: () => import("../admin/pages/messages") },
            ],
          },
        ],
      },
      { path: "*", lazy: () => import("../pages/not-found") },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
