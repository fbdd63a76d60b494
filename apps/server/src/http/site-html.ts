import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  describeSitePath,
  documentTitle,
  LANGUAGE_COOKIE,
  type Localized,
  matchPattern,
  SITE_NAME,
  type SiteLanguage,
  type SitePathInfo,
} from "@ct/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { escapeHtml } from "./html";
import { canonicalPath, pageDescription } from "./page-descriptions";
import { headTags, NO_INDEX, type PageHead, withHeadTags } from "./page-head";
import { policyAllowing } from "./security-headers";
import { EMPTY_ROOT, type SiteRenderer, sendRenderedPage } from "./site-render";
import { absoluteUrl, siteBaseUrl } from "./site-url";

/** dist/preloads.json, written by the site's build (apps/site/vite.config.ts, screenPreloads). */
const preloadsSchema = z.array(
  z.object({
    pattern: z.string(),
    js: z.array(z.string()),
    css: z.array(z.string()),
    data: z.array(z.string()).default([]),
  }),
);
type ScreenPreloads = z.infer<typeof preloadsSchema>;

/** The SHA-256 (base64) of each inline script of a page, as a Content-Security-Policy source names it. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/gi)].map((match) =>
    createHash("sha256")
      .update(match[1] ?? "")
      .digest("base64"),
  );
}

/** index.html's entry script, as Vite writes it. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The modules a rendered page's loader preloads, as the page carries them (see entryAfterPaint). */
const MODULES_ID = "app-modules";
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>\s*/g;

/**
 * What a server-rendered page has in place of its entry script: an inline script that starts the app once the page
 * has painted and is parsed (when the browser reports its first contentful paint; at once in a tab nobody sees; after 3 s at the
 * latest), preloading the page's modules first (listed in the page as data). The page is readable without its
 * scripts, which only make it interactive, so its first paint waits for none of them: neither their download on a
 * slow network nor their evaluation and the hydration on a slow phone, which held a page's first paint back by over
 * a second at Lighthouse's 4x CPU.
 */
function entryAfterPaint(src: string): string {
  // Each preload starts a download, about a millisecond of the main thread on a fast machine: four per task, so the
  // page answers input between them; the entry script goes last.
  const preload = `const hrefs = JSON.parse(document.getElementById("${MODULES_ID}")?.textContent || "[]"); const next = () => {for (const href of hrefs.splice(0, 4)) {const link = document.createElement("link"); link.rel = "modulepreload"; link.crossOrigin = ""; link.href = href; document.head.append(link);} if (hrefs.length > 0) setTimeout(next, 0); else entry();};`;
  const entry = `const entry = () => {const script = document.createElement("script"); script.type = "module"; script.crossOrigin = ""; script.src = ${JSON.stringify(src)}; document.head.append(script);};`;
  // Like the module script it stands for, the entry runs only once the document is parsed: a module run earlier
  // would hydrate a root the parser is still filling.
  const load = `let started = false; const load = () => {if (started) return; started = true; const start = () => {${entry} ${preload} next();}; if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, {once: true}); else start();};`;
  const painted = `if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return load(); new PerformanceObserver((list, observer) => {if (list.getEntriesByName("first-contentful-paint").length === 0) return; observer.disconnect(); setTimeout(load, 0);}).observe({type: "paint", buffered: true}); setTimeout(load, 3000);`;
  return `<script>(() => {${load} ${painted}})();</script>`;
}

/** A rendered page with its scripts started after its first paint (see entryAfterPaint). */
function scriptsAfterPaint(page: string, loader: string | null): string {
  if (!loader) return page;
  const modules = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? "");
  const list = JSON.stringify(modules).replace(/</g, "\\u003c");
  return page
    .replace(MODULE_PRELOAD, "")
    .replace(
      ENTRY_SCRIPT,
      () => `<script type="application/json" id="${MODULES_ID}">${list}</script>\n    ${loader}`,
    );
}

