/**
 * Prints the three hints (English and Arabic), the description and the explanation of puzzles picked at random from
 * the shipped library, as the importer composes them on first start: for reading the texts as a player would.
 *   node --import tsx scripts/sample-hints.ts [--count 10] [--seed 1]
 */
import { parseArgs } from "node:util";
import { columnsOfFirstLine, mapLichessRow, splitCsvLine } from "../apps/server/src/importers/lichess-csv";
import { readLibraryPack } from "../apps/server/src/seed/library-pack";

const { values } = parseArgs({
  options: { count: { type: "string", default: "10" }, seed: { type: "string", default: "1" } },
});
const [header = "", ...lines] = readLibraryPack().trimEnd().split("\n");
const columns = columnsOfFirstLine(header)?.columns;
if (!columns) throw new Error("the library pack has no lichess header");

// A small seeded generator (mulberry32), so a seed names the same sample every time.
let state = Number(values.seed) >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const picked = new Set<number>();
while (picked.size < Math.min(Number(values.count), lines.length))
  picked.add(Math.floor(random() * lines.length));
for (const index of picked) {
  const fields = splitCsvLine(lines[index] ?? "") ?? [];
  const mapped = mapLichessRow(fields, columns);
  if (!mapped.ok) {
    console.log(`line ${index + 2}: ${mapped.reason}`);
    continue;
  }
  const { puzzle } = mapped;
  const hints = JSON.parse(puzzle.hints) as Record<string, string>;
  console.log(`\n### library:${fields[columns.id]} · ${puzzle.fen}`);
  console.log(
    `solution ${JSON.parse(puzzle.solution).join(" ")} · themes ${JSON.parse(puzzle.themes).join(", ")}`,
  );
  for (const [level, name] of ["subtle", "moderate", "explicit"].entries())
    console.log(`  ${level + 1}. ${hints[`${name}_en`]}\n     ${hints[`${name}_ar`]}`);
  console.log(`  description: ${puzzle.description_en}\n               ${puzzle.description_ar}`);
  console.log(`  explanation: ${puzzle.explanation_en}\n               ${puzzle.explanation_ar}`);
}
