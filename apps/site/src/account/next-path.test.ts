import { describe, expect, it } from "vitest";
import { DEFAULT_NEXT, safeNext, signInPath } from "./next-path";

describe("where a sign-in goes next", () => {
  it("keeps a path of this site, its query and its hash", () => {
    expect(safeNext("/account")).toBe("/account");
    expect(safeNext("/training/endgame?puzzle=12#board")).toBe("/training/endgame?puzzle=12#board");
    expect(safeNext("/blog/rook-endings")).toBe("/blog/rook-endings");
  });

  it("goes to the trainer for nothing, another site, the API or the sign-in pages", () => {
    for (const next of [
      null,
      undefined,
      "",
      "training",
      "//evil.example/path",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/\tevil",
      "/api/account/delete",
      "/account/sign-in?next=/account",
      "/account/SIGN-UP",
      "/account/reset?token=abc",
    ]) {
      expect(safeNext(next), String(next)).toBe(DEFAULT_NEXT);
    }
  });

  it("leaves escaped characters escaped: they stay part of a path of this site", () => {
    expect(safeNext("/%0d%0aSet-Cookie:x")).toBe("/%0d%0aSet-Cookie:x");
  });

  it("writes the sign-in address that comes back", () => {
    expect(signInPath("/account")).toBe("/account/sign-in?next=%2Faccount");
    expect(safeNext(new URL(`https://x${signInPath("/training?x=1")}`).searchParams.get("next"))).toBe(
      "/training?x=1",
    );
  });
});
