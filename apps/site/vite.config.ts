import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { screenFiles } from "./src/app/screen-files";
import { chessWithoutPgn } from "./vite-chess-without-pgn";
import { texts } from "./vite-texts";

const ENGINE_MODULE = "virtual:stockfish-engine";
const ENGINE_JS = "stockfish-19-lite-single.js";
const ENGINE_WASM = "stockfish-19-lite-single.wasm";
const ENGINE_BOOT = "stockfish-boot.js";

/**
 * Ships the `stockfish` package's lite single-threaded build (.js and .wasm) and our worker entry
 * (src/engine/stockfish-boot.js, which loads it and reports load failures) as files of the site, and gives the site
 * the worker's URL through `virtual:stockfish-engine`. The folder is `assets/engine/stockfish-<version>-<hash>/`:
 * under /assets the server caches it for a year, and a new package version or file content gets a new folder. Served
 * from node_modules by the dev server, emitted into dist/ by the build; never committed.
 */
function stockfishEngine(): Plugin {
  const packageDir = dirname(createRequire(import.meta.url).resolve("stockfish/package.json"));
  const bootFile = fileURLToPath(new URL("./src/engine/stockfish-boot.js", import.meta.url));
  let engine: { dir: string; files: { name: string; source: Buffer }[] } | undefined;
  const load = () => {
    if (engine) return engine;
    const packageJson = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
      version: string;
    };
    const files = [
      { name: ENGINE_JS, source: readFileSync(join(packageDir, "bin", ENGINE_JS)) },
      { name: ENGINE_WASM, source: readFileSync(join(packageDir, "bin", ENGINE_WASM)) },
      { name: ENGINE_BOOT, source: readFileSync(bootFile) },
    ];
    const hash = createHash("sha256");
    for (const file of files) hash.update(file.source);
    const dir = `assets/engine/stockfish-${packageJson.version}-${hash.digest("hex").slice(0, 10)}`;
    engine = { dir, files };
    return engine;
  };
  let base = "/";
  let ssr = false;
  return {
    name: "chess-trainer:stockfish-engine",
    configResolved(config) {
      base = config.base;
      ssr = Boolean(config.build.ssr);
    },
    resolveId(id) {
      return id === ENGINE_MODULE ? `\0${ENGINE_MODULE}` : null;
    },
    load(id) {
      if (id !== `\0${ENGINE_MODULE}`) return null;
      const folder = `${base}${load().dir}`;
      // The engine reads its .wasm's URL from the worker URL's hash (see stockfish-boot.js).
      const url = `${folder}/${ENGINE_BOOT}#${encodeURIComponent(`${folder}/${ENGINE_WASM}`)}`;
      return `export const stockfishWorkerUrl = ${JSON.stringify(url)};`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split("?")[0];
        const { dir, files } = load();
        const file = files.find(({ name }) => path === `${base}${dir}/${name}`);
        if (!file) return next();
        response.setHeader(
          "content-type",
          file.name.endsWith(".wasm") ? "application/wasm" : "text/javascript",
        );
        response.end(file.source);
      });
    },
    generateBundle() {
      // The server's build of the site only needs the worker's address; the files ship with the browser's build.
      if (ssr) return;
      const { dir, files } = load();
      for (const { name, source } of files)
        this.emitFile({ type: "asset", fileName: `${dir}/${name}`, source });
    },
  };
}

/**
 * Puts src/app/theme-script.js inline where index.html marks it: the theme is set before the first paint without a
 * render-blocking request. Comments are dropped (what is inlined is what the server hashes for its
 * Content-Security-Policy, see apps/server/src/http/site-html.ts).
 */
function inlineThemeScript(): Plugin {
  const file = fileURLToPath(new URL("./src/app/theme-script.js", import.meta.url));
  return {
    name: "chess-trainer:inline-theme-script",
    transformIndexHtml(html) {
      const code = readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => !line.trimStart().startsWith("//"))
        .map((line) => line.trim())
        .join("");
      const marker = /<!-- theme-script:[^>]*-->/;
      if (!marker.test(html)) throw new Error("index.html has no theme-script marker");
      return html.replace(marker, () => `<script>${code}</script>`);
    },
  };
}

