import { LANGUAGE_COOKIE, SITE_NAME, type SiteLanguage } from "@ct/contract";
import { ar } from "@ct/texts/ar";
import { en } from "@ct/texts/en";
import type { FastifyInstance } from "fastify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput } from "../testing/positions";
import { PUBLIC_PATTERNS, pageDescription } from "./page-descriptions";

const API_KEY = "page-head-test-secret-api-key-0123456789";
const HOST = "chess.example:8080";
const parse = (html: string) => new JSDOM(html).window.document;
const TEXTS = { en, ar };

/** Every public page: its address, the canonical path it is known by, its own title and description per language. */
const PAGES: {
  url: string;
  canonical: string;
  title: (language: SiteLanguage) => string;
  description: (language: SiteLanguage) => string;
  type?: "article";
}[] = [
  { url: "/", canonical: "/", title: (l) => SITE_NAME[l], description: (l) => TEXTS[l].home.intro },
  {
    url: "/training",
    canonical: "/training",
    title: (l) => TEXTS[l].training.title,
    description: (l) => TEXTS[l].training.intro,
  },
  {
    url: "/training/middle-game?from=home",
    canonical: "/training/middle-game",
    title: (l) => TEXTS[l].training.modules.middleGame.title,
    description: (l) => TEXTS[l].training.modules.middleGame.description,
  },
  {
    // A puzzle's address is a page of its own: a shared link (og:url) opens that puzzle in that order; anything
    // else in the query is left out.
    url: "/training/endgame?from=home&puzzle=12&order=rated&difficulty=harder",
    canonical: "/training/endgame?puzzle=12&order=rated&difficulty=harder",
    title: (l) => TEXTS[l].training.modules.endgame.title,
    description: (l) => TEXTS[l].training.modules.endgame.description,
  },
  {
    url: "/training/endgame",
    canonical: "/training/endgame",
    title: (l) => TEXTS[l].training.modules.endgame.title,
    description: (l) => TEXTS[l].training.modules.endgame.description,
  },
  {
    url: "/training/themes",
    canonical: "/training/themes",
    title: (l) => TEXTS[l].training.themes.title,
    description: (l) => TEXTS[l].training.themes.intro,
  },
  {
    url: "/training/themes/fork",
    canonical: "/training/themes/fork",
    title: (l) => (l === "en" ? "Theme: Fork" : "الموضوع: الشوكة"),
    description: (l) =>
      l === "en"
        ? "Fork: One piece attacks two or more enemy pieces at once."
        : "الشوكة: قطعة واحدة تهاجم قطعتين أو أكثر من قطع الخصم في وقت واحد.",
  },
  {
    url: "/training/themes/fork?puzzle=7&order=sideways&difficulty=x",
    canonical: "/training/themes/fork?puzzle=7",
    title: (l) => (l === "en" ? "Theme: Fork" : "الموضوع: الشوكة"),
    description: (l) =>
      l === "en"
        ? "Fork: One piece attacks two or more enemy pieces at once."
        : "الشوكة: قطعة واحدة تهاجم قطعتين أو أكثر من قطع الخصم في وقت واحد.",
  },
  {
    // A stored theme the catalogue does not name: spelled out from its key, as GET /api/themes does.
    url: "/training/themes/rookLift",
    canonical: "/training/themes/rookLift",
    title: (l) => (l === "en" ? "Theme: Rook Lift" : "الموضوع: Rook Lift"),
    description: (l) => TEXTS[l].training.themes.intro,
  },
  {
    url: "/training/dashboard",
    canonical: "/training/dashboard",
    title: (l) => TEXTS[l].dashboard.title,
    description: (l) => TEXTS[l].dashboard.intro,
  },
  {
    url: "/training/review",
    canonical: "/training/review",
    title: (l) => TEXTS[l].training.review.title,
    description: (l) => TEXTS[l].training.review.intro,
  },
  {
    url: "/training/streak",
    canonical: "/training/streak",
    title: (l) => TEXTS[l].training.streak.title,
    description: (l) => TEXTS[l].training.streak.intro,
  },
  {
    url: "/training/my-games",
    canonical: "/training/my-games",
    title: (l) => TEXTS[l].myGames.title,
    description: (l) => TEXTS[l].myGames.intro,
  },
  {
    url: "/blog?tag=Endgames",
    canonical: "/blog",
    title: (l) => TEXTS[l].blog.title,
    description: (l) => TEXTS[l].blog.intro,
  },
  {
    url: "/blog/lucena",
    canonical: "/blog/lucena",
    title: () => "Rook endings: the Lucena",
    description: () => "Cut the king off and build a bridge.",
    type: "article",
  },
  {
    url: "/About/",
    canonical: "/about",
    title: (l) => TEXTS[l].about.title,
    description: (l) => TEXTS[l].about.intro,
  },
  {
    url: "/contact",
    canonical: "/contact",
    title: (l) => TEXTS[l].contact.title,
    description: (l) => TEXTS[l].contact.intro,
  },
  {
    url: "/position-setup",
    canonical: "/position-setup",
    title: (l) => TEXTS[l].positionSetup.title,
    description: (l) => TEXTS[l].positionSetup.intro,
  },
  {
    url: "/notation",
    canonical: "/notation",
    title: (l) => TEXTS[l].notation.title,
    description: (l) => TEXTS[l].notation.intro,
  },
  {
    url: "/move-highlighting",
    canonical: "/move-highlighting",
    title: (l) => TEXTS[l].moveHighlighting.title,
    description: (l) => TEXTS[l].moveHighlighting.intro,
  },
  {
    url: "/chess-features",
    canonical: "/chess-features",
    title: (l) => TEXTS[l].features.title,
    description: (l) => TEXTS[l].features.intro,
  },
];

