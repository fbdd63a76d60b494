import { BLOG_PAGE_SIZE } from "@ct/contract/blog-rules";
import { describe, expect, it } from "vitest";
import { matchRoutes } from "./route-match";
import { routes } from "./router";
import { screenFiles } from "./screen-files";

describe("the preload table (screen-files.ts)", () => {
  it.each(screenFiles)("$pattern: the router loads $file there", async ({ pattern, file }) => {
    const path = pattern.replace(/:[^/]+/g, "example");
    const leaf = matchRoutes(routes, path).at(-1)?.route;
    expect(leaf?.lazy, `a lazy screen at ${path}`).toBeTypeOf("function");
    const loaded = await leaf?.lazy?.();
    const expected = await import(/* @vite-ignore */ `../../${file}`);
    expect(loaded).toBe(expected);
  });

  it("preloads the blog index's first page at the size the blog asks for", () => {
    const blog = screenFiles.find(({ pattern }) => pattern === "/blog");
    expect(blog?.data).toContain(`/api/blog/posts?page=1&per_page=${BLOG_PAGE_SIZE}`);
  });
});
