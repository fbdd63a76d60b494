import { execFileSync } from "node:child_process";
import { cpSync, createReadStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, relative } from "node:path";

/**
 * Before the visual suite: (1) builds Storybook when `storybook-static` is missing or older than any of its sources,
 * so the suite never passes against a stale build; (2) copies the build to a folder of its own, so another
 * `build:storybook` in the same checkout during the run (it empties storybook-static first) cannot pull pages from
 * under the tests; (3) serves that copy on a port of its own, a free one chosen by the system (or `VISUAL_PORT`,
 * which must then be free: another server there is an error, never reused), and hands its address and folder to
 * the tests in `VISUAL_BASE_URL` and `VISUAL_STORYBOOK_DIR`. The server and the copy go with the run.
 */
const ROOT = join(import.meta.dirname, "../..");
const BUILD = join(ROOT, "storybook-static");
const STAMP = join(BUILD, "index.json");

/** What the Storybook build is made of: a change to any of these (tests aside) makes the build stale. */
const SOURCES = [
  ".storybook",
  "packages/ui/src",
  "packages/ui/package.json",
  "packages/texts/src",
  "tailwind.config.ts",
  "package-lock.json",
];

/** The newest file under the sources, with its modification time. */
export function newestSource(root = ROOT): { file: string; mtimeMs: number } {
  let newest = { file: "", mtimeMs: 0 };
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== "node_modules") visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path) && stat.mtimeMs > newest.mtimeMs) {
      newest = { file: relative(root, path), mtimeMs: stat.mtimeMs };
    }
  };
  for (const source of SOURCES) visit(join(root, source));
  return newest;
}

/** Why the build must be made again, or null when it is newer than every source. */
export function staleBecause(root = ROOT): string | null {
  const stamp = join(root, "storybook-static/index.json");
  if (!existsSync(stamp)) return "storybook-static is missing";
  const built = statSync(stamp).mtimeMs;
  const newest = newestSource(root);
  return newest.mtimeMs > built ? `${newest.file} changed after the last build` : null;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

function serve(folder: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    let file = normalize(join(folder, path));
    if (!file.startsWith(folder)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = join(file, "index.html");
      statSync(file);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

export default async function globalSetup() {
  const reason = process.env.VISUAL_SKIP_BUILD ? null : staleBecause();
  if (reason) {
    console.log(`visual: building Storybook (${reason})`);
    execFileSync("npm", ["run", "build:storybook"], { cwd: ROOT, stdio: "inherit" });
  }
  if (!existsSync(STAMP)) throw new Error("visual: storybook-static/index.json is missing after the build");
  const copy = mkdtempSync(join(tmpdir(), "visual-storybook-"));
  cpSync(BUILD, copy, { recursive: true });
  process.env.VISUAL_STORYBOOK_DIR = copy;
  const wanted = Number(process.env.VISUAL_PORT ?? 0);
  const server = await serve(copy, wanted).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "EADDRINUSE"
      ? new Error(
          `visual: port ${wanted} (VISUAL_PORT) is taken; the suite serves its own build and never reuses it`,
        )
      : error;
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : wanted;
  process.env.VISUAL_BASE_URL = `http://127.0.0.1:${port}`;
  console.log(`visual: serving a copy of storybook-static on ${process.env.VISUAL_BASE_URL}`);
  return () =>
    new Promise<void>((resolve) => server.close(() => resolve())).then(() =>
      rmSync(copy, { recursive: true, force: true }),
    );
}