describe("page descriptions", () => {
  it("has a description for every public page of the site, in both languages, and none for the admin area", () => {
    expect(PUBLIC_PATTERNS).toContain("/training/:moduleId");
    expect(PUBLIC_PATTERNS.some((pattern) => pattern.startsWith("/admin"))).toBe(false);
    for (const pattern of PUBLIC_PATTERNS) {
      const params = { moduleId: "endgame", theme: "fork", slug: "x" };
      const english = pageDescription(pattern, params, "en");
      const arabic = pageDescription(pattern, params, "ar");
      expect(english, pattern).toMatch(/\w{3}/);
      expect(arabic, pattern).toMatch(/[\u0600-\u06ff]{3}/);
    }
    expect(pageDescription("/admin/login", {}, "en")).toBeNull();
    // Unknown values of a parameter (and built-in names) fall back to the page's own description.
    expect(pageDescription("/training/:moduleId", { moduleId: "__proto__" }, "en")).toBe(en.training.intro);
    expect(pageDescription("/training/themes/:theme", { theme: "constructor" }, "en")).toBe(
      en.training.themes.intro,
    );
  });
});

const sqlite = (await testDatabaseKinds()).filter((kind) => kind.name === "sqlite");

describe.each(sqlite)("the heads of the site's pages on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
    const stored = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/",
      headers: { "x-api-key": API_KEY },
      payload: positionInput("middlegame", { themes: ["fork", "rookLift"], source: "page-head:1" }),
    });
    expect(stored.statusCode, stored.body).toBe(201);
    for (const post of [
      { title: "Rook endings: the Lucena", slug: "lucena", published: true },
      { title: "Secret draft", slug: "secret-draft", published: false },
    ]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/blog/posts",
        headers: { "x-api-key": API_KEY },
        payload: { ...post, content: "<p>Cut the king off and build a bridge.</p>", tags: ["Endgames"] },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const get = (url: string, language: SiteLanguage | null) =>
    app.inject({
      method: "GET",
      url,
      headers: { host: HOST, ...(language ? { cookie: `${LANGUAGE_COOKIE}=${language}` } : {}) },
    });

  for (const language of ["en", "ar"] as const) {
    it(`gives every public page its description, canonical link and Open Graph tags in ${language}`, async () => {
      for (const page of PAGES) {
        const response = await get(page.url, language);
        expect(response.statusCode, page.url).toBe(200);
        const document = parse(response.body);
        const html = document.documentElement;
        expect([html.lang, html.dir], page.url).toEqual([language, language === "ar" ? "rtl" : "ltr"]);
        const title = page.title(language);
        expect(document.title, page.url).toBe(
          title === SITE_NAME[language] ? title : `${title} · ${SITE_NAME[language]}`,
        );
        const meta = (selector: string) => {
          const found = document.head.querySelectorAll(`meta[${selector}]`);
          expect(found, `${page.url} ${selector}`).toHaveLength(1);
          return found[0]?.getAttribute("content");
        };
        // PUBLIC_URL unset: the server's own address (port 3000), not the Host the request named.
        const url = `http://localhost:3000${page.canonical}`;
        const canonical = document.head.querySelectorAll('link[rel="canonical"]');
        expect(canonical, page.url).toHaveLength(1);
        expect(canonical[0]?.getAttribute("href"), page.url).toBe(url);
        expect(meta('name="description"'), page.url).toBe(page.description(language));
        expect(meta('property="og:title"'), page.url).toBe(title);
        expect(meta('property="og:description"'), page.url).toBe(page.description(language));
        expect(meta('property="og:url"'), page.url).toBe(url);
        expect(meta('property="og:type"'), page.url).toBe(page.type ?? "website");
        expect(meta('property="og:site_name"'), page.url).toBe(SITE_NAME[language]);
        expect(meta('property="og:locale"'), page.url).toBe(language === "ar" ? "ar_AR" : "en_US");
        expect(document.head.querySelector('meta[name="robots"]'), page.url).toBeNull();
      }
    });
  }

  it("writes the post's article tags and uses PUBLIC_URL for its links when configured", async () => {
    const document = parse((await get("/blog/lucena", "en")).body);
    expect(document.head.querySelector('meta[property="article:tag"]')?.getAttribute("content")).toBe(
      "Endgames",
    );
    expect(document.head.querySelector('meta[property="article:published_time"]')).not.toBeNull();
    const configured = await testApp(database, {
      env: { API_KEY, PUBLIC_URL: "https://chess.example.org/" },
    });
    try {
      const response = await configured.inject({
        method: "GET",
        url: "/training/endgame",
        headers: { host: HOST },
      });
      const head = parse(response.body).head;
      expect(head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
        "https://chess.example.org/training/endgame",
      );
      expect(head.querySelector('meta[property="og:url"]')?.getAttribute("content")).toBe(
        "https://chess.example.org/training/endgame",
      );
    } finally {
      await configured.close();
    }
  });

  it("answers unknown pages, modules and posts 404 with the app's page, asked not to be indexed", async () => {
    for (const language of ["en", "ar"] as const) {
      for (const [url, title] of [
        ["/no/such/page", "Page Not Found"],
        ["/training/king-hunts", "Module Not Found"],
        ["/training/themes/noSuchTheme", "Theme Not Found"],
        ["/training/themes/pin", "Theme Not Found"],
        ["/blog/no-such-post", "Post not found"],
        ["/blog/secret-draft", "Post not found"],
      ] as const) {
        const response = await get(url, language);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers["content-type"], url).toMatch(/^text\/html/);
        const document = parse(response.body);
        expect(document.getElementById("root"), url).not.toBeNull();
        expect(document.documentElement.lang, url).toBe(language);
        if (language === "en") expect(document.title, url).toBe(`${title} · Chess Trainer`);
        expect(document.head.querySelector('meta[name="robots"]')?.getAttribute("content"), url).toBe(
          "noindex",
        );
        expect(document.head.querySelector('link[rel="canonical"]'), url).toBeNull();
        expect(document.head.querySelector('meta[property="og:title"]'), url).toBeNull();
        expect(response.body, url).not.toContain("Secret draft");
      }
    }
  });

  it("asks search engines not to index the admin area and gives it no Open Graph tags", async () => {
    for (const url of ["/admin/login", "/admin/blog/new"]) {
      const response = await get(url, "en");
      expect(response.statusCode, url).toBe(200);
      const head = parse(response.body).head;
      expect(head.querySelector('meta[name="robots"]')?.getAttribute("content"), url).toBe("noindex");
      expect(head.querySelector('meta[property="og:url"]'), url).toBeNull();
    }
  });
});
