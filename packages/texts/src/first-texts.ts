/**
 * The English texts the first screens need (the shell, home and the trainer), by path in en.ts. The build ships
 * these with the entry and the rest of en.ts as a chunk of its own, which every other screen loads with its code
 * (vite.config.ts `texts()`, router.tsx `allTexts`). A text used on the first screens must be under one of these
 * paths; otherwise those screens show its key. Plain data and a pure function: vite.config.ts reads this file.
 */
export const FIRST_TEXT_PATHS: readonly string[] = [
  "banner",
  "nav",
  "language",
  "theme",
  "common",
  "notFound",
  "board",
  "home",
  // Today's plan on home and the dashboard (issue 39).
  "plan",
  "training",
  "module",
  "notation.stepper",
  "analysis.status",
  "dashboard.link",
  // The Weaknesses mode's link on the module list (issue 39).
  "weaknesses.link",
  // The custom set's link on the module list (issue 39).
  "customSet.link",
  // The endgame course's link on the module list and the Endgame module (issue 40).
  "endgameCourse.moduleLink",
  // The opening repertoire's link on the module list and the Opening module (issue 40).
  "repertoire.moduleLink",
  // Puzzle Storm's and Puzzle Racer's links on the module list (issue 41).
  "storm.link",
  "racer.link",
  // The shell's offer to add an anonymous browser's progress to the account (any page, after a sign-in).
  "sync",
  // The links under a finished puzzle (issue 39, "Around each puzzle"); the analysis board loads the rest.
  "aroundPuzzle.after",
  // "Try again" under a missed puzzle (issue 39, review cards); the review page loads the rest.
  "coachReview.feedback",
  // The board settings panel beside the trainer's board and every other interactive board (issue 42).
  "boardSettings",
];

type Texts = { [key: string]: unknown };

const isTexts = (value: unknown): value is Texts =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Splits `texts` into the parts under `paths` (dotted) and the rest; merged deeply, the two give `texts` back. */
export function splitTexts(texts: Texts, paths: readonly string[]): { first: Texts; rest: Texts } {
  const first: Texts = {};
  const rest: Texts = {};
  for (const [key, value] of Object.entries(texts)) {
    const inner = paths
      .filter((path) => path.startsWith(`${key}.`))
      .map((path) => path.slice(key.length + 1));
    if (paths.includes(key)) first[key] = value;
    else if (inner.length > 0 && isTexts(value)) {
      const part = splitTexts(value, inner);
      if (Object.keys(part.first).length > 0) first[key] = part.first;
      if (Object.keys(part.rest).length > 0) rest[key] = part.rest;
    } else rest[key] = value;
  }
  return { first, rest };
}
