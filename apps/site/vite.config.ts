import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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
  return {
    name: "chess-trainer:stockfish-engine",
    configResolved(config) {
      base = config.base;
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
      const { dir, files } = load();
      for (const { name, source } of files)
        this.emitFile({ type: "asset", fileName: `${dir}/${name}`, source });
    },
  };
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the build, so the server sends them
 * compressed without compressing per request (it picks one by Accept-Encoding; see apps/server/src/app.ts).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|wasm|txt|xml)$/;
  return {
    name: "chess-trainer:precompress",
    apply: "build",
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

/** The site is a static SPA; the server (apps/server) serves `dist/` and the API on one port. */
export default defineConfig({
  plugins: [react(), tailwindcss(), stockfishEngine(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: false,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: process.env.API_URL ?? "http://localhost:3000", changeOrigin: true } },
  },
});
