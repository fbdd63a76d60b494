/**
 * The browser benchmarks' server: the compiled server (`npm run build`) in production mode on a fresh seeded
 * SQLite database in `dataDir`, on a free port of 127.0.0.1, with the server-side analysis worker off.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { join } from "node:path";
import { REPO_ROOT } from "../apps/server/src/config";

/**
 * The compiled server the benchmarks start: BENCH_SERVER, or apps/server/dist/main.js (what `npm run build`
 * and the bench scripts' own build step make). A copy built elsewhere must sit three folders below a checkout
 * (`<root>/apps/server/<dir>/main.js`): it finds the seed, the library, the site's build and node_modules from there.
 */
export const SERVER_MAIN = process.env.BENCH_SERVER ?? join(REPO_ROOT, "apps/server/dist/main.js");

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Starts the server and waits (at most 120 s) until `/api/health` answers. */
export async function startBenchServer(port: number, dataDir: string, name: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      TOKEN_SECRET: `${name}-bench-token-secret-0123456789`,
      ADMIN_PASSWORD: `${name}-bench-password`,
      ANALYSIS_WORKER: "off",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start within 120 s");
}

/** Stops the server with SIGTERM and waits for it to exit. */
export async function stopBenchServer(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM");
  await once(child, "exit");
}
