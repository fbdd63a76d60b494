import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return storyFiles(path);
    return entry.name.endsWith(".stories.tsx") ? [path] : [];
  });
}

describe("the workbench's docs pages", () => {
  // Storybook orders a file's stories as they are exported: the first one leads the component's docs page, and a
  // designer opening it sees every variant side by side first (issue 37). A new component without one fails here.
  it("lead every component with an Overview story", () => {
    const files = storyFiles(root);
    expect(files.length).toBeGreaterThan(90);
    const without = files.filter((file) => {
      const first = /^export const ([A-Za-z0-9_]+)/m.exec(readFileSync(file, "utf8"));
      return first?.[1] !== "Overview";
    });
    expect(without.map((file) => relative(root, file))).toEqual([]);
  });
});
