import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const WORKBENCH = join(import.meta.dirname, "../../../../.storybook");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.(ts|tsx)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

const IMPORT = /(?:from\s+|import\s*\(\s*)["']([^"']+)["']/g;

describe("the design system stands on its own", () => {
  it.each([
    ["packages/ui", ROOT],
    [".storybook", WORKBENCH],
  ])("%s imports nothing from apps/ nor the machines or the API client", (_, dir) => {
    const offending = sources(dir).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(IMPORT)]
        .map((match) => match[1] ?? "")
        .filter((target) => /(^|\/)apps\//.test(target) || /^(@ct\/machines|xstate|ky)$/.test(target))
        .map((target) => `${relative(dir, file)} → ${target}`),
    );
    expect(offending).toEqual([]);
  });
});
