// Compiles the server to plain JavaScript (apps/server/dist): the production server, the CLI (importer, worker,
// admin) and the import worker thread run it with `node`, without a TypeScript loader (each worker thread under
// tsx cost ~70 MB). Our own packages (@ct/*, TypeScript sources) are bundled in; npm packages stay external and
// load from node_modules as usual.
//   node scripts/build-server.mjs [outdir]   (apps/server/dist by default; the server tests build their own copy)
import { rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = process.argv[2] ? resolve(process.argv[2]) : join(root, "apps/server/dist");

/** Bare imports of npm packages stay imports; relative paths and @ct/* workspace packages are bundled. */
const externalPackages = {
  name: "external-packages",
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@ct/") ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: {
    main: join(root, "apps/server/src/main.ts"),
    cli: join(root, "apps/server/src/cli/main.ts"),
    "prepare-worker": join(root, "apps/server/src/importers/prepare-worker.ts"),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [externalPackages],
  // Bundled code keeps `require` for the few CommonJS paths that ask for it.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`server compiled into ${outdir} in ${Date.now() - started} ms`);