/** A segment that reads the same encoded or not (slugs, ids): only those are put into a data address. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** The link tags that start a screen's files (and, given, its first API reads) downloading with the page. */
function preloadTags(screen: ScreenPreloads[number], data: readonly string[] = []): string {
  return [
    ...screen.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
    ...screen.js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ...data.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`),
  ].join("\n    ");
}

/** The screen's data addresses for this path, or none when a segment they need is not plain. */
function dataFor(screen: ScreenPreloads[number], params: Record<string, string>): string[] {
  const addresses = screen.data.map((template) =>
    template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = params[name];
      return value !== undefined && PLAIN_SEGMENT.test(value) ? value : "\0";
    }),
  );
  return addresses.some((address) => address.includes("\0")) ? [] : addresses;
}

/**
 * The visitor's language: the site's language cookie (the site writes it whenever the language is chosen), else the
 * one of the site's two languages the browser's Accept-Language rates higher, else English. The page is rendered in
 * it and the app starts in it (`<html lang>`).
 */
export function languageOf(request: FastifyRequest): SiteLanguage {
  const header = request.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const [name, value] = part.split("=").map((text) => text.trim());
    if (name === LANGUAGE_COOKIE) return value === "ar" ? "ar" : "en";
  }
  return preferredLanguage(request.headers["accept-language"]);
}

/** Arabic when Accept-Language rates an Arabic tag above every English one (RFC 9110 §12.5.4), else English. */
export function preferredLanguage(header: string | undefined): SiteLanguage {
  let arabic = 0;
  let english = 0;
  for (const part of (header ?? "").split(",")) {
    const [tag = "", ...parameters] = part.split(";").map((text) => text.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight)) continue;
    const primary = tag.split("-")[0];
    if (primary === "ar") arabic = Math.max(arabic, weight);
    else if (primary === "en") english = Math.max(english, weight);
  }
  return arabic > english ? "ar" : "en";
}

/** How one page is answered: its status and document title. */
export interface PageAnswer {
  status: 200 | 404;
  /** The whole `<title>`, e.g. "Endgame Essentials · Chess Trainer". */
  title: string;
  /** The page's own title ("Endgame Essentials", a post's title; the site's name on the home page). */
  heading: string;
}

const TITLE = /<title(?:\s[^>]*)?>[\s\S]*?<\/title>/i;
const HTML_TAG = /<html\b[^>]*>/i;

/**
 * The HTML of the single-page site for a path: index.html with the page's title and language in its head, plus, for
 * a path that names a screen, preload links for that screen's chunks, so the browser fetches them beside the entry
 * rather than after it has run, and, when the request has no query string (which would change what the screen asks
 * for), for the API reads the screen shows first. Pages without data preloads are built once per pattern, language
 * and title and kept (the server serves the build it started with: @fastify/static lists dist/ at start).
 * Without preloads.json (a build from before it existed), no path gets preload links.
 */
export class SitePages {
  private readonly index: string;
  private readonly screens: ScreenPreloads;
  private readonly built = new Map<string, string>();
  private readonly resolvers = new Map<string, ContentResolver>();
  /** The inline script that starts a rendered page's app after its first paint (null: no entry script found). */
  private readonly entryLoader: string | null;
  /** PUBLIC_URL (or its default): the base of canonical and Open Graph addresses, never the request's Host. */
  readonly publicUrl: string | undefined;
  /** The policy of the site's pages: the site's own scripts and index.html's inline ones (the theme script). */
  readonly contentSecurityPolicy: string;
  /** Preload links of the web fonts every page's first paint uses, by the page's language. */
  private readonly fontPreloads: Record<SiteLanguage, string>;
  /** The site's server build, when there is one: public pages are sent rendered. */
  readonly renderer: { render: SiteRenderer; fetchApi: (request: Request) => Promise<Response> } | null;

  constructor(
    siteDir: string,
    options: {
      publicUrl?: string | undefined;
      renderer?: { render: SiteRenderer; fetchApi: (request: Request) => Promise<Response> } | null;
    } = {},
  ) {
    this.publicUrl = options.publicUrl;
    this.renderer = options.renderer ?? null;
    this.index = readFileSync(join(siteDir, "index.html"), "utf8");
    const entry = ENTRY_SCRIPT.exec(this.index)?.[1];
    this.entryLoader = entry ? entryAfterPaint(entry) : null;
    this.contentSecurityPolicy = policyAllowing(
      inlineScriptHashes(this.entryLoader ? `${this.index}${this.entryLoader}` : this.index),
    );
    this.fontPreloads = fontPreloads(siteDir);
    const preloadsFile = join(siteDir, "preloads.json");
    this.screens = existsSync(preloadsFile)
      ? preloadsSchema.parse(JSON.parse(readFileSync(preloadsFile, "utf8")))
      : [];
  }

  /** The page for a path: index.html with the given title and language, and the path's preload links. */
  htmlFor(
    path: string,
    query = "",
    head: { title?: string; language?: SiteLanguage; preloadData?: boolean; rendered?: boolean } = {},
  ): string {
    const { title = documentTitle(null, "en"), language = "en", preloadData = true, rendered = false } = head;
    const page = { title, language, rendered };
    for (const screen of this.screens) {
      const params = matchPattern(screen.pattern, path);
      if (!params) continue;
      const data = query === "" && preloadData ? dataFor(screen, params) : [];
      if (data.length > 0) return this.build(preloadTags(screen, data), page);
      return this.cached(`${screen.pattern}\n${language}\n${title}\n${rendered}`, () =>
        this.build(preloadTags(screen), page),
      );
    }
    return this.cached(`\n${language}\n${title}\n${rendered}`, () => this.build("", page));
  }

  /** Registers how the pages of a content pattern (`/blog/:slug`) find their content. */
  resolveContent(pattern: string, resolver: ContentResolver): void {
    this.resolvers.set(pattern, resolver);
  }

  resolverFor(pattern: string): ContentResolver | undefined {
    return this.resolvers.get(pattern);
  }

  private cached(key: string, build: () => string): string {
    let page = this.built.get(key);
    if (page === undefined) {
      page = build();
      this.built.set(key, page);
    }
    return page;
  }

  private build(
    tags: string,
    { title, language, rendered }: { title: string; language: SiteLanguage; rendered: boolean },
  ): string {
    let page = this.index;
    const titleTag = `<title>${escapeHtml(title)}</title>`;
    page = TITLE.test(page)
      ? page.replace(TITLE, () => titleTag)
      : page.replace(/<\/head>/i, () => `  ${titleTag}\n  </head>`);
    const html = `<html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}">`;
    page = HTML_TAG.test(page) ? page.replace(HTML_TAG, () => html) : page;
    const head = [this.fontPreloads[language], tags].filter(Boolean).join("\n  ");
    if (head) page = page.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
    return rendered ? scriptsAfterPaint(page, this.entryLoader) : page;
  }
}

