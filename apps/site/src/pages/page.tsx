import type { ReactNode } from "react";

/** The frame every screen shares: one h1, centred content up to the navigation width. */
export function Page({
  title,
  children,
  width = "nav",
}: {
  title: string;
  children?: ReactNode;
  width?: "nav" | "post";
}) {
  return (
    <main
      id="main"
      className={
        width === "post" ? "mx-auto w-full max-w-post px-4 py-8" : "mx-auto w-full max-w-nav px-4 py-8"
      }
    >
      <h1 className="mb-4 text-3xl font-bold text-brand">{title}</h1>
      {children}
    </main>
  );
}
