import type { PhaseCounts, Position } from "@ct/contract";
import { createScenario, type MoveFeedback, sideToMove } from "@ct/machines";
import {
  Alert,
  Board,
  type BoardKeyboardLabels,
  Button,
  cn,
  FeedbackCard,
  FenBar,
  GameInfoCard,
  type GameInfoLabels,
  HintCard,
  MoveList,
  OpeningFilter,
  type PieceCode,
  PuzzleIdInput,
  Spinner,
  TaskPanel,
  TitleBar,
  TrainingControls,
  type TrainingControlsLabels,
} from "@ct/ui";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { positionsApi } from "../api/positions";
import { Link, useNavigate, useParams } from "../app/routing";
import { refutationSentence } from "../engine/refutation-text";
import { moduleById, type TrainingModule } from "../training/modules";
import { openingLabel, openingOptions } from "../training/openings";
import { progress, usePositionProgress, useSolvedCount } from "../training/progress";
import {
  TrainingFlowProvider,
  useTrainingBoard,
  useTrainingControls,
  useTrainingEmitted,
  useTrainingEvents,
  useTrainingFeedback,
  useTrainingHints,
  useTrainingMoves,
  useTrainingNavigation,
  useTrainingNotice,
  useTrainingPosition,
  useTrainingProgress,
  useTrainingScreen,
} from "../training/training-flow";
import {
  TrainingStoreProvider,
  useBoardSettings,
  useSessionCounters,
  useTrainingStoreEvents,
} from "../training/training-store";
import { type RefutationState, useRefutation } from "../training/use-refutation";
import { useResource } from "../training/use-resource";
import { Page } from "./page";

type Language = "en" | "ar";

/** A text of the position in the page's language, English when the Arabic one is missing. */
function localized(language: Language, english: string, arabic: string | null | undefined): string {
  return language === "ar" && arabic ? arabic : english;
}

const backLinkClass =
  "inline-flex items-center rounded-md border border-neutral-300 bg-white px-4 py-2 text-sm font-semibold text-neutral-900 hover:bg-neutral-100";

/** /training/{moduleId} (spec section 2): the training screen of one game phase. */
export function Component() {
  const { t } = useTranslation();
  const { moduleId } = useParams();
  const module = moduleById(moduleId);
  if (!module) {
    return (
      <Page title={t("training.moduleNotFound")}>
        <p className="mb-6 text-neutral-700">{t("training.moduleNotFoundBody")}</p>
        <Link to="/training" className={backLinkClass}>
          {t("training.backToModules")}
        </Link>
      </Page>
    );
  }
  return (
    <TrainingStoreProvider key={module.id}>
      <TrainingFlowProvider key={module.id} phase={module.phase}>
        <TrainingScreen module={module} />
      </TrainingFlowProvider>
    </TrainingStoreProvider>
  );
}

/** A session of the local progress records per visit, fed by the flow's emitted events (spec section 4). */
function useSessionRecording(module: TrainingModule, total: number) {
  const { t } = useTranslation();
  const store = useTrainingStoreEvents();
  const totalRef = useRef(total);
  totalRef.current = total;
  // The scenario's title in the language of the moment it starts; switching language starts no new session.
  const titlesRef = useRef({ title: "", description: "" });
  titlesRef.current = {
    title: t(`training.modules.${module.key}.title`),
    description: t(`training.modules.${module.key}.description`),
  };

  useEffect(() => {
    const start = () => progress.startSession(module.scenarioId);
    const end = () => progress.endSession(totalRef.current > 0 ? { totalPositions: totalRef.current } : {});
    // Closing or reloading the tab ends the visit too; a page restored from the back-forward cache starts anew.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) start();
    };
    start();
    store.start(createScenario({ phase: module.phase, ...titlesRef.current, positions: [] }));
    window.addEventListener("pagehide", end);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", end);
      window.removeEventListener("pageshow", onPageShow);
      end();
      store.end();
    };
  }, [module, store]);

  const handlers = useMemo(
    () => ({
      "progress.move": (event: {
        position: Position;
        fen: string;
        move: string;
        evaluation: "best" | "mistake";
        timeSpentMs: number;
      }) => {
        progress.recordMove({
          positionId: String(event.position.id),
          fen: event.fen,
          move: event.move,
          evaluation: event.evaluation,
          timeSpentMs: event.timeSpentMs,
        });
        store.recordMove(event.evaluation === "best");
      },
      "progress.hint": () => store.recordHint(),
      "progress.complete": () => {
        progress.endSession({
          completed: true,
          ...(totalRef.current > 0 ? { totalPositions: totalRef.current } : {}),
        });
        store.complete();
      },
    }),
    [store],
  );
  useTrainingEmitted(handlers);
}

