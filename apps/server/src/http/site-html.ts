import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  describeSitePath,
  documentTitle,
  LANGUAGE_COOKIE,
  type Localized,
  matchPattern,
  type SiteLanguage,
  type SitePathInfo,
} from "@ct/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { escapeHtml } from "../blog/og";

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
 * The visitor's language: the site's language cookie (the site writes it whenever the language is chosen), else
 * English, the site's default (the app does not follow Accept-Language either, so the page and the app agree).
 */
export function languageOf(request: FastifyRequest): SiteLanguage {
  const header = request.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const [name, value] = part.split("=").map((text) => text.trim());
    if (name === LANGUAGE_COOKIE) return value === "ar" ? "ar" : "en";
  }
  return "en";
}

/** How one page is answered: its status and document title. */
export interface PageAnswer {
  status: 200 | 404;
  /** The whole `<title>`, e.g. "Endgame Essentials · Chess Trainer". */
  title: string;
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

  constructor(siteDir: string) {
    this.index = readFileSync(join(siteDir, "index.html"), "utf8");
    const preloadsFile = join(siteDir, "preloads.json");
    this.screens = existsSync(preloadsFile)
      ? preloadsSchema.parse(JSON.parse(readFileSync(preloadsFile, "utf8")))
      : [];
  }

  /** The page for a path: index.html with the given title and language, and the path's preload links. */
  htmlFor(path: string, query = "", head: { title?: string; language?: SiteLanguage } = {}): string {
    const { title = documentTitle(null, "en"), language = "en" } = head;
    for (const screen of this.screens) {
      const params = matchPattern(screen.pattern, path);
      if (!params) continue;
      const data = query === "" ? dataFor(screen, params) : [];
      if (data.length > 0) return this.build(preloadTags(screen, data), title, language);
      return this.cached(`${screen.pattern}\n${language}\n${title}`, () =>
        this.build(preloadTags(screen), title, language),
      );
    }
    return this.cached(`\n${language}\n${title}`, () => this.build("", title, language));
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

  private build(tags: string, title: string, language: SiteLanguage): string {
    let page = this.index;
    const titleTag = `<title>${escapeHtml(title)}</title>`;
    page = TITLE.test(page)
      ? page.replace(TITLE, () => titleTag)
      : page.replace(/<\/head>/i, () => `  ${titleTag}\n  </head>`);
    if (language === "ar") page = page.replace(HTML_TAG, () => '<html lang="ar" dir="rtl">');
    return tags ? page.replace(/<\/head>/i, () => `  ${tags}\n  </head>`) : page;
  }
}

/**
 * How a site path is answered, as far as its address tells: 200 with the page's title in the visitor's language,
 * or 404 (an unknown address, or a training module that does not exist) with the not-found title. A page whose
 * title comes from its content (a blog post) gets `content`'s answer: its title, or not found when it is null
 * (undefined: not known, the page's own title).
 */
export function answerFor(
  page: SitePathInfo,
  language: SiteLanguage,
  content?: { title: string } | null,
): PageAnswer {
  const pick = (text: Localized | null) => documentTitle(text ? text[language] : null, language);
  if (!page.found) return { status: 404, title: pick(page.title) };
  if (page.dynamic && content === null) return { status: 404, title: pick(page.missingTitle) };
  if (page.dynamic && content) return { status: 200, title: documentTitle(content.title, language) };
  return { status: 200, title: pick(page.title) };
}

/** What a content page's address names: its title and what it adds to the page, or null when it does not exist. */
export interface PageContent {
  title: string;
  /** Adds to the page's HTML (a post's Open Graph tags). */
  transform?: (html: string) => string;
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
 * Sends the app's HTML for a site path with its status (404 for an address the site does not have, or whose module or
 * post does not exist), its title and language, and its preload links.
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
  const html = pages.htmlFor(path, query, { title: answer.title, language });
  return reply
    .status(answer.status)
    .header("cache-control", "no-cache")
    .header("vary", "Cookie")
    .type("text/html; charset=utf-8")
    .send(content?.transform ? content.transform(html) : html);
}
