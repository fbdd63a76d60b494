/**
 * `npm run bench:lighthouse`: Lighthouse (performance, accessibility, best practices, SEO) with its default mobile
 * emulation and simulated throttling, on the production build served by the real server on a fresh seeded SQLite
 * database, for home, /training, a training module, the blog index and a blog post, in Debian's chromium. Writes
 * bench-results/lighthouse.{json,md}. Run `npm run build` first.
 *   LIGHTHOUSE_RUNS=5 npm run bench:lighthouse   (the median of that many runs per page; 3 by default: single runs
 *   vary by several points)
 * Each page is measured three times over: with Lighthouse's defaults (4x this machine's CPU), as on a mid-tier phone
 * (the CPU multiplier calibrated from this machine's benchmark index, as DevTools' CPU calibration does), and as
 * Lighthouse's defaults read on the slower machine class, whose browser runs at a third of this one's pace
 * (LIGHTHOUSE_SLOWER=3 by default; 1 leaves that column out): 4 x 3 = 12x this machine's CPU.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { REPO_ROOT } from "../apps/server/src/config";
import { browserLaunchOptions } from "../e2e/chromium";
import { freePort, startBenchServer, stopBenchServer } from "./bench-server";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** How many times slower the slower machine class runs a browser than the machine measuring (1: not measured). */
const SLOWER = Number(process.env.LIGHTHOUSE_SLOWER ?? 3);
/** Lighthouse's default CPU multiplier of its mobile emulation. */
const DEFAULT_CPU = 4;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The median of the runs that measured it (a run whose trace missed a metric is left out, and said so above). */
const median = (values: number[]) => {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? Number.NaN;
};

/** DevTools' CPU calibration: the benchmark index of a mid-tier phone (a Pixel 5 class device). */
const MID_TIER_INDEX = 1000;

interface Measured {
  scores: Record<string, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU (its benchmark index), the median of the runs. */
  benchmarkIndex: number;
}

/**
 * `RUNS` Lighthouse runs of one page, medians. `cpuSlowdown` replaces the default 4x CPU multiplier of the simulated
 * throttling (undefined: Lighthouse's default settings).
 */
async function measure(url: string, port: number, cpuSlowdown: number | undefined): Promise<Measured> {
  const scores: Record<string, number[]> = {};
  const metrics: Record<string, number[]> = { fcp: [], lcp: [], tbt: [], cls: [], index: [] };
  const path = new URL(url).pathname;
  let retries = 0;
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(
      url,
      { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
      cpuSlowdown === undefined
        ? undefined
        : {
            extends: "lighthouse:default",
            // Only the CPU changes: the rest of the throttling stays Lighthouse's default (slow 4G).
            settings: { throttling: { cpuSlowdownMultiplier: cpuSlowdown } },
          },
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    // Lighthouse's own failure to record the load (NO_NAVSTART, a lost trace) measures nothing about the page:
    // that run is made again, twice at most per page; after that a failed run counts as a score of 0.
    if (result.lhr.runtimeError && retries < 2) {
      retries += 1;
      console.log(`  ${path}: run ${run + 1} failed, made again: ${result.lhr.runtimeError.message}`);
      run -= 1;
      continue;
    }
    for (const category of CATEGORIES) {
      const list = scores[category] ?? [];
      list.push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
      scores[category] = list;
    }
    if (result.lhr.runtimeError)
      console.log(`  ${path}: run ${run + 1} failed: ${result.lhr.runtimeError.message}`);
    const audit = (id: string) => {
      const found = result.lhr.audits[id];
      if (found?.numericValue === undefined)
        console.log(`  ${path}: run ${run + 1} has no ${id}: ${found?.errorMessage ?? "no audit"}`);
      return found?.numericValue ?? Number.NaN;
    };
    metrics.fcp?.push(audit("first-contentful-paint"));
    metrics.lcp?.push(audit("largest-contentful-paint"));
    metrics.tbt?.push(audit("total-blocking-time"));
    metrics.cls?.push(audit("cumulative-layout-shift"));
    metrics.index?.push(result.lhr.environment.benchmarkIndex);
    const failing = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => a.id);
    if (failing.length) console.log(`  ${path}: audits below 0.9: ${failing.join(", ")}`);
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c] ?? [])])),
    fcpMs: Math.round(median(metrics.fcp ?? [])),
    lcpMs: Math.round(median(metrics.lcp ?? [])),
    tbtMs: Math.round(median(metrics.tbt ?? [])),
    cls: Number(median(metrics.cls ?? []).toFixed(3)),
    benchmarkIndex: median(metrics.index ?? []),
  };
}

