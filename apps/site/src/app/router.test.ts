import { BLOG_PAGE_SIZE } from "@ct/contract/blog-rules";
import {
  describeSitePath,
  MODULE_NOT_FOUND_TITLE,
  MODULE_TITLES,
  NOT_FOUND_TITLE,
  POST_NOT_FOUND_TITLE,
  SITE_PAGES,
} from "@ct/contract/site-pages";
import { createI18n, languages } from "@ct/texts";
import { describe, expect, it, vi } from "vitest";
import { TRAINING_MODULES } from "../training/modules";
import { routes } from "./router";
import { matchRoutes, type RouteObject } from "./routing";
import { screenFiles } from "./screen-files";

const texts = vi.hoisted(() => ({ loads: 0 }));
vi.mock("./language", () => ({
  loadAllTexts: () => {
    texts.loads += 1;
    return Promise.resolve();
  },
}));

/** The innermost route the router matches at `path`. */
function leafOf(path: string): RouteObject | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route;
}

/** A route's lazy loader (every screen's is a function). */
function lazyOf(route: RouteObject | undefined): (() => Promise<unknown>) | undefined {
  return typeof route?.lazy === "function" ? (route.lazy as () => Promise<unknown>) : undefined;
}

describe("the preload table (screen-files.ts)", () => {
  it.each(screenFiles)("$pattern: the router loads $file there", async ({ pattern, file }) => {
    const path = pattern.replace(/:[^/]+/g, "example");
    const leaf = leafOf(path);
    expect(leaf?.lazy, `a lazy screen at ${path}`).toBeTypeOf("function");
    const loaded = await lazyOf(leaf)?.();
    const expected = await import(/* @vite-ignore */ `../../${file}`);
    expect(loaded).toBe(expected);
  });

  it.each(screenFiles)(
    "$pattern waits for the rest of the English texts unless marked firstTexts",
    async ({ pattern, firstTexts }) => {
      const leaf = leafOf(pattern.replace(/:[^/]+/g, "example"));
      const before = texts.loads;
      await lazyOf(leaf)?.();
      expect(texts.loads - before).toBe(firstTexts ? 0 : 1);
    },
  );

  it("preloads the blog index's first page at the size the blog asks for", () => {
    const blog = screenFiles.find(({ pattern }) => pattern === "/blog");
    expect(blog?.data).toContain(`/api/blog/posts?page=1&per_page=${BLOG_PAGE_SIZE}`);
  });
});

/** Every path pattern of the router (leaf routes, nested paths joined), as `/a/:b`. */
function routerPatterns(list: RouteObject[], prefix = ""): string[] {
  return list.flatMap((route) => {
    const path = route.index ? prefix : route.path ? `${prefix}/${route.path}` : prefix;
    if (route.children?.length) return routerPatterns(route.children, path);
    return route.path === "*" ? [] : [path || "/"];
  });
}

describe("the site's page table (packages/contract/src/site-pages.ts), which the server reads", () => {
  it("names exactly the router's paths", () => {
    expect([...SITE_PAGES.map((page) => page.pattern)].sort()).toEqual(
      [...new Set(routerPatterns(routes))].sort(),
    );
  });

  it("lists every screen the build preloads", () => {
    const patterns = SITE_PAGES.map((page) => page.pattern);
    for (const { pattern } of screenFiles) expect(patterns).toContain(pattern);
  });

  it("agrees with the router on what is not found", () => {
    for (const path of ["/nope", "/a/b", "/training/endgame/extra", "/admin/unknown", "/blog/a/b"]) {
      expect(describeSitePath(path).found, path).toBe(false);
      expect(leafOf(path)?.path, path).toBe("*");
    }
    for (const path of ["/", "/About", "/training/", "/blog/some-post", "/admin/blog/edit/x"]) {
      expect(describeSitePath(path).found, path).toBe(true);
      expect(leafOf(path)?.path, path).not.toBe("*");
    }
    // A module the trainer does not have: the address is the module screen's, which shows Module Not Found.
    expect(describeSitePath("/training/king-hunts")).toMatchObject({
      found: false,
      title: MODULE_NOT_FOUND_TITLE,
    });
    expect(TRAINING_MODULES.map((module) => describeSitePath(`/training/${module.id}`).found)).toEqual([
      true,
      true,
      true,
    ]);
  });

  /** The i18n key of the heading each page shows, which its title repeats. */
  const HEADINGS: Record<string, string> = {
    "/training": "training.title",
    "/training/:moduleId": "module.title",
    "/training/themes": "training.themes.title",
    "/training/review": "training.review.title",
    "/training/dashboard": "dashboard.title",
    "/training/streak": "training.streak.title",
    "/training/storm": "storm.title",
    "/training/racer": "racer.title",
    "/training/racer/:id": "racer.title",
    "/training/plan": "plan.title",
    "/training/weaknesses": "weaknesses.title",
    "/training/my-games": "myGames.title",
    "/training/custom": "customSet.title",
    "/training/endgame-course": "endgameCourse.title",
    "/training/endgame-course/:exercise": "endgameCourse.title",
    "/training/repertoire": "repertoire.title",
    "/training/repertoire/:opening": "repertoire.title",
    "/training/repertoire/mine/:id": "repertoire.title",
    "/training/themes/:theme": "training.themes.title",
    "/blog": "blog.title",
    "/blog/:slug": "blog.title",
    "/about": "about.title",
    "/contact": "contact.title",
    "/position-setup": "positionSetup.title",
    "/notation": "notation.title",
    "/analysis": "aroundPuzzle.board.title",
    "/move-highlighting": "moveHighlighting.title",
    "/chess-features": "features.title",
    "/account": "account.page.title",
    "/account/sign-up": "account.signUp.title",
    "/account/sign-in": "account.signIn.title",
    "/account/reset": "account.reset.title",
    "/admin": "admin.blogTitle",
    "/admin/login": "admin.loginTitle",
    "/admin/blog": "admin.blogTitle",
    "/admin/blog/new": "admin.newPost",
    "/admin/blog/edit/:slug": "admin.editPost",
    "/admin/analysis": "analysis.title",
    "/admin/messages": "admin.messages.title",
  };

  it.each(languages)("titles each page with the heading it shows (%s)", (language) => {
    const { t } = createI18n(language);
    for (const page of SITE_PAGES) {
      if (page.pattern === "/") expect(page.title).toBeNull();
      else expect(page.title?.[language], page.pattern).toBe(t(HEADINGS[page.pattern] ?? "?"));
    }
    for (const module of TRAINING_MODULES) {
      expect(MODULE_TITLES[module.id][language]).toBe(t(`training.modules.${module.key}.title`));
    }
    expect(NOT_FOUND_TITLE[language]).toBe(t("notFound.title"));
    expect(MODULE_NOT_FOUND_TITLE[language]).toBe(t("training.moduleNotFound"));
    expect(POST_NOT_FOUND_TITLE[language]).toBe(t("post.notFound"));
  });
});