function TrainingScreen({ module }: { module: TrainingModule }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screen = useTrainingScreen();
  const events = useTrainingEvents();
  const counts = useResource<PhaseCounts>(() => positionsApi.phaseCounts());
  const total = counts.data?.counts[module.phase] ?? 0;
  useSessionRecording(module, total);

  useEffect(() => {
    if (screen.complete) navigate("/training");
  }, [screen.complete, navigate]);

  if (screen.loading) {
    return (
      <Page title={t("training.loadingModule")}>
        <Spinner label={t("training.loadingModule")} layout="inline" size="lg" />
      </Page>
    );
  }
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
            <Link to="/training" className={backLinkClass}>
              {t("training.backToModules")}
            </Link>
          </div>
        </div>
      </Page>
    );
  }
  return (
    <main id="main" className="mx-auto flex w-full max-w-[1240px] flex-col gap-4 px-4 py-6">
      <ModuleTitle module={module} total={total} />
      <div className="grid gap-4 md:grid-cols-2">
        <FilterBar />
        <PuzzleIdBar />
      </div>
      {/*
        One grid, so the reading order suits every width: below 768 px one column (task, board and its controls,
        feedback, hint, moves, game); from 768 px the cards under the board pair up; from 992 px the board takes
        the start column (up to 800 px) and the cards stack in the 380 px side panel. Right to left mirrors it.
      */}
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-[minmax(0,800px)_380px] lg:grid-rows-[repeat(4,auto)_1fr] lg:justify-center lg:gap-x-6">
        <Task scenarioId={module.scenarioId} className={cn(SIDE, "md:col-span-2 lg:col-span-1")} />
        <div className="flex min-w-0 flex-col gap-4 self-start md:col-span-2 lg:col-span-1 lg:col-start-1 lg:row-span-5 lg:row-start-1">
          <TrainingBoard />
          <Controls />
          <PositionString />
        </div>
        <Feedback className={SIDE} />
        <Hints className={SIDE} />
        <Moves className={SIDE} />
        <GameInfo className={SIDE} />
      </div>
    </main>
  );
}

/** A card of the side panel: the second column from 992 px on. */
const SIDE = "self-start lg:col-start-2";

function ModuleTitle({ module, total }: { module: TrainingModule; total: number }) {
  const { t } = useTranslation();
  const solved = useSolvedCount(module.scenarioId);
  const session = useSessionCounters();
  return (
    <TitleBar
      title={t(`training.modules.${module.key}.title`)}
      subtitle={t("training.session", session)}
      value={solved}
      max={Math.max(total, solved)}
      progressLabel={t("training.progress")}
      progressText={t("training.progressValue", { completed: solved, total: Math.max(total, solved) })}
      actions={
        <Link to="/training" className={backLinkClass}>
          {t("training.backToModules")}
        </Link>
      }
    />
  );
}

function FilterBar() {
  const { t, i18n } = useTranslation();
  const { opening, canFilter } = useTrainingNavigation();
  const { busy } = useTrainingScreen();
  const notice = useTrainingNotice();
  const events = useTrainingEvents();
  // The choice shows at once; the flow takes it over when its load is done.
  const [requested, setRequested] = useState<string | null | undefined>(undefined);
  const options = useMemo(() => openingOptions(i18n.language), [i18n.language]);
  const choose = (value: string | null) => {
    setRequested(value);
    events.filter(value);
  };
  return (
    <OpeningFilter
      className="rounded-lg border border-neutral-200 bg-white p-4 shadow-sm"
      openings={options}
      value={busy && requested !== undefined ? requested : opening}
      onValueChange={choose}
      onClear={() => choose(null)}
      label={t("training.filter.label")}
      allLabel={t("training.filter.all")}
      clearLabel={t("training.filter.clear")}
      message={notice?.kind === "no-positions-for-opening" ? t("training.filter.empty") : null}
      disabled={!canFilter}
    />
  );
}

