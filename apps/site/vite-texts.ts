import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { en } from "../../packages/texts/src/en";
import { FIRST_TEXT_PATHS, splitTexts } from "../../packages/texts/src/first-texts";

const TEXTS_FIRST = "virtual:texts/en-first";
const TEXTS_REST = "virtual:texts/en-rest";
const EN_FILE = fileURLToPath(new URL("../../packages/texts/src/en.ts", import.meta.url));

/**
 * English in two parts (packages/texts/src/first-texts.ts): `virtual:texts/en-first`, the texts of the shell, home and the
 * trainer, ships with the entry; `virtual:texts/en-rest`, everything else, is a chunk the other screens load. The
 * dev server and Vitest serve all of en.ts as the first part (and nothing as the rest), so edits reload as usual.
 */
export function texts(): Plugin {
  let build = false;
  return {
    name: "chess-trainer:texts",
    configResolved(config) {
      build = config.command === "build";
    },
    resolveId(id) {
      return id === TEXTS_FIRST || id === TEXTS_REST ? `\0${id}` : null;
    },
    load(id) {
      if (id !== `\0${TEXTS_FIRST}` && id !== `\0${TEXTS_REST}`) return null;
      const first = id === `\0${TEXTS_FIRST}`;
      if (!build) {
        return first ? `export { en as default } from ${JSON.stringify(EN_FILE)};` : "export default {};";
      }
      const parts = splitTexts(en, FIRST_TEXT_PATHS);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(first ? parts.first : parts.rest))});`;
    },
  };
}
