import { type PurifierLike, sanitizeWith } from "@ct/contract";
import DOMPurify from "dompurify";
import * as React from "react";
import type { PieceCode } from "../board";
import { ChessDiagram, type DiagramPosition } from "../chess-diagram";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";
import { YouTubeEmbed } from "../youtube-embed";

/** Texts of the chess-diagram blocks, in the page's language. */
export interface PostBodyDiagramTexts {
  /** Accessible name of each board, e.g. "Chess diagram, White to move". */
  label: string | ((position: DiagramPosition) => string);
  pieceLabels: Record<PieceCode, string>;
  /** 'Invalid chess position provided'. */
  invalidMessage: string;
}

/** Texts of the video blocks, in the page's language. */
export interface PostBodyVideoTexts {
  /** Accessible name of a player whose block has no title of its own, e.g. "YouTube video". */
  title: string;
  /** 'Invalid YouTube URL'. */
  invalidMessage: string;
  /** The link to the video on YouTube under each player, e.g. "Watch on YouTube". */
  watchLabel: string;
}

/** Texts of the tables, in the page's language. */
export interface PostBodyTableTexts {
  /** Accessible name of the box each table scrolls in, e.g. "Table". */
  label: string;
}

export type PostBodyProps = Omit<React.ComponentProps<"div">, "children" | "dangerouslySetInnerHTML"> & {
  /** The post's HTML. It is sanitised here (the shared policy of @ct/contract) whatever its source. */
  html: string;
  diagram: PostBodyDiagramTexts;
  video: PostBodyVideoTexts;
  /** Names the box a table scrolls in (a focusable region, so a keyboard can scroll it too). */
  table?: PostBodyTableTexts | undefined;
  /** Renders links to this site's own pages (href starting with one "/"); the site passes its router's Link. */
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
};

/** How post HTML is sanitised and parsed: the page's DOMPurify and DOMParser in a browser. */
export interface PostHtmlEnvironment {
  purifier: PurifierLike;
  parse: (html: string) => Document;
}

let environment: PostHtmlEnvironment | null =
  DOMPurify.isSupported && typeof DOMParser !== "undefined"
    ? {
        purifier: DOMPurify as unknown as PurifierLike,
        parse: (html) => new DOMParser().parseFromString(html, "text/html"),
      }
    : null;

/**
 * Gives PostBody a DOM where there is none of its own: the server's rendering of the site passes one (jsdom), so a
 * post's body is in the page's HTML, sanitised by the same policy, parsed into the same nodes the browser gets.
 */
export function setPostHtmlEnvironment(given: PostHtmlEnvironment): void {
  environment = given;
}

/** Sanitised post HTML parsed into nodes (nothing at all where it cannot be sanitised). */
function parse(html: string): Node[] {
  if (!environment) return [];
  const clean = sanitizeWith(environment.purifier, html);
  return [...environment.parse(clean).body.childNodes];
}

/** HTML attribute names whose React prop is spelled differently. */
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  allowfullscreen: "allowFullScreen",
  frameborder: "frameBorder",
  colspan: "colSpan",
  rowspan: "rowSpan",
  tabindex: "tabIndex",
  srcset: "srcSet",
  crossorigin: "crossOrigin",
  referrerpolicy: "referrerPolicy",
  datetime: "dateTime",
};

/** Node.TEXT_NODE and Node.ELEMENT_NODE (the global Node exists only in a browser). */
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

const VOID_ELEMENTS = new Set(["area", "br", "col", "hr", "img", "wbr"]);

/** "text-align: center; color: #333" → { textAlign: "center", color: "#333" } (values are already vetted). */
function styleObject(style: string): React.CSSProperties {
  const result: Record<string, string> = {};
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!property || !value) continue;
    result[property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return result as React.CSSProperties;
}

function propsOf(element: Element): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const { name, value } of element.attributes) {
    if (name === "style") props.style = styleObject(value);
    else if (name === "allowfullscreen") props.allowFullScreen = true;
    else props[PROP_NAMES[name] ?? name] = value;
  }
  return props;
}

interface RenderContext {
  diagram: PostBodyDiagramTexts;
  video: PostBodyVideoTexts;
  table: PostBodyTableTexts | undefined;
  renderLink: ((props: RenderLinkProps) => React.ReactNode) | undefined;
}

function renderNodes(nodes: readonly Node[], context: RenderContext, prefix: string): React.ReactNode[] {
  return nodes.map((node, index) => renderNode(node, context, `${prefix}${index}`));
}

