// Preloaded (`node --import ./scripts/report-usage.mjs …`) by the import benchmark: at exit, prints one line with
// the process's peak resident memory (all threads) and CPU time, which the parent cannot read of a child.
process.on("exit", () => {
  const usage = process.resourceUsage();
  const report = { maxRssKb: usage.maxRSS, cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 };
  process.stdout.write(`\nUSAGE ${JSON.stringify(report)}\n`);
});
