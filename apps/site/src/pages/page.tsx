import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "../app/routing";
import { backLinkClass } from "../training/screen/training-set";

/** The frame every screen shares: one h1, centred content up to the navigation width. */
export function Page({
  title,
  children,
  width = "nav",
  titleDirection,
  titleLanguage,
}: {
  title: string;
  children?: ReactNode;
  width?: "nav" | "post";
  /** For a title that is content (a post's): it reads in its own direction whatever the page's language. */
  titleDirection?: "auto" | "ltr" | "rtl";
  /** The language of a title that is content (a post's), when it differs from the page's. */
  titleLanguage?: string;
}) {
  return (
    <main
      id="main"
      className={
        width === "post" ? "mx-auto w-full max-w-post px-4 py-8" : "mx-auto w-full max-w-nav px-4 py-8"
      }
    >
      <h1 dir={titleDirection} lang={titleLanguage} className="mb-4 text-3xl font-bold text-brand">
        {title}
      </h1>
      {children}
    </main>
  );
}

/**
 * A page whose address names nothing there (a module, a theme, an opening, an exercise that does not exist): what
 * is missing, and the way back to the list it should have been on.
 */
export function MissingPage({
  title,
  message,
  back,
}: {
  title: string;
  message: string;
  back: { to: string; label: string };
}) {
  return (
    <Page title={title}>
      <p className="mb-6 text-fg-muted">{message}</p>
      <Link to={back.to} className={backLinkClass}>
        {back.label}
      </Link>
    </Page>
  );
}

/** The way back above a screen's content (to the module list, the course, the repertoires), its arrow turned in Arabic. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className="m-0">
      <Link to={to} className={backLinkClass}>
        <ArrowLeft aria-hidden className="me-1 inline size-4 rtl:rotate-180" />
        {label}
      </Link>
    </p>
  );
}
