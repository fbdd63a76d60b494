import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../config";

/** The list shipped in the repository (written by common-passwords-build.ts); read where the server runs from. */
export const COMMON_PASSWORDS_FILE = join(REPO_ROOT, "apps/server/src/players/common-passwords.txt");

let loaded: Set<string> | undefined;

/** The list, read once per process (a cache of a file in the repository: nothing else depends on it). */
function commonPasswordSet(): Set<string> {
  loaded ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  return loaded;
}

/** Whether a password is one of the most common ones (compared in lower case). */
export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.toLowerCase());
}