/**
 * The web fonts a page's first paint uses (Noto Sans' Latin cut in the three weights the pages set, and on an Arabic
 * page the Arabic cut too, apps/site's @ct/ui/fonts), preloaded so that they arrive with the stylesheet: found only
 * when the first layout met the text, each one came after that layout and made the browser lay the whole page out
 * again (three to four layouts of the page after its first paint, 40-60 ms each on a slow machine at 1x).
 */
function fontPreloads(siteDir: string): Record<SiteLanguage, string> {
  const assets = join(siteDir, "assets");
  const files = existsSync(assets) ? readdirSync(assets) : [];
  const links = (pattern: RegExp) =>
    files
      .filter((file) => pattern.test(file))
      .sort()
      .map(
        (file) =>
          `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${escapeHtml(file)}" />`,
      );
  const latin = links(/^noto-sans-latin-(400|600|700)-normal-[\w-]+\.woff2$/);
  const arabic = links(/^noto-sans-arabic-core-(400|600|700)-[\w-]+\.woff2$/);
  return { en: latin.join("\n  "), ar: [...arabic, ...latin].join("\n  ") };
}

/**
 * How a site path is answered, as far as its address tells: 200 with the page's title in the visitor's language,
 * or 404 (an unknown address, or a training module that does not exist) with the not-found title. A page whose
 * title comes from its content (a blog post, a theme) gets `content`'s answer: its title, or not found when it is
 * null (undefined: not known, the page's own title).
 */
