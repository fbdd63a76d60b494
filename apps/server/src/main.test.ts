import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./config";
import { siteFixture } from "./testing/app";
import { compiledServerDir } from "./testing/compile-server";
import { type TestDatabase, testDatabaseKinds } from "./testing/databases";
import { freePort } from "./testing/server-process";

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(compiledServerDir(), "main.js")], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function waitForHealth(port: number): Promise<Response> {
  // A first start stores the whole shipped library (10,000 puzzles): seconds on a quiet machine, far more on two
  // busy cores. A bound on a hang, not a speed check (`npm run bench` measures).
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("the server process on $name", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("starts, migrates, serves, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    const child = startServer({ ...database.env, PORT: String(port), SITE_DIR: siteFixture() });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
    });
    const health = await waitForHealth(port);
    expect(await health.json()).toMatchObject({
      status: "ok",
      database: kind.name,
      migrations: { upToDate: true },
    });
    const page = await fetch(`http://127.0.0.1:${port}/training`);
    expect(await page.text()).toContain("<div id=root>");

    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code, stderr).toBe(0);
  }, 120_000);
});

describe("a bad configuration", () => {
  it("stops the server at start with a message naming the variable", async () => {
    const child = startServer({ PORT: "not-a-port" });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(stderr).toContain("Invalid configuration");
    expect(stderr).toContain("PORT");
  });
});