function PuzzleIdBar() {
  const { t } = useTranslation();
  const { busy } = useTrainingScreen();
  const notice = useTrainingNotice();
  const events = useTrainingEvents();
  const result =
    notice?.kind === "loaded-puzzle"
      ? { kind: "success" as const, text: t("training.puzzleId.loaded", { id: notice.id }) }
      : notice?.kind === "puzzle-not-found"
        ? { kind: "error" as const, text: t("training.puzzleId.notFound") }
        : null;
  return (
    <PuzzleIdInput
      className="rounded-lg border border-neutral-200 bg-white p-4 shadow-sm"
      label={t("training.puzzleId.label")}
      goLabel={t("training.puzzleId.go")}
      invalidMessage={t("training.puzzleId.invalid")}
      onGo={events.goToId}
      loading={busy}
      result={result}
    />
  );
}

function TrainingBoard() {
  const { t } = useTranslation();
  const board = useTrainingBoard();
  const settings = useBoardSettings();
  const events = useTrainingEvents();
  const { empty } = useTrainingScreen();
  const pieceLabels = t("board.pieces", { returnObjects: true }) as Record<PieceCode, string>;
  const keyboardLabels = t("board.keyboard", { returnObjects: true }) as BoardKeyboardLabels;
  if (empty || !board.fen) {
    return (
      <div
        data-slot="board-placeholder"
        className="flex aspect-square w-full max-w-board items-center justify-center rounded bg-neutral-200 p-6 text-center text-neutral-700"
      >
        {t("training.noPosition")}
      </div>
    );
  }
  const side = sideToMove(board.fen);
  return (
    <Board
      boardId="training"
      fen={board.fen}
      orientation={board.orientation}
      label={t("training.boardLabel", { side: t(`training.game.sides.${side}`) })}
      pieceLabels={pieceLabels}
      keyboardLabels={keyboardLabels}
      interactive={board.canMove}
      onMove={(move) => events.play(`${move.from}${move.to}${move.promotion ?? ""}`)}
      lastMove={board.lastMove}
      showLegalMoves={settings.showLegalMoves}
      showCoordinates={settings.showCoordinates}
      showLastMove={settings.showLastMove}
      highlightCheck={settings.highlightCheck}
      animationDurationInMs={settings.animationDuration}
    />
  );
}

function Controls() {
  const { t } = useTranslation();
  const controls = useTrainingControls();
  const events = useTrainingEvents();
  return (
    <TrainingControls
      labels={t("training.controls", { returnObjects: true }) as TrainingControlsLabels}
      onPrevious={events.previous}
      onReset={events.reset}
      onHint={events.hint}
      onShowAnswer={events.showAnswer}
      onNext={events.next}
      onComplete={events.complete}
      isLast={controls.atEnd}
      disabled={{
        previous: !controls.previous,
        reset: !controls.reset,
        hint: !controls.hint,
        showAnswer: !controls.showAnswer,
        next: controls.atEnd ? !controls.complete : !controls.next,
      }}
    />
  );
}

function PositionString() {
  const { t } = useTranslation();
  const { fen } = useTrainingBoard();
  if (!fen) return null;
  return (
    <FenBar
      fen={fen}
      label={t("training.fen.label")}
      copyLabel={t("training.fen.copy")}
      copiedLabel={t("training.fen.copied")}
      copyFailedLabel={t("training.fen.copyFailed")}
    />
  );
}

function Task({ scenarioId, className }: { scenarioId: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const position = useTrainingPosition();
  const place = useTrainingProgress();
  const notice = useTrainingNotice();
  const { busy, empty } = useTrainingScreen();
  const record = usePositionProgress(scenarioId, position?.id ?? null);
  const label = place
    ? t("training.task.position", { n: place.current, total: place.total })
    : position
      ? t("training.task.puzzle", { id: position.id })
      : "";
  const status = busy
    ? t("training.loadingPosition")
    : empty
      ? notice?.kind === "no-positions-for-opening"
        ? t("training.filter.empty")
        : t("training.noPosition")
      : null;
  return (
    <TaskPanel
      className={className}
      title={t("training.task.title")}
      position={label}
      description={position ? localized(language, position.description_en, position.description_ar) : null}
      status={status}
    >
      {record ? (
        <p
          className="m-0 flex flex-wrap items-center gap-2 text-sm text-neutral-700"
          data-testid="position-record"
        >
          {record.completed ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 font-semibold text-green-900">
              <span aria-hidden>✓</span>
              {t("training.solvedBadge")}
            </span>
          ) : null}
          <span>{t("training.attempts", { count: record.attempts })}</span>
        </p>
      ) : null}
    </TaskPanel>
  );
}

const FEEDBACK_TEXT: Record<MoveFeedback["message"], string> = {
  correct: "training.feedback.correct",
  continue: "training.feedback.continue",
  answer: "training.feedback.answer",
  mistake: "training.feedback.incorrect",
  invalid: "training.feedback.invalid",
};

