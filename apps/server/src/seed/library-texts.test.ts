/**
 * The texts of everything a fresh install ships, checked whole: the 10,000-puzzle library as the importer composes
 * it on first start (./seed.ts → mapLichessRow) and the seed positions as stored, with chess.js, independently of
 * the composer's own board code (chessops).
 */
import { readFileSync } from "node:fs";
import {
  type CoachInput,
  type CoachTexts,
  coachingProblems,
  composeStepHints,
  hintProblems,
} from "@ct/chess";
import { Chess } from "chess.js";
import { beforeAll, describe, expect, it } from "vitest";
import { columnsOfFirstLine, mapLichessRow, splitCsvLine } from "../importers/lichess-csv";
import { coachInputOf, parseSeedEntries } from "./coach-facts";
import { readLibraryPack } from "./library-pack";
import { coachTextsOf, SEED_FILE } from "./seed";

interface Shipped {
  /** The id a fresh install gives it: the seed positions first, then the library in pack order. */
  id: number;
  input: CoachInput;
  texts: CoachTexts;
}

const iso = (text: string) => `\u2066${text}\u2069`;
const NAME: Record<string, string> = {
  k: "king",
  q: "queen",
  r: "rook",
  b: "bishop",
  n: "knight",
  p: "pawn",
};

/** The library as the importer stores it on first start, numbered after the seed positions. */
function library(first: number): Shipped[] {
  const [header = "", ...lines] = readLibraryPack().trimEnd().split("\n");
  const columns = columnsOfFirstLine(header)?.columns;
  if (!columns) throw new Error("the library pack has no lichess header");
  return lines.map((line, index) => {
    const mapped = mapLichessRow(splitCsvLine(line) ?? [], columns);
    if (!mapped.ok) throw new Error(`library row ${index + 1}: ${mapped.reason}`);
    const { puzzle } = mapped;
    const themes = JSON.parse(puzzle.themes) as string[];
    const mateIn = themes.map((theme) => /^mateIn([1-9])$/.exec(theme)?.[1]).find(Boolean);
    return {
      id: first + index,
      input: {
        fen: puzzle.fen,
        solution: JSON.parse(puzzle.solution) as string[],
        themes,
        ...(mateIn ? { mate: Number(mateIn) } : {}),
      },
      texts: { ...puzzle, hints: JSON.parse(puzzle.hints) as CoachTexts["hints"] },
    };
  });
}

/**
 * Bound on each test, not its speed: the three tests and the import take about 27 s of CPU in all on this machine,
 * but a runner shared with other suites stretches that in wall-clock time.
 */
const HANG = 180_000;

/** Explicit hints that give the move and only a generic outcome ("Play Nxe5: it gives you a decisive advantage."). */
const GENERIC =
  /^Play \S+: (it starts a forced mate in \d+ moves?|it holds the draw|it gives you a decisive advantage|it gives you the better game|it is the strongest move here|it clears the way for the pawn to promote|after \S+ \S+, \S+ \S+ follows)\.$/;

describe("the texts of the whole shipped content (124 seed positions and the 10,000-puzzle library)", () => {
  let seed: Shipped[];
  let pack: Shipped[];

  beforeAll(() => {
    seed = parseSeedEntries(JSON.parse(readFileSync(SEED_FILE, "utf8"))).map((entry, index) => ({
      id: index + 1,
      input: coachInputOf(entry),
      texts: coachTextsOf(entry),
    }));
    pack = library(seed.length + 1);
  }, HANG);

  it(
    "makes only true claims in the library: material at the end of the line, a pawn a step from queening, a draw, the move's effect, mates",
    () => {
      expect(pack.length).toBeGreaterThan(9_000);
      const problems = pack.flatMap(({ id, input, texts }) =>
        coachingProblems(input, texts).map((problem) => `#${id}: ${problem}`),
      );
      expect(problems).toEqual([]);
    },
    HANG,
  );

  it("says in the explicit hint what the move does: at most 2 % give only the move and a generic outcome", () => {
    const all = [...seed, ...pack];
    const generic = all.filter(({ texts }) => GENERIC.test(texts.hints.explicit_en));
    // 2,001 of 9,585 (20.9 %) before the explicit hint named the capture, check and mate of the move.
    expect(generic.length / all.length).toBeLessThan(0.02);
  });

  it(
    "hints at every step of the line: the piece on its square at that step, that step's move, and every claim they make",
    () => {
      const problems: string[] = [];
      let steps = 0;
      for (const { id, input } of [...seed, ...pack]) {
        const game = new Chess(input.fen);
        input.solution.forEach((uci, ply) => {
          // The step's move as chess.js plays it: its piece, its notation and the position it was played in.
          const played = game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
          if (ply % 2 === 0 && ply > 0) {
            steps++;
            const hints = composeStepHints({ ...input, ply });
            const from = played.from;
            const { san } = played;
            const said = /^Your (\w+) on ([a-h][1-8]) (?:goes to|takes on|promotes on) ([a-h][1-8])/.exec(
              hints.moderate_en,
            );
            if (!said || said[2] !== from || said[3] !== uci.slice(2, 4) || NAME[played.piece] !== said[1])
              problems.push(
                `#${id} ply ${ply}: "${hints.moderate_en}" but ${played.piece} on ${from} plays ${san}`,
              );
            if (!hints.moderate_ar.includes(`الذي على ${iso(from)} `))
              problems.push(`#${id} ply ${ply}: Arabic moderate hint lacks ${from}`);
            if (!hints.explicit_en.startsWith(`Play ${san}: `) || !hints.explicit_ar.includes(iso(san)))
              problems.push(`#${id} ply ${ply}: "${hints.explicit_en}" is not ${san}`);
            if (/(?<![A-Za-z])[a-h][1-8](?![0-9])/.test(hints.subtle_en + hints.subtle_ar))
              problems.push(`#${id} ply ${ply}: the subtle hint names a square`);
            // Every claim (what is won, attacked, forked, threatened, mated, a pawn near queening, a draw), checked
            // against the rest of the line played from this step.
            const rest: CoachInput = {
              fen: played.before,
              solution: input.solution.slice(ply),
              themes: input.themes,
              cp: input.cp,
              mate: input.mate === undefined ? undefined : input.mate - ply / 2,
            };
            for (const problem of hintProblems(rest, hints)) problems.push(`#${id} ply ${ply}: ${problem}`);
          }
        });
      }
      expect(steps).toBeGreaterThan(5_000);
      expect(problems).toEqual([]);
    },
    HANG,
  );
});
