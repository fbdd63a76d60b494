import { LANGUAGE_COOKIE } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";

const API_KEY = "site-html-test-secret-api-key-0123456789";
const parse = (html: string) => new JSDOM(html).window.document;
const arabic = { cookie: `theme=dark; ${LANGUAGE_COOKIE}=ar` };

const kinds = await testDatabaseKinds();

describe.each(kinds)("the site's pages on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
    for (const post of [
      { title: "Rook endings: the Lucena", slug: "lucena", published: true },
      { title: "Secret draft", slug: "secret-draft", published: false },
    ]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/blog/posts",
        headers: { "x-api-key": API_KEY },
        payload: { ...post, content: "<p>Cut the king off and build a bridge.</p>", tags: [] },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  it("answers the site's pages with 200 and each page's own title", async () => {
    const titles: Record<string, string> = {
      "/": "Chess Trainer",
      "/training": "Training Modules · Chess Trainer",
      "/training/endgame": "Endgame Essentials · Chess Trainer",
      "/training/middle-game?from=home": "Middle Game Strategy · Chess Trainer",
      "/blog": "Chess Blog · Chess Trainer",
      "/blog?tag=Endgames": "Chess Blog · Chess Trainer",
      "/about": "About · Chess Trainer",
      "/About/": "About · Chess Trainer",
      "/contact": "Contact Us · Chess Trainer",
      "/position-setup": "Position Setup · Chess Trainer",
      "/notation": "Chess Notation · Chess Trainer",
      "/move-highlighting": "Move Highlighting · Chess Trainer",
      "/chess-features": "Chess Features · Chess Trainer",
      "/admin/login": "Admin Login · Chess Trainer",
      "/admin/blog/edit/lucena": "Edit Blog Post · Chess Trainer",
    };
    for (const [url, title] of Object.entries(titles)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      const document = parse(response.body);
      expect(document.title, url).toBe(title);
      expect(document.querySelectorAll("title"), url).toHaveLength(1);
      expect(document.getElementById("root"), url).not.toBeNull();
    }
  });

  it("answers an unknown address with 404 and the app's page, titled Page Not Found", async () => {
    for (const url of ["/no/such/page", "/nope", "/blog/a/b", "/training/endgame/extra", "/admin/unknown"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      const document = parse(response.body);
      expect(document.title, url).toBe("Page Not Found · Chess Trainer");
      // The same HTML as any page: the app loads and shows its Not Found screen.
      expect(document.getElementById("root"), url).not.toBeNull();
    }
    const head = await app.inject({ method: "HEAD", url: "/nope" });
    expect(head.statusCode).toBe(404);
  });

  it("answers an unknown training module with 404, titled Module Not Found", async () => {
    const response = await get("/training/king-hunts");
    expect(response.statusCode).toBe(404);
    expect(parse(response.body).title).toBe("Module Not Found · Chess Trainer");
  });

  it("answers a post page 200 with the post's title, and 404 for a missing post or a draft", async () => {
    const post = await get("/blog/lucena");
    expect(post.statusCode).toBe(200);
    expect(parse(post.body).title).toBe("Rook endings: the Lucena · Chess Trainer");
    for (const url of ["/blog/no-such-post", "/blog/secret-draft", "/blog/Not%20A%20Slug", "/Blog/nothing"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      const document = parse(response.body);
      expect(document.title, url).toBe("Post not found · Chess Trainer");
      expect(document.body.textContent, url).not.toContain("Secret draft");
      expect(document.querySelector('meta[property="og:title"]'), url).toBeNull();
    }
  });

  it("writes titles, lang and dir in the visitor's language when the language cookie says Arabic", async () => {
    const cases: [string, number, string][] = [
      ["/", 200, "مدرّب الشطرنج"],
      ["/training/endgame", 200, "أساسيات النهايات · مدرّب الشطرنج"],
      ["/about", 200, "من نحن · مدرّب الشطرنج"],
      ["/no/such/page", 404, "الصفحة غير موجودة · مدرّب الشطرنج"],
      ["/training/king-hunts", 404, "الوحدة غير موجودة · مدرّب الشطرنج"],
      ["/blog/no-such-post", 404, "المقال غير موجود · مدرّب الشطرنج"],
      // A post keeps its own title; the site's name follows the language.
      ["/blog/lucena", 200, "Rook endings: the Lucena · مدرّب الشطرنج"],
    ];
    for (const [url, status, title] of cases) {
      const response = await get(url, arabic);
      expect(response.statusCode, url).toBe(status);
      const document = parse(response.body);
      expect(document.title, url).toBe(title);
      expect(document.documentElement.lang, url).toBe("ar");
      expect(document.documentElement.dir, url).toBe("rtl");
      expect(response.headers.vary, url).toMatch(/cookie/i);
    }
    // Without the cookie, or with a value the site does not have: English, the site's default, unless the browser
    // rates Arabic above English (issue 21: the cookie, else Accept-Language).
    const english: Record<string, string>[] = [
      {},
      { cookie: `${LANGUAGE_COOKIE}=fr` },
      { "accept-language": "fr-FR, en;q=0.8, ar;q=0.5" },
      { "accept-language": "ar", cookie: `${LANGUAGE_COOKIE}=en` },
    ];
    for (const headers of english) {
      const document = parse((await get("/about", headers)).body);
      expect(document.title, JSON.stringify(headers)).toBe("About · Chess Trainer");
      expect(document.documentElement.dir).not.toBe("rtl");
    }
    for (const accept of ["ar", "ar-EG,ar;q=0.9,en;q=0.8", "en;q=0.3, ar-SA"]) {
      const response = await get("/about", { "accept-language": accept });
      const document = parse(response.body);
      expect(document.title, accept).toBe("من نحن · مدرّب الشطرنج");
      expect(document.documentElement.dir, accept).toBe("rtl");
      expect(response.headers.vary, accept).toMatch(/accept-language/i);
    }
  });
});
