import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { chessWithoutPgn } from "../../vite-chess-without-pgn";

const ROOT = join(import.meta.dirname, "../../../..");
const SITE_SOURCES = [
  "apps/site/src",
  ...["chess", "contract", "machines", "texts", "ui"].map((p) => `packages/${p}/src`),
];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const transform = (code: string, id: string) => {
  const hook = chessWithoutPgn().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id);
};
const CHESS_JS = join(ROOT, "node_modules/chess.js/dist/esm/chess.js");

describe("chess.js without its PGN parser in the site build", () => {
  it("the site and the packages it bundles never read PGN with chess.js", () => {
    const callers = SITE_SOURCES.flatMap((dir) => sourcesUnder(join(ROOT, dir)))
      .filter((file) => /\.loadPgn\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file));
    expect(callers).toEqual([]);
  });

  it("cuts the installed chess.js's one call to the parser, so the grammar is left out", () => {
    const source = readFileSync(CHESS_JS, "utf8");
    const result = transform(source, CHESS_JS);
    expect(result?.code).not.toContain("peg$parse(pgn)");
    expect(result?.code).toContain("loadPgn is not in the site build");
  });

  it("stops the build when chess.js no longer calls its parser as expected", () => {
    expect(() => transform("export class Chess {}", CHESS_JS)).toThrow(/chess\.js changed/);
    expect(transform("const parsedPgn = peg$parse(pgn);", "/src/other.js")).toBeNull();
  });
});