/** One sanitised node as React: diagram and video blocks become their components, the rest stays as it is. */
function renderNode(node: Node, context: RenderContext, key: string): React.ReactNode {
  if (node.nodeType === TEXT_NODE) return node.textContent;
  if (node.nodeType !== ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const type = tag === "div" ? element.getAttribute("data-type") : null;

  if (type === "chess-diagram") {
    return (
      <ChessDiagram
        key={key}
        data-type="chess-diagram"
        fen={element.getAttribute("data-fen") ?? ""}
        label={context.diagram.label}
        pieceLabels={context.diagram.pieceLabels}
        invalidMessage={context.diagram.invalidMessage}
        className="mx-auto my-6"
      />
    );
  }
  if (type === "youtube" || tag === "iframe") {
    return (
      <YouTubeEmbed
        key={key}
        data-type="youtube"
        url={element.getAttribute(tag === "iframe" ? "src" : "data-src") ?? ""}
        title={element.getAttribute("title") || context.video.title}
        invalidMessage={context.video.invalidMessage}
        watchLabel={context.video.watchLabel}
        className="mx-auto my-6"
      />
    );
  }

  const props = propsOf(element);
  props.key = key;
  // A cell runs the way its own text goes: in an Arabic table "Rd1+" and "+5.2" keep their signs where they were
  // written (the editor's cells hold paragraphs with dir="auto"; a pasted table's cells hold bare text).
  if ((tag === "td" || tag === "th") && !("dir" in props)) props.dir = "auto";
  // A code block wider than the column scrolls sideways: a tab stop, so the arrow keys scroll it too (as a table's
  // box; axe's scrollable-region-focusable).
  if (tag === "pre") props.tabIndex = 0;
  const children = VOID_ELEMENTS.has(tag) ? [] : renderNodes([...element.childNodes], context, `${key}.`);
  const href = typeof props.href === "string" ? props.href : null;
  if (tag === "a" && href?.startsWith("/") && !href.startsWith("//") && context.renderLink) {
    return (
      <React.Fragment key={key}>
        {context.renderLink({ href, className: String(props.className ?? ""), children })}
      </React.Fragment>
    );
  }
  const rendered = React.createElement(tag, props, ...(children.length > 0 ? [children] : []));
  if (tag !== "table") return rendered;
  // A wide table scrolls sideways inside its own box, never the page; the box is a tab stop so that the arrow keys
  // scroll it too, and a named region when the page gives it a name.
  const label = context.table?.label;
  return (
    <div
      key={key}
      data-slot="post-body-table"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus for keyboards to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
      tabIndex={0}
      {...(label ? { role: "region", "aria-label": label } : {})}
      className="my-6 max-w-full overflow-x-auto rounded-md focus-visible:outline-3 focus-visible:outline-brand"
    >
      {rendered}
    </div>
  );
}

/**
 * Readable article typography for the body's elements (headings, lists, links, quotes, images, code). The post
 * editor gives its document the same classes, so what the admin edits looks as the post will: images at their own
 * size (never wider than the column), the same headings, lists and quotes.
 */
export const postBodyClassName = [
  "text-base leading-7 text-fg-soft [overflow-wrap:anywhere]",
  "[&>:first-child]:mt-0 [&>:last-child]:mb-0",
  "[&_p]:my-4",
  "[&_h1]:mt-10 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:leading-tight [&_h1]:font-bold [&_h1]:text-fg",
  "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:leading-snug [&_h2]:font-bold [&_h2]:text-fg",
  "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-fg",
  "[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-fg",
  "[&_h5]:mt-4 [&_h5]:mb-2 [&_h5]:font-semibold [&_h6]:mt-4 [&_h6]:mb-2 [&_h6]:font-semibold",
  "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6",
  "[&_li]:my-1 [&_li>p]:my-1",
  "[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline",
  "[&_strong]:font-bold [&_b]:font-bold",
  "[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-brand [&_blockquote]:bg-brand-soft [&_blockquote]:px-4 [&_blockquote]:py-2 [&_blockquote]:italic",
  "[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md",
  "[&_figure]:my-6 [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-fg-subtle",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-surface-sunken [&_pre]:p-4 [&_pre]:text-sm",
  // Code (moves, PGN) reads left to right in an Arabic post too.
  "[&_pre]:text-start [&_pre]:[direction:ltr] [&_pre]:[overflow-wrap:normal]",
  "[&_pre]:focus-visible:outline-3 [&_pre]:focus-visible:outline-brand",
  "[&_code]:font-mono [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-surface-sunken [&_:not(pre)>code]:px-1",
  "[&_hr]:my-8 [&_hr]:border-line",
  // Tables: ruled cells, a tinted header row; words are not broken inside cells, so a wide table scrolls instead.
  "[&_table]:my-0 [&_table]:min-w-full [&_table]:border-collapse [&_table]:text-sm [&_table]:[overflow-wrap:normal]",
  "[&_th]:border [&_th]:border-line-strong [&_th]:bg-surface-sunken [&_th]:px-3 [&_th]:py-2 [&_th]:text-start",
  "[&_th]:align-top [&_th]:font-semibold [&_th]:text-fg",
  "[&_td]:border [&_td]:border-line-strong [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
  "[&_th>p]:my-0 [&_td>p]:my-0 [&_th>p+p]:mt-2 [&_td>p+p]:mt-2",
].join(" ");

/**
 * A blog post's body (spec section 2): the HTML is sanitised in the browser with the same policy the server
 * applies, then rendered; `div[data-type=chess-diagram]` blocks become boards and `div[data-type=youtube]` blocks
 * (and YouTube iframes) become players; each table goes in a box of its own that scrolls sideways when it is wider
 * than the column (a phone), so the page itself never does.
 */
export function PostBody({ html, diagram, video, table, renderLink, className, ...props }: PostBodyProps) {
  const nodes = React.useMemo(() => parse(html), [html]);
  const context: RenderContext = { diagram, video, table, renderLink };
  return (
    <div data-slot="post-body" className={cn(postBodyClassName, className)} {...props}>
      {renderNodes(nodes, context, "")}
    </div>
  );
}
