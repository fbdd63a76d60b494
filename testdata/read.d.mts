/** The text of a data file, e.g. `readTestData("games/london-1851.pgn")`. */
export function readTestData(name: string): string;
/** A plain, decompressed copy of a data file on disk, for code that reads a path. */
export function testDataFile(name: string): string;
