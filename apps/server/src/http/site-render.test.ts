import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { LANGUAGE_COOKIE } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { siteServerEntry } from "./site-render";

/**
 * Server rendering (issue 21) with the site's real builds: `apps/site/dist` and its server build `dist-server`, which
 * the test command builds before the tests run (`npm run build`).
 */
const SITE_DIR = join(REPO_ROOT, "apps/site/dist");
const API_KEY = "site-render-test-secret-api-key-0123456789";
const arabic = { cookie: `${LANGUAGE_COOKIE}=ar` };

/** The text a reader without JavaScript gets: the rendered root's text, the router data left out. */
function readable(html: string) {
  const document = new JSDOM(html).window.document;
  const root = document.getElementById("root");
  return {
    document,
    text: (root?.textContent ?? "").replace(/\s+/g, " "),
    h1: document.querySelector("#root h1")?.textContent?.trim() ?? null,
    data: document.getElementById("router-data")?.textContent ?? null,
  };
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("server-rendered pages on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!existsSync(siteServerEntry(SITE_DIR)))
      throw new Error("the site's server build is missing: run `npm run build` first");
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY, SITE_DIR } });
    const response = await app.inject({
      method: "POST",
      url: "/api/blog/posts",
      headers: { "x-api-key": API_KEY },
      payload: {
        title: "Rook endings: the Lucena",
        slug: "lucena",
        published: true,
        content: "<p>Cut the king off and <strong>build a bridge</strong>.</p><script>alert(1)</script>",
        tags: ["Endgames"],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  it("sends every public page with its heading (and, where named, a phrase of its text) in English and in Arabic", async () => {
    const pages: [string, string, string | null, string, string | null][] = [
      // path, English heading, a phrase of its English text, Arabic heading, a phrase of its Arabic text (null:
      // the heading alone is checked)
      ["/", "Train like a master", "Train by game phase", "تدرّب كالأساتذة", "تدرّب حسب مرحلة اللعب"],
      ["/training", "Training Modules", "Endgame Essentials", "وحدات التدريب", "أساسيات النهايات"],
      ["/training/endgame", "Loading Training Module", "Skip to content", "جارٍ تحميل وحدة التدريب", "تخطَّ"],
      ["/training/themes", "Puzzle Themes", "one idea at a time", "موضوعات الألغاز", "فكرة واحدة"],
      ["/training/dashboard", "Your Training", "this browser", "تدريبك", "هذا المتصفح"],
      ["/blog", "Chess Blog", "Rook endings: the Lucena", "مدونة الشطرنج", "Rook endings: the Lucena"],
      [
        "/blog/lucena",
        "Rook endings: the Lucena",
        "build a bridge",
        "Rook endings: the Lucena",
        "build a bridge",
      ],
      ["/about", "About", "Three levels of hints", "من نحن", "الشطرنج"],
      ["/contact", "Contact Us", "Send Message", "اتصل بنا", "إرسال الرسالة"],
      ["/position-setup", "Position Setup", "FEN", "إعداد الوضعية", "FEN"],
      ["/notation", "Chess Notation", "algebraic", "تدوين نقلات الشطرنج", "الجبري"],
      ["/move-highlighting", "Move Highlighting", "last move", "تمييز النقلات", "النقلة"],
      ["/chess-features", "Chess Features", "notation", "ميزات الشطرنج", "التدوين"],
      // The rest of the public pages: their heading, in either language (the trainer's screens show a loading
      // heading until the browser has their position).
      ["/training/middle-game", "Loading Training Module", null, "جارٍ تحميل وحدة التدريب", null],
      ["/training/review", "Loading Training Module", null, "جارٍ تحميل وحدة التدريب", null],
      ["/training/weaknesses", "Loading Training Module", null, "جارٍ تحميل وحدة التدريب", null],
      ["/training/plan", "Loading Training Module", null, "جارٍ تحميل وحدة التدريب", null],
      ["/training/custom", "Custom Set", null, "مجموعة مخصّصة", null],
      ["/training/repertoire", "Opening Repertoire", null, "ذخيرة الافتتاحات", null],
      ["/training/repertoire/ruy-lopez", "Opening Repertoire", null, "ذخيرة الافتتاحات", null],
      ["/training/repertoire/mine/none?mode=edit", "Opening Repertoire", null, "ذخيرة الافتتاحات", null],
      ["/training/endgame-course", "Endgame Course", null, "دورة النهايات", null],
      ["/training/endgame-course/lucena", "Endgame Course", null, "دورة النهايات", null],
      ["/training/storm", "Puzzle Storm", null, "عاصفة الألغاز", null],
      ["/account/sign-up", "Create an account", null, "إنشاء حساب", null],
      ["/account/sign-in", "Sign in", null, "تسجيل الدخول", null],
      ["/account/reset", "Reset your password", null, "إعادة تعيين كلمة المرور", null],
    ];
    for (const [path, heading, phrase, arabicHeading, arabicPhrase] of pages) {
      const english = await get(path);
      expect(english.statusCode, path).toBe(200);
      const page = readable(english.body);
      expect(page.h1, path).toBe(heading);
      if (phrase !== null) expect(page.text, path).toContain(phrase);
      expect(page.document.documentElement.lang, path).toBe("en");
      expect(page.data, `${path}: the router data`).not.toBeNull();

      const translated = readable((await get(path, arabic)).body);
      expect(translated.h1, `${path} (ar)`).toBe(arabicHeading);
      if (arabicPhrase !== null) expect(translated.text, `${path} (ar)`).toContain(arabicPhrase);
      expect(translated.document.documentElement.lang, path).toBe("ar");
      expect(translated.document.documentElement.dir, path).toBe("rtl");
    }
  });

  it("keeps today's plan's place on the home page and the dashboard until the browser fills it", async () => {
    // The plan is made from this browser's records, so it arrives after hydration; its space is sent with the page
    // so that nothing below it moves (a layout shift of 0.23 on a phone before, Lighthouse's performance 88).
    for (const path of ["/", "/training/dashboard"]) {
      const page = readable((await get(path)).body);
      const space = page.document.querySelector("[data-slot=daily-plan-space]");
      expect(space, path).not.toBeNull();
      expect(space?.getAttribute("aria-hidden"), path).toBe("true");
      expect(space?.className, path).toMatch(/\bh-\[342px\]/);
    }
  });

  it("renders in the language Accept-Language prefers when there is no language cookie", async () => {
    const page = readable((await get("/about", { "accept-language": "ar-EG,ar;q=0.9,en;q=0.5" })).body);
    expect(page.h1).toBe("من نحن");
    expect(page.document.documentElement.lang).toBe("ar");
  });

  it("renders the blog's first reads on the server and carries them in the page", async () => {
    const page = readable((await get("/blog?tag=Endgames")).body);
    expect(page.text).toContain("Rook endings: the Lucena");
    const data = JSON.parse(page.data ?? "{}") as {
      loaderData: Record<string, { list?: { posts: unknown[] } }>;
    };
    const lists = Object.values(data.loaderData).filter((entry) => entry?.list);
    expect(lists).toHaveLength(1);
    expect(lists[0]?.list?.posts).toHaveLength(1);
    // No request for data the page already has.
    expect(page.document.querySelector('link[rel="preload"][as="fetch"]')).toBeNull();
  });

  it("renders a post's body sanitised, as the browser would", async () => {
    const page = readable((await get("/blog/lucena")).body);
    const body = page.document.querySelector("#root [data-slot=post-body]");
    expect(body?.innerHTML).toContain("<strong>build a bridge</strong>");
    expect(body?.innerHTML).not.toContain("script");
    expect(page.document.querySelectorAll("#root script")).toHaveLength(0);
  });

  it("answers 404 with the not-found page for unknown addresses and missing posts", async () => {
    for (const [path, heading] of [
      ["/no/such/page", "Page Not Found"],
      ["/blog/no-such-post", "Post not found"],
      ["/training/king-hunts", "Module Not Found"],
    ] as const) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(readable(response.body).h1, path).toBe(heading);
    }
  });

  it("keeps what an account or contact form holds out of the address when sent before the page's scripts run", async () => {
    // The rendered forms are POST forms: sent natively (no script yet), their fields go in the body, never the URL.
    for (const path of ["/account/sign-up", "/account/sign-in", "/account/reset", "/contact"]) {
      const forms = readable((await get(path)).body).document.querySelectorAll("#root form");
      expect(forms.length, path).toBeGreaterThan(0);
      for (const form of forms) expect(form.getAttribute("method"), path).toBe("post");
    }
    // Such a POST gets the page again (303, the form's fields dropped), the query it was on kept.
    const sent = await app.inject({
      method: "POST",
      url: "/account/sign-in?next=%2Faccount",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=magnus&password=Lucena-and-Philidor-1851",
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe("/account/sign-in?next=%2Faccount");
    expect(sent.body).not.toContain("Lucena");
    // Never to another site (a path starting with two slashes), and never for the API or a file.
    for (const url of ["//evil.example/account", "/\\evil.example/account"]) {
      const elsewhere = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "multipart/form-data; boundary=x" },
        payload: "--x--",
      });
      expect(elsewhere.statusCode, url).toBe(303);
      // A path of this site: one slash, then no slash or backslash.
      expect(elsewhere.headers.location, url).toMatch(/^\/(?![/\\])/);
      expect(elsewhere.headers.location, url).toMatch(/\/account$/);
    }
    for (const url of ["/api/no-such-route", "/assets/app.js"]) {
      const other = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "a=b",
      });
      expect(other.statusCode, url).toBe(404);
    }
  });

  it("streams the page compressed with the encoding the browser takes", async () => {
    const plain = (await get("/about")).body;
    const br = await get("/about", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await get("/about", { "accept-encoding": "gzip, deflate" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
  });

  it("allows the page's two inline scripts, the theme script and the app's loader, by their hashes and no other", async () => {
    const response = await get("/about");
    const page = readable(response.body);
    const inline = [...page.document.querySelectorAll("script:not([src]):not([type='application/json'])")];
    expect(inline).toHaveLength(2);
    expect(inline[0]?.textContent).toContain("chesstrainer.theme");
    expect(inline[1]?.textContent).toContain("first-contentful-paint");
    const hashes = inline.map((script) =>
      createHash("sha256")
        .update(script.textContent ?? "")
        .digest("base64"),
    );
    const scripts = /script-src ([^;]*)/.exec(String(response.headers["content-security-policy"]))?.[1];
    expect(scripts?.split(" ")).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      ...hashes.map((hash) => `'sha256-${hash}'`),
    ]);
    // The theme script is the first thing in the head: it runs before anything paints, and blocks nothing.
    expect(page.document.head.firstElementChild?.outerHTML).toContain("charset");
    expect(page.document.querySelector('script[src="/theme.js"]')).toBeNull();
  });

  it("starts a rendered page's app after its first paint, the admin area's at once", async () => {
    const scripts = async (path: string) => {
      const response = await get(path);
      const { document } = readable(response.body);
      const loader = [...document.querySelectorAll("script:not([src]):not([type])")].find((script) =>
        script.textContent?.includes("first-contentful-paint"),
      );
      const hash = createHash("sha256")
        .update(loader?.textContent ?? "")
        .digest("base64");
      return {
        preloads: [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
          link.getAttribute("href"),
        ),
        listed: JSON.parse(document.getElementById("app-modules")?.textContent ?? "[]") as string[],
        entry: document.querySelector('script[type="module"]')?.getAttribute("src") ?? null,
        loader: loader?.textContent ?? null,
        allowed: String(response.headers["content-security-policy"]).includes(`'sha256-${hash}'`),
      };
    };
    for (const [path, screen] of [
      ["/", /\/assets\/home-[\w-]+\.js/],
      ["/blog", /\/assets\/blog-[\w-]+\.js/],
    ] as const) {
      const page = await scripts(path);
      // No script or module preload in the markup: the loader adds them once the page has painted.
      expect(page.entry, path).toBeNull();
      expect(page.preloads, path).toEqual([]);
      expect(page.loader, path).toMatch(/\/assets\/index-[\w-]+\.js/);
      expect(page.allowed, path).toBe(true);
      expect(
        page.listed.some((href) => screen.test(href)),
        path,
      ).toBe(true);
    }
    const admin = await scripts("/admin/login");
    expect(admin.entry).toMatch(/\/assets\/index-[\w-]+\.js/);
    expect(admin.preloads.length).toBeGreaterThan(0);
    expect(admin.loader).toBeNull();
    expect(admin.listed).toEqual([]);
  });

  it("preloads the web fonts the first paint uses, the Arabic cut on Arabic pages, each one the stylesheet's own", async () => {
    const fontsOf = (html: string) =>
      Array.from(
        new JSDOM(html).window.document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]'),
        (link) => {
          expect(link.getAttribute("type")).toBe("font/woff2");
          expect(link.hasAttribute("crossorigin")).toBe(true);
          return link.getAttribute("href") ?? "";
        },
      );
    const english = fontsOf((await get("/training/middle-game")).body);
    const inArabic = fontsOf((await get("/training/middle-game", arabic)).body);
    const name = (href: string) => href.replace(/^\/assets\/(noto-sans-[a-z-]+-\d00).*$/, "$1");
    const latin = ["noto-sans-latin-400", "noto-sans-latin-600", "noto-sans-latin-700"];
    expect(english.map(name)).toEqual(latin);
    expect(inArabic.map(name)).toEqual([
      "noto-sans-arabic-core-400",
      "noto-sans-arabic-core-600",
      "noto-sans-arabic-core-700",
      ...latin,
    ]);
    // The same files the stylesheet's @font-face rules load (a preload of another file would be fetched twice).
    const page = new JSDOM((await get("/about")).body).window.document;
    const stylesheet =
      page.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.getAttribute("href") ?? "";
    const css = (await get(stylesheet)).body;
    for (const href of inArabic) {
      expect(css, href).toContain(`url(${href})`);
      const font = await get(href);
      expect(font.statusCode, href).toBe(200);
      expect(font.headers["content-type"], href).toBe("font/woff2");
    }
    expect(fontsOf((await get("/about")).body)).toEqual(english);
  });

  it("leaves the admin area to the browser", async () => {
    const page = readable((await get("/admin/login")).body);
    expect(page.document.getElementById("root")?.childElementCount).toBe(0);
    expect(page.data).toBeNull();
  });
});
