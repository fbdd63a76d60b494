/**
 * `node scripts/subset-arabic-font.mjs`: writes packages/ui/src/fonts/noto-sans-arabic-core-{400,600,700}.woff2,
 * the letters, marks, digits and punctuation of Arabic as the site writes it (U+0600–U+0670, U+06D4, the joiners and
 * direction marks) cut from @fontsource/noto-sans-arabic's Arabic files (the SIL Open Font License allows it; the
 * licence is beside them). A page in Arabic then fetches about 14 kB a weight instead of about 50 kB for Arabic's
 * whole script (Persian, Urdu and Quranic letters, presentation forms); a character outside the cut comes from the
 * full file, declared before it (packages/ui/src/fonts/arabic-core.css). Rerun after upgrading the font package.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const files = join(dirname(require.resolve("@fontsource/noto-sans-arabic/package.json")), "files");

/** The code points of the cut: keep in step with the unicode-range of arabic-core.css. */
const RANGES = [
  [0x0600, 0x0670],
  [0x06d4, 0x06d4],
  [0x200c, 0x200f],
];
const text = RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)),
).join("");

for (const weight of [400, 600, 700]) {
  const source = await readFile(join(files, `noto-sans-arabic-arabic-${weight}-normal.woff2`));
  const cut = await subsetFont(source, text, { targetFormat: "woff2" });
  const target = join(root, `packages/ui/src/fonts/noto-sans-arabic-core-${weight}.woff2`);
  await writeFile(target, cut);
  console.log(`${weight}: ${source.length} → ${cut.length} bytes`);
}