async function main(): Promise<void> {
  if (!existsSync(join(REPO_ROOT, "apps/site/dist/index.html")))
    throw new Error("Run `npm run build` first.");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "ct-lighthouse-"));
  const server = await startBenchServer(port, dataDir, "lighthouse");
  const base = `http://127.0.0.1:${port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: browserLaunchOptions.executablePath as string,
    chromeFlags: [...(browserLaunchOptions.args ?? []), "--headless=new"],
  });
  try {
    const list = (await (await fetch(`${base}/api/blog/posts?per_page=1`)).json()) as {
      posts: { slug: string }[];
    };
    const slug = list.posts[0]?.slug;
    const pages: [string, string][] = [
      ["home", "/"],
      ["training", "/training"],
      ["training module", "/training/middle-game"],
      ["blog index", "/blog"],
      ...(slug ? ([["blog post", `/blog/${slug}`]] as [string, string][]) : []),
    ];
    const rows: Record<string, string | number>[] = [];
    for (const [name, path] of pages) {
      // Lighthouse's default: 4x the CPU of whatever machine runs it.
      const standard = await measure(`${base}${path}`, chrome.port, undefined);
      // The same page on an emulated mid-tier phone: the CPU slowed so that this machine's benchmark index comes
      // down to DevTools' mid-tier device (a Pixel 5 class phone, index 1000; its CPU calibration). On a fast
      // machine that is less than 4x, on a slow one it can be less than 1x (no throttling, then).
      const index = standard.benchmarkIndex;
      const multiplier = Math.max(1, Math.round((index / MID_TIER_INDEX) * 10) / 10);
      const phone = await measure(`${base}${path}`, chrome.port, multiplier);
      const slower = SLOWER > 1 ? await measure(`${base}${path}`, chrome.port, DEFAULT_CPU * SLOWER) : null;
      const row = {
        page: name,
        path,
        ...standard.scores,
        fcpMs: standard.fcpMs,
        lcpMs: standard.lcpMs,
        tbtMs: standard.tbtMs,
        cls: standard.cls,
        benchmarkIndex: Math.round(index),
        phoneMultiplier: multiplier,
        phonePerformance: phone.scores.performance ?? Number.NaN,
        phoneTbtMs: phone.tbtMs,
        slowerMultiplier: slower ? DEFAULT_CPU * SLOWER : "",
        slowerPerformance: slower?.scores.performance ?? "",
        slowerTbtMs: slower?.tbtMs ?? "",
      };
      console.log(row);
      rows.push(row);
    }
    mkdirSync(join(REPO_ROOT, "bench-results"), { recursive: true });
    writeFileSync(join(REPO_ROOT, "bench-results/lighthouse.json"), `${JSON.stringify(rows, null, 2)}\n`);
    const table = [
      "| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | benchmark index | mid-tier phone: CPU × | performance | TBT ms | slower machine class: CPU × | performance | TBT ms |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows.map(
        (r) =>
          `| ${r.page} (${r.path}) | ${r.performance} | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.benchmarkIndex} | ${r.phoneMultiplier} | ${r.phonePerformance} | ${r.phoneTbtMs} | ${r.slowerMultiplier} | ${r.slowerPerformance} | ${r.slowerTbtMs} |`,
      ),
    ].join("\n");
    // How many runs each median is of: the slower class's column moves by hundreds of ms between sets of three.
    writeFileSync(
      join(REPO_ROOT, "bench-results/lighthouse.md"),
      `Each figure the median of ${RUNS} runs.\n\n${table}\n`,
    );
    console.log(table);
  } finally {
    await chrome.kill();
    await stopBenchServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
