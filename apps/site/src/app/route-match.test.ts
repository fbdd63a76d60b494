import { describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject } from "./route-match";

const screen =
  (name: string): RouteObject["lazy"] =>
  async () => ({ Component: () => name });

const routes: RouteObject[] = [
  {
    path: "",
    children: [
      { index: true, lazy: screen("home") },
      { path: "training", lazy: screen("training") },
      { path: "training/:moduleId", lazy: screen("module") },
      { path: "blog/:slug", lazy: screen("post") },
      {
        path: "admin",
        children: [
          { path: "login", lazy: screen("login") },
          {
            children: [
              { index: true, lazy: screen("admin-index") },
              { path: "blog", lazy: screen("admin-blog") },
              { path: "blog/new", lazy: screen("new") },
              { path: "blog/edit/:slug", lazy: screen("edit") },
            ],
          },
        ],
      },
      { path: "*", lazy: screen("not-found") },
    ],
  },
];

const names = (path: string) =>
  matchRoutes(routes, path).map((match) => match.route.path ?? (match.route.index ? "(index)" : "(layout)"));
const leafParams = (path: string) => matchRoutes(routes, path).at(-1)?.params;

describe("matchRoutes", () => {
  it("matches the index and static paths, with or without a trailing slash", () => {
    expect(names("/")).toEqual(["", "(index)"]);
    expect(names("/training")).toEqual(["", "training"]);
    expect(names("/training/")).toEqual(["", "training"]);
  });

  it("captures parameters, decoded", () => {
    expect(leafParams("/training/endgame")).toEqual({ moduleId: "endgame" });
    expect(leafParams("/blog/caf%C3%A9-notes")).toEqual({ slug: "café-notes" });
    expect(leafParams("/blog/%E0%A4%A")).toEqual({ slug: "%E0%A4%A" });
  });

  it("prefers static segments over parameters and descends through layout routes", () => {
    expect(names("/admin/blog/new")).toEqual(["", "admin", "(layout)", "blog/new"]);
    expect(leafParams("/admin/blog/edit/my-post")).toEqual({ slug: "my-post" });
    expect(names("/admin")).toEqual(["", "admin", "(layout)", "(index)"]);
    expect(names("/admin/login")).toEqual(["", "admin", "login"]);
  });

  it("sends every other path to the catch-all", () => {
    expect(names("/nope")).toEqual(["", "*"]);
    expect(names("/training/endgame/extra")).toEqual(["", "*"]);
    expect(names("/admin/unknown")).toEqual(["", "*"]);
    expect(leafParams("/a/b")).toEqual({ "*": "a/b" });
  });

  it("answers nothing when no route fits", () => {
    expect(matchRoutes([{ path: "only" }], "/other")).toEqual([]);
  });
});
