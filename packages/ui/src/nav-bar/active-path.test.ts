import { describe, expect, it } from "vitest";
import { isActivePath } from "./active-path";

describe("isActivePath", () => {
  it("is active on the exact path and below it", () => {
    expect(isActivePath("/training", "/training")).toBe(true);
    expect(isActivePath("/training/endgame", "/training")).toBe(true);
    expect(isActivePath("/blog/my-post", "/blog")).toBe(true);
  });
  it("is not active on a path that only shares a prefix", () => {
    expect(isActivePath("/trainingx", "/training")).toBe(false);
    expect(isActivePath("/about", "/blog")).toBe(false);
  });
  it("makes Home active only on the home page", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/training", "/")).toBe(false);
  });
});