export function answerFor(
  page: SitePathInfo,
  language: SiteLanguage,
  content?: { title: string } | null,
): PageAnswer {
  const answer = (status: 200 | 404, heading: string | null) => ({
    status,
    title: documentTitle(heading, language),
    heading: heading ?? SITE_NAME[language],
  });
  const text = (localized: Localized | null) => (localized ? localized[language] : null);
  if (!page.found) return answer(404, text(page.title));
  if (page.dynamic && content === null) return answer(404, text(page.missingTitle));
  if (page.dynamic && content) return answer(200, content.title);
  return answer(200, text(page.title));
}

/**
 * What a content page's address names (a blog post, a theme): its title, and what its head says beyond the page's own
 * description and Open Graph tags; null when it does not exist.
 */
export interface PageContent extends Partial<Pick<PageHead, "description" | "type" | "article">> {
  title: string;
  /** The preview image: an absolute address, or a path of this site (`/uploads/...`). */
  image?: string | null;
}

/**
 * Looks up the content of a page whose title comes from its content (SitePage.dynamic): null when there is none;
 * undefined when it cannot tell (the database is down: the app loads and reports the failure itself).
 */
export type ContentResolver = (
  params: Record<string, string>,
  request: FastifyRequest,
) => Promise<PageContent | null | undefined>;

/**
 * The head tags of a page beyond its title: for a public page that exists, its description, canonical link and Open
 * Graph tags in the visitor's language; for a not-found answer or an admin page, a request not to index it.
 */
export function pageHeadTags(
  page: SitePathInfo,
  answer: PageAnswer,
  content: PageContent | null | undefined,
  head: { language: SiteLanguage; base: string; query?: string },
): string {
  const description =
    answer.status === 200 && page.pattern ? pageDescription(page.pattern, page.params, head.language) : null;
  if (description === null || !page.pattern) return NO_INDEX;
  return headTags({
    title: answer.heading,
    description: content?.description || description,
    url: `${head.base}${canonicalPath(page.pattern, page.params, head.query)}`,
    siteName: SITE_NAME[head.language],
    language: head.language,
    type: content?.type ?? "website",
    image: content?.image ? absoluteUrl(head.base, content.image) : null,
    ...(content?.article ? { article: content.article } : {}),
  });
}

/**
 * Sends the app's HTML for a site path with its status (404 for an address the site does not have, or whose module or
 * post does not exist), its title, language, description, canonical link and Open Graph tags, and its preload links.
 */
export async function sendSitePage(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: SitePages,
): Promise<FastifyReply> {
  const [path = "", query = ""] = request.url.split("?");
  const language = languageOf(request);
  const page = describeSitePath(path);
  const resolver = page.dynamic && page.pattern ? pages.resolverFor(page.pattern) : undefined;
  const content = resolver ? await resolver(page.params, request) : undefined;
  const answer = answerFor(page, language, content);
  const admin = path === "/admin" || path.startsWith("/admin/");
  const rendered = pages.renderer !== null && request.method === "GET" && !admin;
  // A rendered page carries its first API reads: they are preloaded only for a page the browser renders.
  const html = pages.htmlFor(path, query, {
    title: answer.title,
    language,
    preloadData: !rendered,
    rendered,
  });
  const base = siteBaseUrl(pages.publicUrl);
  const tags = pageHeadTags(page, answer, content, { language, base, query });
  const full = withHeadTags(html, tags);
  reply.header("content-security-policy", pages.contentSecurityPolicy);
  if (pages.renderer && rendered && full.includes(EMPTY_ROOT)) {
    const { render, fetchApi } = pages.renderer;
    const url = `${base}${request.url}`;
    return sendRenderedPage(
      request,
      reply,
      { html: full, status: answer.status, url, language },
      render,
      fetchApi,
    );
  }
  return reply
    .status(answer.status)
    .header("cache-control", "no-cache")
    .header("vary", "Cookie, Accept-Language")
    .type("text/html; charset=utf-8")
    .send(full);
}
