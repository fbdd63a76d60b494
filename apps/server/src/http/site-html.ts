import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

/** The path's segments by the pattern's `:name`s, or null when the path does not match the pattern. */
function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = segmentsOf(pattern);
  const got = segmentsOf(path);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = got[i] as string;
    if (part.startsWith(":")) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
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
 * The HTML of the single-page site for a path: index.html, plus, for a path that names a screen, preload links for
 * that screen's chunks, so the browser fetches them beside the entry rather than after it has run, and, when the
 * request has no query string (which would change what the screen asks for), for the API reads the screen shows
 * first. Pages without data preloads are built once per pattern and kept (the server serves the build it started with: @fastify/static lists dist/ at start).
 * Without preloads.json (a build from before it existed), every path gets index.html.
 */
export class SitePages {
  private readonly index: string;
  private readonly screens: ScreenPreloads;
  private readonly built = new Map<string, string>();

  constructor(siteDir: string) {
    this.index = readFileSync(join(siteDir, "index.html"), "utf8");
    const preloadsFile = join(siteDir, "preloads.json");
    this.screens = existsSync(preloadsFile)
      ? preloadsSchema.parse(JSON.parse(readFileSync(preloadsFile, "utf8")))
      : [];
  }

  htmlFor(path: string, query = ""): string {
    for (const screen of this.screens) {
      const params = matchPattern(screen.pattern, path);
      if (!params) continue;
      const data = query === "" ? dataFor(screen, params) : [];
      if (data.length > 0) return this.withTags(preloadTags(screen, data));
      let page = this.built.get(screen.pattern);
      if (page === undefined) {
        page = this.withTags(preloadTags(screen));
        this.built.set(screen.pattern, page);
      }
      return page;
    }
    return this.index;
  }

  private withTags(tags: string): string {
    return tags ? this.index.replace(/<\/head>/i, () => `  ${tags}\n  </head>`) : this.index;
  }
}
