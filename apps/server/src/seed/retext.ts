/**
 * `npm run content:retext:seed`: composes the seed positions' texts again from the facts stored beside each one
 * (./coach-facts.ts), without the engine, and rewrites positions.json: what to run after a change to the composer
 * (the engine's build, `npm run content:build:seed`, stores the facts and composes from them the same way).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseSeedEntries, retextEntry } from "./coach-facts";
import { SEED_FILE } from "./seed";

function main(): number {
  const entries = parseSeedEntries(JSON.parse(readFileSync(SEED_FILE, "utf8")));
  let changed = 0;
  const texts = entries.map((entry) => {
    const next = retextEntry(entry);
    if (JSON.stringify(next) !== JSON.stringify(entry)) changed++;
    return next;
  });
  writeFileSync(SEED_FILE, `${JSON.stringify(texts, null, 2)}\n`);
  console.log(`${changed} of ${entries.length} seed positions composed anew → ${SEED_FILE}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(main());
