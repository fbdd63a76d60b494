import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/**
 * Every conflict the stories and the end-to-end suite produced (a component's default classes and a caller's
 * override, recorded from the full twMerge), and harder cases: `cn` must resolve each exactly as the full
 * tailwind-merge does.
 */
const RECORDED = [
  "border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100 inline-flex items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 border h-8 px-3 text-sm min-w-9 no-underline border-brand bg-brand text-brand-fg hover:bg-brand",
  "flex items-center justify-center inline-flex [&>span:first-child]:size-12",
  "flex items-center justify-center inline-flex [&>span:first-child]:size-5",
  "flex items-center justify-center inline-flex [&>span:first-child]:size-8",
  "flex items-center justify-center inline-flex [&>span:first-child]:size-8 w-full py-12",
  "flex items-center justify-center inline-flex [&>span:first-child]:size-8 w-full py-16",
  "flex-col gap-1 flex px-5 pt-5 flex-row flex-wrap items-baseline justify-between gap-2",
  "flex-col gap-1 flex px-5 pt-5 flex-row flex-wrap items-center justify-between gap-2",
  "flex-col gap-1 flex px-5 pt-5 flex-row items-center gap-3",
  "flex-col gap-1 flex px-5 pt-5 flex-row items-center gap-4",
  "flex-col gap-1 px-5 pt-5 flex flex-row flex-wrap items-baseline justify-between gap-2 px-4 pt-3",
  "gap-2 flex items-center @container flex-nowrap gap-1.5 max-w-[358px]",
  "gap-2 flex items-center @container flex-nowrap gap-1.5 max-w-[460px]",
  "gap-2 flex items-center @container flex-nowrap gap-1.5 mx-auto max-w-[800px]",
  "gap-3 flex flex-col gap-2 px-4 pt-2 pb-3",
  "gap-3 flex items-center col-span-2 gap-2 lg:col-span-1 lg:col-start-2 lg:row-start-1 lg:gap-3",
  "h-10 text-sm w-full rounded-md border border-neutral-400 bg-white px-3 text-neutral-900 placeholder:text-neutral-500 disabled:opacity-60 aria-[invalid=true]:border-red-700 field-sizing-content h-auto min-h-10 min-w-0 flex-1 resize-none self-stretch py-2.5 font-mono text-xs leading-normal break-all",
  "h-2.5 relative flex-1 overflow-hidden rounded-full bg-neutral-200 h-1.5 lg:h-2.5",
  "inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-semibold text-neutral-700 no-underline hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand flex w-full",
  "min-h-[min(400px,calc(100vw-2rem))] flex w-diagram max-w-full flex-col gap-2 min-h-0",
  "min-w-0 h-10 flex-1 rounded-md border border-neutral-400 bg-white px-3 text-sm text-neutral-900 disabled:opacity-60 min-w-44",
  "px-5 py-4 flex flex-col gap-2 px-4 pt-2 pb-3",
  "text-lg m-0 font-bold text-neutral-900 text-2xl",
  "text-lg m-0 font-bold text-neutral-900 text-base",
  "text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-semibold no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand bg-brand-soft text-brand hover:bg-brand-soft hover:text-brand",
  "text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 min-h-10 items-center gap-1 rounded-md px-3 text-sm font-semibold no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand flex w-full bg-brand-soft text-brand hover:bg-brand-soft hover:text-brand",
  "text-neutral-800 inline-flex items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 hover:bg-neutral-100 h-10 px-4 text-sm me-auto text-red-700",
  "text-neutral-800 text-base leading-7 [overflow-wrap:anywhere] [&>:first-child]:mt-0 [&>:last-child]:mb-0 [&_p]:my-4 [&_h1]:mt-10 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:leading-tight [&_h1]:font-bold [&_h1]:text-neutral-900 [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:leading-snug [&_h2]:font-bold [&_h2]:text-neutral-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-neutral-900 [&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-neutral-900 [&_h5]:mt-4 [&_h5]:mb-2 [&_h5]:font-semibold [&_h6]:mt-4 [&_h6]:mb-2 [&_h6]:font-semibold [&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1 [&_li>p]:my-1 [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline [&_strong]:font-bold [&_b]:font-bold [&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-brand [&_blockquote]:bg-brand-soft [&_blockquote]:px-4 [&_blockquote]:py-2 [&_blockquote]:italic [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md [&_figure]:my-6 [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-neutral-600 [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-neutral-100 [&_pre]:p-4 [&_pre]:text-sm [&_code]:font-mono [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-neutral-100 [&_:not(pre)>code]:px-1 [&_hr]:my-8 [&_hr]:border-neutral-200 min-h-[300px] rounded-md border border-neutral-400 bg-white px-4 py-3 text-neutral-900 focus-visible:outline-3 focus-visible:outline-brand aria-[invalid=true]:border-red-700 [&_img.ProseMirror-selectednode]:outline-3 [&_img.ProseMirror-selectednode]:outline-brand [&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-start [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-neutral-600 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]",
  "text-sm h-10 w-full rounded-md border border-neutral-400 bg-white px-3 text-neutral-900 placeholder:text-neutral-500 disabled:opacity-60 aria-[invalid=true]:border-red-700 min-w-0 flex-1 font-mono text-xs",
  "text-sm shrink-0 font-semibold text-neutral-700 tabular-nums text-xs lg:text-sm",
];

const HARDER = [
  "border-t border-neutral-200",
  "border border-neutral-300 border-brand",
  "border-2 border-4",
  "border-b border-b-0",
  "border-s-4 border-t border-t-brand border-neutral-300",
  "text-center text-sm text-red-700 text-start",
  "text-sm leading-7 text-lg",
  "leading-7 text-sm",
  "p-4 px-2 pt-1",
  "px-2 p-4",
  "size-4 w-2 h-3",
  "w-2 size-4",
  "hover:bg-neutral-100 bg-white hover:bg-brand",
  "text-xs lg:text-sm text-base lg:text-lg",
  "m-0 mt-2 mx-auto my-1",
  "mt-2 m-0",
  "flex inline-flex hidden md:flex",
  "flex-col flex-row flex-wrap flex-nowrap",
  "gap-2 gap-x-1 gap-3",
  "font-bold font-semibold font-mono font-sans",
  "min-h-10 min-h-0 h-10 h-auto min-w-0 min-w-44 max-w-full max-w-[460px]",
  "items-center items-baseline justify-between justify-center",
  "rounded-md rounded-t-none shadow-sm shadow-lg",
  "bg-white bg-brand-soft data-[state=open]:bg-neutral-100",
  "text-neutral-700 hover:text-neutral-900 text-brand hover:text-brand",
  "[&_svg]:size-4 [&_svg]:size-5",
  "aria-[invalid=true]:border-red-700 border-neutral-400",
  "text-2xl text-3xl text-4xl text-xl",
  "border-collapse border-0",
  "ps-3 pe-2 px-4",
];

describe("cn", () => {
  it.each(RECORDED)("resolves a recorded override as twMerge does: %s", (classes) => {
    expect(cn(classes)).toBe(twMerge(classes));
  });

  it.each(HARDER)("resolves %s as twMerge does", (classes) => {
    expect(cn(classes)).toBe(twMerge(classes));
  });

  it("joins conditional classes and lets the later one win", () => {
    expect(cn("px-3 text-sm", false && "hidden", { "font-bold": true }, "px-4")).toBe(
      "text-sm font-bold px-4",
    );
  });
});
