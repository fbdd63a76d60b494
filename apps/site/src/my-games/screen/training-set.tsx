import type { FirstLoad, FirstLoadInput } from "@ct/machines";
import { Spinner } from "@ct/ui";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { Page } from "../../pages/page";
import { siteTrainingFlowMachine } from "../../training/training-flow";
import { TrainingSetScreen } from "../../training/training-screen";
import { MY_GAMES_SCENARIO } from "../ids";
import { myGamesPositions } from "../positions";
import { toPosition } from "../puzzle";
import { useMyGames } from "../use-my-games";

import { CurrentGameNote } from "./game-note";

/** The set's training flow: the same machine as every set, its positions read from this browser's store. */
const myGamesFlowMachine = siteTrainingFlowMachine.provide({
  actors: {
    loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async () => {
      const list = await myGamesPositions();
      return { position: list[0] ?? null, total: list.length, list };
    }),
  },
});

/**
 * The set in the training screen (`?train`): the puzzles kept in this browser, each with the note of the game it
 * came from under the title bar; a spinner while the store is read.
 */
export function TrainMyGames() {
  const { t } = useTranslation();
  const { view } = useMyGames();
  const byId = useMemo(
    () => new Map(view.puzzles.map((puzzle, index) => [toPosition(puzzle, index).id, puzzle])),
    [view.puzzles],
  );
  if (!view.loaded) {
    return (
      <Page title={t("training.loadingModule")}>
        <Spinner label={t("training.loadingModule")} layout="inline" size="lg" />
      </Page>
    );
  }
  const ids = view.puzzles.map((_, index) => -(index + 1));
  return (
    <TrainingSetScreen
      set={{
        scenarioId: MY_GAMES_SCENARIO,
        title: t("myGames.set.setTitle"),
        description: t("myGames.set.setDescription"),
        phase: null,
        themes: [],
        ids,
        total: ids.length,
        back: { to: "/training/my-games", label: t("myGames.set.back") },
        logic: myGamesFlowMachine,
        tools: false,
        notice: <CurrentGameNote byId={byId} />,
      }}
    />
  );
}
