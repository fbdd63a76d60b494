import type { Language } from "@ct/texts/core";
import type { i18n as I18n } from "i18next";
import { type ReactNode, StrictMode, useLayoutEffect } from "react";
import { endHydration } from "../lib/hydration";
import { LanguageProvider } from "./language";

/**
 * What wraps the router on the server (entry-server.tsx) and in the browser (main.tsx): the same tree on both sides,
 * so hydration finds the same elements and the same `useId`s.
 */
export function AppRoot(props: { language?: Language; i18n?: I18n; children: ReactNode }) {
  return (
    <StrictMode>
      <HydrationEnd />
      <LanguageProvider
        {...(props.language ? { initial: props.language } : {})}
        {...(props.i18n ? { i18n: props.i18n } : {})}
      >
        {props.children}
      </LanguageProvider>
    </StrictMode>
  );
}

/**
 * Ends hydration at the first effect after it: the hydrating render is done by then, the effects see storage. Marks
 * the page live (`<html data-live>`): from then on it answers input (tests wait for it before typing).
 */
function HydrationEnd() {
  useLayoutEffect(() => {
    endHydration();
    document.documentElement.dataset.live = "";
  }, []);
  return null;
}
