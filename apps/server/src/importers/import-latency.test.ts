import { afterEach, describe, expect, it } from "vitest";
import { readTestData } from "../../../../testdata/read.mjs";
import { testDatabaseKinds } from "../testing/databases";
import { freshStore, type ServerProcess, type Store, startServerProcess } from "../testing/server-process";

/**
 * An import through the admin's route must not stall other visitors: a 3,000-row CSV blocked every request of the
 * server for the import's whole run on SQLite (11-13 s on a loaded machine) and up to 5.8 s on PostgreSQL. While a
 * real server process imports, the test asks it for its health and a next puzzle over and over; no answer may take
 * longer than LATENCY_BOUND_MS, which is well under the import's own duration: the bound proves "not blocked", it is
 * not a speed figure (`npm run bench` measures those).
 */
const API_KEY = "import-latency-api-key-0123456789";
const ROWS = 3000;
const LATENCY_BOUND_MS = 1000;
const kinds = await testDatabaseKinds();

/** `rows` puzzle rows of the lichess sample, repeated under new ids, with the header. */
function csvOf(rows: number): string {
  const [header, ...sample] = readTestData("lichess/puzzles-sample-1500.csv").trimEnd().split("\n");
  const lines = Array.from(
    { length: rows },
    (_, i) => `r${Math.floor(i / sample.length)}x${sample[i % sample.length]}`,
  );
  return `${header}\n${lines.join("\n")}\n`;
}

describe.each(kinds)("an import through the route on $name", (kind) => {
  let store: Store | undefined;
  let server: ServerProcess | undefined;

  afterEach(async () => {
    await server?.stop();
    await store?.destroy();
  });

  it("leaves /api/health and the next puzzle answering as usual while it runs", async () => {
    store = await freshStore(kind);
    server = await startServerProcess({ ...store.env, API_KEY });
    const base = server.base;
    const timed = async (url: string) => {
      const began = performance.now();
      const response = await fetch(`${base}${url}`);
      await response.arrayBuffer();
      expect(response.status, url).toBe(200);
      return performance.now() - began;
    };
    // Warm: the first answers load the pool and compile the routes' code.
    for (let i = 0; i < 5; i++)
      await Promise.all([timed("/api/health"), timed("/api/tactical-positions/next")]);

    const began = performance.now();
    let finished = false;
    const importing = fetch(`${base}/api/tactical-positions/import/lichess`, {
      method: "POST",
      headers: { "content-type": "text/csv", "x-api-key": API_KEY },
      body: csvOf(ROWS),
    }).finally(() => {
      finished = true;
    });
    const health: number[] = [];
    const next: number[] = [];
    while (!finished) {
      const [h, n] = await Promise.all([
        timed("/api/health"),
        timed("/api/tactical-positions/next?rating=1500"),
      ]);
      health.push(h);
      next.push(n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const response = await importing;
    const importMs = performance.now() - began;
    const summary = await response.json();
    expect(response.status, JSON.stringify(summary)).toBe(200);
    // Two rows of the sample are refused (not legal as lichess wrote them); the rest is stored.
    expect(summary.read).toBe(ROWS);
    expect(summary.imported).toBeGreaterThan(ROWS * 0.99);
    const worst = (values: number[]) => Math.round(Math.max(...values));
    const median = (values: number[]) =>
      Math.round([...values].sort((a, b) => a - b)[values.length >> 1] ?? 0);
    console.log(
      `import of ${ROWS} rows on ${kind.name}: ${Math.round(importMs)} ms; during it ${health.length} rounds, ` +
        `health median ${median(health)} ms, worst ${worst(health)} ms; next median ${median(next)} ms, ` +
        `worst ${worst(next)} ms`,
    );
    expect(health.length).toBeGreaterThan(0);
    expect(worst(health)).toBeLessThan(LATENCY_BOUND_MS);
    expect(worst(next)).toBeLessThan(LATENCY_BOUND_MS);
  }, 180_000);
});