/** Only the browser's build: not the dev server, not the server's build of the site (dist-server/). */
const browserBuild = (_config: unknown, env: { command: string; isSsrBuild?: boolean }) =>
  env.command === "build" && !env.isSsrBuild;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the build, so the server sends them
 * compressed without compressing per request (it picks one by Accept-Encoding; see apps/server/src/app.ts).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|wasm|txt|xml)$/;
  return {
    name: "chess-trainer:precompress",
    apply: browserBuild,
    // After the files are written: by then Vite has finished every chunk (preload helpers filled in).
    writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const path = join(dir, fileName);
        const source = readFileSync(path);
        if (source.length < 1024) continue;
        const brotli = brotliCompressSync(source, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        writeFileSync(`${path}.br`, brotli);
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * Writes dist/preloads.json: for each public path pattern (src/app/screen-files.ts), the JavaScript chunks and CSS
 * its screen loads beyond what index.html already loads, and the API reads it shows first. The server puts them into that path's HTML as
 * `<link rel="modulepreload">` and stylesheet links (apps/server/src/http/site-html.ts).
 */
function screenPreloads(): Plugin {
  let base = "/";
  let root = "";
  return {
    name: "chess-trainer:screen-preloads",
    apply: browserBuild,
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle(_options, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === "chunk",
      );
      const closure = (start: Rollup.OutputChunk, into = new Set<string>()) => {
        if (into.has(start.fileName)) return into;
        into.add(start.fileName);
        for (const name of start.imports) {
          const next = bundle[name];
          if (next?.type === "chunk") closure(next, into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("the build has no entry chunk");
      const initial = closure(entry);
      const cssOf = (files: Iterable<string>) =>
        [...files].flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
      const initialCss = new Set(cssOf(initial));
      const textsRest = chunks.find((item) => item.facadeModuleId === "\0virtual:texts/en-rest");
      if (!textsRest) throw new Error("the build has no chunk of the rest of the English texts");
      const screens = screenFiles.map(({ pattern, file, data = [], firstTexts }) => {
        const chunk = chunks.find((item) => item.facadeModuleId === join(root, file));
        if (!chunk) throw new Error(`no chunk for ${file} (${pattern})`);
        const needed = closure(chunk);
        if (!firstTexts) closure(textsRest, needed);
        const files = [...needed].filter((name) => !initial.has(name));
        return {
          pattern,
          js: files.map((name) => `${base}${name}`),
          css: [...new Set(cssOf(files))]
            .filter((name) => !initialCss.has(name))
            .map((name) => `${base}${name}`),
          data,
        };
      });
      this.emitFile({
        type: "asset",
        fileName: "preloads.json",
        source: `${JSON.stringify(screens, null, 2)}\n`,
      });
    },
  };
}

/** A file of React Router's production build. */
function reactRouterBuild(file: string): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
  return join(packageDir, "dist/production", file);
}

/**
 * The browser's build goes to `dist/`, which the server (apps/server) serves with the API on one port; `vite build
 * --ssr src/entry-server.tsx` builds the server's rendering of the pages into `dist-server/` (see package.json).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    // React Router's package exports its development build under every condition (warnings, invariant messages and
    // checks a visitor never sees: a quarter of the router's time on a page's start); builds take its production
    // build, the dev server keeps the warnings.
    alias:
      command === "build"
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild("dom-export.mjs") },
          ]
        : [],
  },
  plugins: [
    react(),
    tailwindcss(),
    chessWithoutPgn(),
    stockfishEngine(),
    inlineThemeScript(),
    texts(),
    screenPreloads(),
    precompress(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The public files (the icon) ship with the browser's build only.
    copyPublicDir: !isSsrBuild,
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // What every page loads before anything else (the entry and its static imports: React, i18next, the
              // shell, the first English texts) as one chunk. Left to the chunker it comes in 9 to 11 small chunks, each
              // a request and each compressed apart (2.6 kB more gzip), and their split moves whenever a screen adds a
              // lazy part. The group takes exactly the entry's static closure, so no page loads anything more.
              groups: [{ name: "shell", tags: ["$initial"] }],
            },
          },
        },
  },
  server: {
    port: 5173,
    // ws: Puzzle Racer's socket (/api/racer/races/:id/socket) goes through the same proxy.
    proxy: {
      "/api": { target: process.env.API_URL ?? "http://localhost:3000", changeOrigin: true, ws: true },
    },
  },
}));
