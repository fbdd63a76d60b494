import { Spinner } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "../app/routing";
import { GamesInput } from "../my-games/screen/games-input";
import { RunPanel } from "../my-games/screen/run-panel";
import { SetPanel } from "../my-games/screen/set-panel";
import { TrainMyGames } from "../my-games/screen/training-set";
import { useMyGames } from "../my-games/use-my-games";
import { Page } from "./page";

/**
 * /training/my-games (issue 22): the visitor's own games become puzzles. Paste PGN or open a file, say which side was
 * theirs, and the analysis runs in a Web Worker (Stockfish and the shared generator), one game after another; the
 * puzzles are kept in this browser (IndexedDB) and trained in the training screen (`?train`).
 */
export function Component() {
  const [params] = useSearchParams();
  return params.has("train") ? <TrainMyGames /> : <MyGamesPage />;
}

/** The page itself: the run in progress (or just over), the games to analyse while none runs, and the set. */
function MyGamesPage() {
  const { t } = useTranslation();
  const { view } = useMyGames();
  const active = view.run && (view.run.state === "running" || view.run.state === "paused");
  return (
    <Page title={t("myGames.title")}>
      <div className="flex max-w-4xl flex-col gap-6">
        <p className="m-0 text-fg-muted">{t("myGames.intro")}</p>
        {!view.loaded ? (
          <Spinner label={t("common.loading")} layout="inline" />
        ) : (
          <>
            {view.run ? <RunPanel view={view} /> : null}
            {active ? null : <GamesInput />}
            <SetPanel puzzles={view.puzzles} />
          </>
        )}
      </div>
    </Page>
  );
}
