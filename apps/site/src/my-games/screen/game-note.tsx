import { applyMove, describeRefutation } from "@ct/chess";
import { isolateLtr } from "@ct/ui";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { numberedLine, refutationSentence } from "../../engine/refutation-text";
import { useTrainingPosition } from "../../training/training-flow";
import type { MyGamePuzzle } from "../puzzle";

/** The note of the puzzle on the board (rendered inside the training flow, under the title bar). */
export function CurrentGameNote({ byId }: { byId: ReadonlyMap<number, MyGamePuzzle> }) {
  const { t } = useTranslation();
  const position = useTrainingPosition();
  const puzzle = position ? byId.get(position.id) : undefined;
  return puzzle ? <GameNote puzzle={puzzle} t={t} /> : null;
}

/** "In the game you played 4. d3?" and what the engine answers to it. */
function GameNote({ puzzle, t }: { puzzle: MyGamePuzzle; t: TFunction }) {
  const afterFen = useMemo(() => fenAfterPlayed(puzzle), [puzzle]);
  const summary = useMemo(() => describeRefutation(afterFen, puzzle.refutation), [afterFen, puzzle]);
  const move = isolateLtr(numberedLine(puzzle.fen, puzzle.played.san, []).replace("?", ""));
  return (
    <div
      data-slot="game-note"
      className="flex flex-col gap-1 rounded-lg border border-line bg-surface px-4 py-2 text-sm text-fg shadow-sm"
    >
      <p className="m-0">
        {t("myGames.note.played", { move })}{" "}
        {refutationSentence(t, isolateLtr(puzzle.played.san), {
          ...summary,
          reply: isolateLtr(summary.reply),
        })}
      </p>
      {summary.line.length > 0 ? (
        <p className="m-0 text-fg-muted max-lg:hidden" data-slot="game-note-line">
          {t("myGames.note.line", {
            line: isolateLtr(numberedLine(puzzle.fen, puzzle.played.san, summary.line.slice(0, 6))),
          })}
        </p>
      ) : null}
    </div>
  );
}

/** The position after the move played in the game: where the engine's refutation starts. */
function fenAfterPlayed(puzzle: MyGamePuzzle): string {
  const result = applyMove(puzzle.fen, puzzle.played.uci);
  return result.ok ? result.fen : puzzle.fen;
}
