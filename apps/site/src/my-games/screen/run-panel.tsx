import { Alert, AnalysisProgress, type AnalysisProgressState, Button } from "@ct/ui";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { RunView } from "../controller";
import { RunReport } from "../run-report";
import { useMyGames } from "../use-my-games";

function duration(t: TFunction, seconds: number): string {
  return seconds < 90
    ? t("myGames.progress.seconds", { count: Math.max(1, Math.round(seconds)) })
    : t("myGames.progress.minutes", { count: Math.round(seconds / 60) });
}

/**
 * The analysis run: its progress (games done, the game and stage in hand, speed, time left) with Pause, Resume and
 * Cancel, a warning for the games that failed, the run's report, and New run once it is over.
 */
export function RunPanel({ view }: { view: RunView }) {
  const { t } = useTranslation();
  const { controller } = useMyGames();
  const run = view.run;
  if (!run) return null;
  const games = run.games.filter((game) => game.side);
  const done = games.filter((game) => game.status !== "pending").length;
  const failed = games.filter((game) => game.status === "failed").length;
  const current = view.current ? run.games[view.current.place] : undefined;
  const puzzles = games.reduce((sum, game) => sum + (game.puzzles ?? 0), 0);
  const status =
    run.state === "paused"
      ? t("myGames.progress.paused")
      : run.state === "cancelled"
        ? t("myGames.progress.cancelled")
        : run.state === "done"
          ? t("myGames.progress.done", { puzzles, games: done })
          : null;
  return (
    <div className="flex flex-col gap-3">
      <AnalysisProgress
        state={run.state as AnalysisProgressState}
        done={done}
        total={games.length}
        labels={{
          title: t("myGames.progress.title"),
          progress: t("myGames.progress.label"),
          games: t("myGames.progress.games", { done, total: games.length }),
          current:
            current && view.current
              ? t("myGames.progress.current", {
                  n: view.current.place + 1,
                  white: current.white || "?",
                  black: current.black || "?",
                })
              : null,
          stage: view.current
            ? t(
                view.current.stage === "scan" ? "myGames.progress.stageScan" : "myGames.progress.stageSolve",
                {
                  done: view.current.done,
                  total: view.current.total,
                },
              )
            : null,
          speed:
            view.speed === null
              ? t("myGames.progress.speedUnknown")
              : t("myGames.progress.speed", { speed: Math.round(view.speed * 10) / 10 }),
          left:
            view.secondsLeft !== null && run.state === "running"
              ? t("myGames.progress.left", { time: duration(t, view.secondsLeft) })
              : null,
          status,
          pause: t("myGames.progress.pause"),
          resume: t("myGames.progress.resume"),
          cancel: t("myGames.progress.cancel"),
        }}
        onPause={() => void controller.pause()}
        onResume={() => void controller.resume()}
        onCancel={() => void controller.cancel()}
      />
      {failed > 0 ? <Alert variant="warning">{t("myGames.progress.failed", { count: failed })}</Alert> : null}
      <RunReport run={run} />
      {run.state === "done" || run.state === "cancelled" ? (
        <div>
          <Button variant="secondary" onClick={() => void controller.dismissRun()}>
            {t("myGames.progress.newRun")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
