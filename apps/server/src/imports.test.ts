import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SOURCE = dirname(fileURLToPath(import.meta.url));

/** Every module of the server (tests and test helpers aside), as paths relative to apps/server/src. */
function modules(dir = SOURCE): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "testing" ? [] : modules(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [relative(SOURCE, path)] : [];
  });
}

/** The server modules a module imports or re-exports (relative specifiers, resolved to files). */
function importsOf(module: string): string[] {
  const text = readFileSync(join(SOURCE, module), "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["'](\.{1,2}\/[^"']+)["']/gm)) {
    const target = resolve(dirname(join(SOURCE, module)), match[1] as string);
    const file = [`${target}.ts`, join(target, "index.ts"), target].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (file) found.push(relative(SOURCE, file));
  }
  return found;
}

const graph = new Map(modules().map((module) => [module, importsOf(module)]));

/** The import cycles of the graph, each written as `a.ts -> b.ts -> a.ts`. */
function cycles(): string[] {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const found: string[] = [];
  const visit = (module: string) => {
    state.set(module, "open");
    path.push(module);
    for (const next of graph.get(module) ?? []) {
      if (state.get(next) === "open") found.push([...path.slice(path.indexOf(next)), next].join(" -> "));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(module, "done");
  };
  for (const module of graph.keys()) if (!state.has(module)) visit(module);
  return found;
}

describe("the server's imports", () => {
  it("reads the imports of the page-rendering modules", () => {
    // The test's own reading of imports works: og.ts builds on the site's page rendering.
    expect(graph.get(join("blog", "og.ts"))).toContain(join("http", "site-html.ts"));
    expect(graph.get(join("http", "site-html.ts"))).toContain(join("http", "html.ts"));
  });

  it("go one way: no module imports itself back through the modules it imports", () => {
    expect(cycles()).toEqual([]);
  });

  it("keep the HTTP layer (site pages, heads, escaping) free of the blog's modules", () => {
    const intoBlog = [...graph]
      .filter(([module]) => module.startsWith("http/"))
      .flatMap(([module, imports]) =>
        imports.filter((target) => target.startsWith("blog/")).map((target) => `${module} -> ${target}`),
      );
    expect(intoBlog).toEqual([]);
  });
});
