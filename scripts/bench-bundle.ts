/**
 * `npm run bench:bundle`: gzip size of the JavaScript and CSS each route loads before any interaction (the entry,
 * its static imports, and the route's lazy chunk with its static imports), from a production build with Vite's
 * manifest; for the module screen also with what it imports right after its first paint. Writes
 * bench-results/bundle.{json,md}.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { REPO_ROOT } from "../apps/server/src/config";
import { screenFiles } from "../apps/site/src/app/screen-files";

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const site = join(REPO_ROOT, "apps/site");
const dist = join(site, "dist");
execFileSync("npx", ["vite", "build", "--manifest", "--logLevel", "error"], { cwd: site, stdio: "inherit" });
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

function gzipOf(files: Iterable<string>): number {
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  return total;
}

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;
/**
 * What the training screen imports right after its first paint (see training-screen.tsx and the flow's `loadRules`):
 * the flow's chess rules with chess.js, and the cards shown once the player acts.
 */
const AFTER_FIRST_PAINT = [
  "../../packages/machines/src/training-flow/chess-rules.ts",
  "src/training/later-parts.ts",
];
for (const key of AFTER_FIRST_PAINT) if (!manifest[key]) throw new Error(`the build has no chunk for ${key}`);
const routes: [string, string[]][] = [
  ["shell (every page)", []],
  ["/ (home)", ["src/pages/home.tsx"]],
  ["/training", ["src/pages/training.tsx"]],
  ["/training/{module} (the 190 kB budget)", ["src/pages/training-module.tsx"]],
  // Not first-load: what the module screen fetches right after its first paint, beside its first position.
  [
    "/training/{module} with what follows its first paint (chess.js, the after-move cards)",
    ["src/pages/training-module.tsx", ...AFTER_FIRST_PAINT],
  ],
  ["/training/my-games", ["src/pages/training-my-games.tsx"]],
  ["home + /training (the 170 kB budget)", ["src/pages/home.tsx", "src/pages/training.tsx"]],
  [
    "home + /training + module",
    ["src/pages/home.tsx", "src/pages/training.tsx", "src/pages/training-module.tsx"],
  ],
  ["/blog", ["src/pages/blog.tsx"]],
  ["/blog/{slug}", ["src/pages/blog-post.tsx"]],
  ["/contact", ["src/pages/contact.tsx"]],
  ["/position-setup", ["src/pages/position-setup.tsx"]],
  [
    "/admin/blog/new (editor)",
    ["src/admin/admin-layout.tsx", "src/admin/require-admin.tsx", "src/admin/pages/post-new.tsx"],
  ],
  [
    "/admin/analysis",
    ["src/admin/admin-layout.tsx", "src/admin/require-admin.tsx", "src/admin/pages/analysis.tsx"],
  ],
];
// Screens beyond the shell, home and the trainer also load the rest of the English texts (router.tsx `allTexts`).
const firstTexts = new Set(screenFiles.filter((screen) => screen.firstTexts).map((screen) => screen.file));
const rows = routes.map(([route, pages]) => {
  const rest = pages.some((page) => !firstTexts.has(page));
  const keys = closure([entry, ...pages, ...(rest ? ["virtual:texts/en-rest"] : [])]);
  const js = [...keys].map((key) => manifest[key]?.file as string);
  const css = [...keys].flatMap((key) => manifest[key]?.css ?? []);
  return { route, jsGzipKb: gzipOf(js) / 1024, cssGzipKb: gzipOf(new Set(css)) / 1024, chunks: js.length };
});
mkdirSync(join(REPO_ROOT, "bench-results"), { recursive: true });
writeFileSync(join(REPO_ROOT, "bench-results/bundle.json"), `${JSON.stringify(rows, null, 2)}\n`);
const table = [
  "| route | JS gzip kB | CSS gzip kB | JS chunks |",
  "| --- | ---: | ---: | ---: |",
  ...rows.map((r) => `| ${r.route} | ${r.jsGzipKb.toFixed(1)} | ${r.cssGzipKb.toFixed(1)} | ${r.chunks} |`),
].join("\n");
writeFileSync(join(REPO_ROOT, "bench-results/bundle.md"), `${table}\n`);
console.log(table);