function Feedback({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const feedback = useTrainingFeedback();
  const position = useTrainingPosition();
  const { solved } = useTrainingBoard();
  const refutation = useRefutation(feedback);
  if (!feedback) return null;
  return (
    <FeedbackCard
      className={className}
      kind={feedback.kind}
      kindLabel={t(`training.feedback.kinds.${feedback.kind}`)}
      message={t(FEEDBACK_TEXT[feedback.message])}
      explanation={
        solved && position ? localized(language, position.explanation_en, position.explanation_ar) : null
      }
      extra={feedback.kind === "mistake" ? <WhyNot state={refutation} t={t} /> : null}
    />
  );
}

/** Plies of the engine's line shown under the refutation: the reply and what follows, not a whole game. */
const REFUTATION_PLIES = 6;

/** "Why not my move?": the engine's refutation of a wrong move, or the fallback when the engine cannot run. */
function WhyNot({ state, t }: { state: RefutationState; t: TFunction }) {
  if (state.status === "idle") return null;
  const text =
    state.status === "analysing"
      ? t("training.refutation.analysing")
      : state.status === "failed"
        ? t("training.refutation.unavailable")
        : refutationSentence(t, state.move, state.summary);
  return (
    <div
      data-slot="refutation"
      data-state={state.status}
      className="mt-1 flex flex-col gap-1 border-t border-current/20 pt-2 text-sm"
    >
      <p className="m-0 font-semibold">{t("training.refutation.title")}</p>
      <p className="m-0">{text}</p>
      {state.status === "done" && state.summary.line.length > 1 ? (
        <p className="m-0 opacity-90">
          {/* The line stays left to right inside an Arabic sentence (LRI … PDI isolate it). */}
          {t("training.feedback.refutation", {
            line: `\u2066${state.summary.line.slice(0, REFUTATION_PLIES).join(" ")}\u2069`,
          })}
        </p>
      ) : null}
    </div>
  );
}

function Hints({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const position = useTrainingPosition();
  const hints = useTrainingHints();
  const events = useTrainingEvents();
  if (hints.level === "none" || !position) return null;
  const level = hints.level;
  const text = position.hints
    ? localized(language, position.hints[`${level}_en`], position.hints[`${level}_ar`])
    : "";
  return (
    <HintCard
      className={className}
      level={level}
      title={t("training.hint.title")}
      levelLabel={t(`training.hint.levels.${level}`)}
      text={text.trim() ? text : t("training.hint.none")}
      moreHelpLabel={t("training.hint.moreHelp")}
      onMoreHelp={events.moreHelp}
      targetSquare={hints.expected?.to ?? null}
      targetSquareLabel={t("training.hint.targetSquare")}
      move={hints.expected?.san ?? null}
      suggestedMoveLabel={t("training.hint.suggestedMove")}
      playMoveLabel={hints.expected ? t("training.hint.playMove", { move: hints.expected.san }) : undefined}
      onPlayMove={() => {
        if (hints.expected) events.play(hints.expected.uci);
      }}
    />
  );
}

function Moves({ className }: { className?: string }) {
  const { t } = useTranslation();
  const moves = useTrainingMoves();
  const position = useTrainingPosition();
  const fields = position?.fen.trim().split(/\s+/) ?? [];
  const startColor = fields[1] === "b" ? "b" : "w";
  const startMoveNumber = Number(fields[5] ?? 1) || 1;
  const sans = useMemo(() => moves.map((move) => move.san), [moves]);
  return (
    <div className={cn("rounded-lg border border-neutral-200 bg-white p-4 shadow-sm", className)}>
      <MoveList
        moves={sans}
        startColor={startColor}
        startMoveNumber={startMoveNumber}
        title={t("training.moves.title")}
        emptyLabel={t("training.moves.empty")}
      />
    </div>
  );
}

function GameInfo({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const position = useTrainingPosition();
  const { canFilter } = useTrainingNavigation();
  const events = useTrainingEvents();
  if (!position) return null;
  const info = position.game_metadata;
  return (
    <GameInfoCard
      className={className}
      info={info}
      labels={t("training.game", { returnObjects: true }) as GameInfoLabels}
      locale={i18n.language}
      openingLabel={info.opening ? openingLabel(info.opening, i18n.language) : undefined}
      {...(canFilter ? { onOpeningClick: (opening: string) => events.filter(opening) } : {})}
    />
  );
}
