import "@ct/ui/styles.css";
import "@ct/ui/fonts";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppRoot } from "./app/app-root";
import { createSiteI18n, ensureLoaded, pageLanguage } from "./app/language";
import { routes } from "./app/router";
import { type RouterData, readRouterData } from "./app/router-data";
import { createBrowserRouter, matchRoutes, RouterProvider } from "./app/routing";
import { startHydration } from "./lib/hydration";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const routerData = readRouterData();
if (routerData && root.firstElementChild) {
  // Not awaited at the top: the screens' chunks import this one, and would wait for it forever.
  void hydrate(root, routerData);
} else {
  // Pages the server does not render (the admin area), and any page whose server rendering failed.
  const router = createBrowserRouter(routes);
  createRoot(root).render(
    <AppRoot>
      <RouterProvider router={router} />
    </AppRoot>,
  );
}

/**
 * Hydrates a page the server rendered (apps/site/src/entry-server.tsx) in the same language, starting from the
 * server's loader data, once the page's screens and texts are here: hydration must render what the server did.
 */
async function hydrate(root: HTMLElement, routerData: RouterData): Promise<void> {
  const language = pageLanguage();
  const screens = loadScreens();
  // Each step of the start is a task of its own (the modules' evaluation, the texts, the router, hydration's
  // slices): on a slow phone one task holding them all kept the page from answering a tap for a quarter second.
  await nextTask();
  const i18n = createSiteI18n();
  await Promise.all([screens, ensureLoaded(i18n, language)]);
  await i18n.changeLanguage(language);
  await nextTask();
  const router = createBrowserRouter(routes, { hydrationData: routerData });
  await nextTask();
  startHydration();
  // As a transition, hydration runs in slices that let the browser answer input between them, instead of one long
  // task; the server's HTML is on view meanwhile.
  startTransition(() => {
    hydrateRoot(
      root,
      <AppRoot language={language} i18n={i18n}>
        <RouterProvider router={router} />
      </AppRoot>,
    );
  });
}

/** Lets the browser paint and answer input before the start goes on. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Loads the lazy screens of the current address and puts them into their routes, as the server had them. */
async function loadScreens(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const screen = await route.lazy();
      Object.assign(route, { ...screen, lazy: undefined });
    }),
  );
}
