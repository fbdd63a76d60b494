import { Alert } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { MISTAKE_RULE, runOutcome } from "./outcome";
import type { Run, RunGame } from "./store";

/**
 * Under a finished (or cancelled) run: why it made no puzzle, when it made none, and the games it analysed with
 * what each gave, so a run that finds nothing is never silent about what it looked at.
 */
export function RunReport({ run }: { run: Run }) {
  const { t, i18n } = useTranslation();
  const outcome = runOutcome(run);
  // Isolated (U+2068 … U+2069): a percentage keeps its sign on the same side in an Arabic sentence.
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent" });
  const rule = {
    from: `\u2068${percent.format(MISTAKE_RULE.fromPercent / 100)}\u2069`,
    to: `\u2068${percent.format(MISTAKE_RULE.toPercent / 100)}\u2069`,
  };
  if (run.state !== "done" && run.state !== "cancelled") return null;
  return (
    <div data-slot="my-games-report" className="flex flex-col gap-3">
      {outcome.reason ? (
        <Alert variant="info" data-slot="my-games-no-puzzle">
          <p className="m-0">
            {outcome.reason === "no-single-answer"
              ? t("myGames.report.noSingleAnswer", { count: outcome.mistakes, ...rule })
              : outcome.reason === "no-mistake"
                ? t("myGames.report.noMistake", rule)
                : t("myGames.report.notAnalysed")}
          </p>
        </Alert>
      ) : null}
      {outcome.games.length > 0 ? (
        <section aria-labelledby="my-games-report-title" className="flex flex-col gap-2">
          <h3 id="my-games-report-title" className="m-0 text-base font-bold text-fg">
            {t("myGames.report.title")}
          </h3>
          <ol className="m-0 flex list-none flex-col gap-1 p-0 text-sm">
            {outcome.games.map((game, place) => (
              <li key={game.index} data-slot="my-games-report-game" className="text-fg">
                {t("myGames.report.game", {
                  n: place + 1,
                  players: `\u2068${game.white || "?"} – ${game.black || "?"}\u2069`,
                  side: t(`myGames.games.sides.${game.side ?? "skip"}`),
                })}{" "}
                <span className="text-fg-muted">{gameResult(game, t)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

function gameResult(game: RunGame, t: ReturnType<typeof useTranslation>["t"]): string {
  if (game.status === "pending") return t("myGames.report.pending");
  if (game.status === "failed") return t("myGames.report.failed");
  const puzzles = game.puzzles ?? 0;
  const mistakes = game.mistakes ?? 0;
  if (mistakes === 0) return t("myGames.report.noMistakes");
  return puzzles === 0
    ? t("myGames.report.mistakesNoPuzzle", { mistakes })
    : t("myGames.report.mistakesPuzzles", { mistakes, puzzles });
}
