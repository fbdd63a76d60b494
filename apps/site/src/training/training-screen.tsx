import { Alert, Button, loadBoardRules, Spinner } from "@ct/ui";
import { useDeferredValue, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "../app/routing";
import { useHydrated } from "../lib/hydration";
import { Page } from "../pages/page";
import { progress } from "./progress";
import { readPuzzleAddress } from "./puzzle-address";
import { ActionBar } from "./screen/action-bar";
import { usePuzzleAddress } from "./screen/address";
import { BoardColumn, BoardLayout, TrainingBoardSettings, TrainingMoveInput } from "./screen/board-area";
import { ModuleHeader, OpeningComplete } from "./screen/header";
import { GameInfo, Moves, PositionString } from "./screen/moves-card";
import { ScreenReaderSkipLink } from "./screen/screen-reader";
import { useSessionRecording } from "./screen/session-recording";
import { laterParts, MistakeProvider, ReplayProvider } from "./screen/shared";
import { Feedback, Hints, Task } from "./screen/side-panel";
import { backLinkClass, type TrainingSet } from "./screen/training-set";
import {
  TrainingFlowProvider,
  useTrainingEvents,
  useTrainingPosition,
  useTrainingScreen,
} from "./training-flow";
import { TrainingStoreProvider } from "./training-store";

export { backLinkClass, type TrainingSet } from "./screen/training-set";

/*
 * The training screen, composed of its parts in ./screen/: the title bar and filters (header.tsx), the board and its
 * appearance (board-area.tsx), the side panel's task, feedback and hint cards (side-panel.tsx), the moves, game and
 * FEN cards (moves-card.tsx), the buttons that become a bar fixed to the bottom on a phone (action-bar.tsx), the
 * visit's progress records (session-recording.ts), and the contexts the parts share (shared.tsx).
 */

/** The training screen of one set: its flow, its client store and the screen itself. */
export function TrainingSetScreen({ set }: { set: TrainingSet }) {
  // The screen starts from this browser's storage (the board's look, the order, the progress): the server and the
  // hydrating render show the loading page, which is also what the screen shows until its first position arrives.
  if (!useHydrated()) return <LoadingModule />;
  return <TrainingSetFlow set={set} />;
}

/** The loading page of a training screen ('Loading Training Module', spec section 2). */
export function LoadingModule() {
  const { t } = useTranslation();
  return (
    <Page title={t("training.loadingModule")}>
      <Spinner label={t("training.loadingModule")} layout="inline" size="lg" />
    </Page>
  );
}

function TrainingSetFlow({ set }: { set: TrainingSet }) {
  // A puzzle's address names the puzzle to start at and the order (../puzzle-address.ts); without one, a module
  // starts in the order the player chose last time (the spec's order by default); a theme is by rating.
  const { search } = useLocation();
  const [{ rated, start }] = useState(() => {
    const address = set.address ? readPuzzleAddress(search) : null;
    if (address?.order && set.phase !== null) progress.setOrder(address.order);
    if (address?.difficulty) progress.setDifficulty(address.difficulty);
    return {
      rated: !set.ids && (set.phase === null || progress.rating().order === "rated"),
      start: address?.puzzle ?? undefined,
    };
  });
  // chess.js (the board's legal-move dots and check highlight) and the cards shown once the player acts load right
  // after the first paint, beside the first position, so they are there by the time the board is; the flow loads
  // its own rules as it starts. What needs them before they arrive waits for them.
  useEffect(() => {
    loadBoardRules().catch(() => undefined);
    laterParts.preload().catch(() => undefined);
  }, []);
  return (
    <TrainingStoreProvider key={set.scenarioId}>
      <TrainingFlowProvider
        key={set.scenarioId}
        phase={set.phase}
        rated={rated}
        themes={set.themes}
        ids={set.ids}
        start={start}
        logic={set.logic}
      >
        <TrainingScreen set={set} />
      </TrainingFlowProvider>
    </TrainingStoreProvider>
  );
}

function TrainingScreen({ set }: { set: TrainingSet }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screen = useTrainingScreen();
  const events = useTrainingEvents();
  const position = useTrainingPosition();
  useSessionRecording(set);
  usePuzzleAddress(set);

  // Every puzzle shown joins the recently seen ones, which the library's next choice leaves out.
  const shownId = position?.id;
  useEffect(() => {
    if (shownId !== undefined) progress.markSeen(shownId);
  }, [shownId]);

  useEffect(() => {
    if (screen.complete) navigate(set.back.to);
  }, [screen.complete, navigate, set.back.to]);

  // The whole screen mounts when the first position arrives: as a deferred render, which React does in slices
  // between which the browser stays responsive, instead of one long task.
  const loading = useDeferredValue(screen.loading);
  if (loading && !screen.loadError) return <LoadingModule />;
  if (screen.loadError) {
    return (
      <Page title={t("training.errorLoadingModule")}>
        <div className="flex flex-col items-start gap-4">
          <Alert variant="error">{t(`training.loadError.${screen.loadError}`)}</Alert>
          <div className="flex flex-wrap gap-2">
            <Button onClick={events.retry}>{t("training.retry")}</Button>
            {screen.canDismissError ? (
              <Button variant="secondary" onClick={events.dismissError}>
                {t("training.backToPosition")}
              </Button>
            ) : null}
            <Link to={set.back.to} className={backLinkClass}>
              {set.back.label}
            </Link>
          </div>
        </div>
      </Page>
    );
  }
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-[1240px] flex-col gap-3 px-4 pt-2 pb-24 lg:pt-3 lg:pb-4"
    >
      <ScreenReaderSkipLink />
      {/* One block above the board, which the board's fit watches: a notice that appears (a streak's end, an
          opening's Complete) makes the board smaller instead of pushing it below the window's edge. */}
      <div data-slot="training-top" className="flex flex-col gap-3">
        <ModuleHeader set={set} />
        {set.notice}
        <OpeningComplete />
      </div>
      <ReplayProvider>
        <MistakeProvider>
          <BoardLayout>
            <BoardColumn />
            {/*
          The side panel from 992 px: the task, the buttons and the feedback first, so they fit one screen beside
          the board. Narrower, the panel's cards join the page's single column (display: contents) in the order a
          player on a phone needs them: the board, its feedback right under it, the hint, then the task and the
          rest; the buttons sit in an action bar fixed to the bottom of the screen.
        */}
            <div data-slot="side-panel" className="max-lg:contents lg:flex lg:min-w-0 lg:flex-col lg:gap-3">
              <Task scenarioId={set.scenarioId} note={set.taskNote} className="max-lg:order-4" />
              <TrainingMoveInput className="max-lg:order-3" />
              <ActionBar />
              <Feedback className="max-lg:order-2" />
              <Hints className="max-lg:order-3" />
              <TrainingBoardSettings className="max-lg:order-8" />
              <Moves className="max-lg:order-5" />
              <GameInfo className="max-lg:order-6" />
              <PositionString className="max-lg:order-7" />
            </div>
          </BoardLayout>
        </MistakeProvider>
      </ReplayProvider>
    </main>
  );
}
