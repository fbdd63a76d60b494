// Test data shipped with the repository (gzip-compressed), so tests and benchmarks run from a clone alone.
// See testdata/README.md for what each file is.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";

const HERE = dirname(new URL(import.meta.url).pathname);

/** The text of a data file, e.g. `readTestData("games/london-1851.pgn")`. */
export function readTestData(name) {
  return gunzipSync(readFileSync(join(HERE, `${name}.gz`))).toString("utf8");
}

/**
 * A plain file with the data, for code that reads a path (importers, CLIs): decompressed once per process into the
 * system's temporary folder.
 */
export function testDataFile(name) {
  const path = join(tmpdir(), `chess-trainer-testdata-${process.pid}`, name);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, readTestData(name));
  }
  return path;
}
