import type { MoveFeedback } from "@ct/machines";
import { isolateLtr, TaskPanel } from "@ct/ui";
import type { TFunction } from "i18next";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { analysisAddress } from "../../analysis/address";
import { useLocation, useNavigate } from "../../app/routing";
import { usePositionProgress } from "../progress";
import {
  useTrainingBoard,
  useTrainingCanTryAgain,
  useTrainingEvents,
  useTrainingFeedback,
  useTrainingHints,
  useTrainingNotice,
  useTrainingPosition,
  useTrainingProgress,
  useTrainingScreen,
} from "../training-flow";
import type { RefutationState } from "../use-refutation";
import { useHintTexts } from "../use-step-hints";

import { type Language, laterParts, localized, MistakeContext, useRevealOnPhone } from "./shared";

export function Task({
  scenarioId,
  note,
  className,
}: {
  scenarioId: string;
  /** A line for the shown puzzle above its record (the review page: why an unseen puzzle came). */
  note?: ((puzzleId: number) => string | null) | undefined;
  className?: string;
}) {
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
      density="compact"
      className={className}
      title={t("training.task.title")}
      position={label}
      description={position ? localized(language, position.description_en, position.description_ar) : null}
      status={status}
    >
      {position && note?.(position.id) ? (
        <p className="m-0 text-sm font-semibold text-fg" data-slot="task-note">
          {note(position.id)}
        </p>
      ) : null}
      {record ? (
        <p
          className="m-0 flex flex-wrap items-center gap-2 text-sm text-fg-muted"
          data-testid="position-record"
        >
          {record.completed ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-success-muted px-2.5 py-0.5 font-semibold text-success-strong">
              <span aria-hidden>✓</span>
              {t("training.solvedBadge")}
            </span>
          ) : null}
          {record.outcome ? (
            <span data-outcome={record.outcome}>{t(`training.outcome.${record.outcome}`)}</span>
          ) : null}
          <span>{t("training.attempts", { count: record.attempts })}</span>
        </p>
      ) : null}
    </TaskPanel>
  );
}

export const FEEDBACK_TEXT: Record<MoveFeedback["message"], string> = {
  correct: "training.feedback.correct",
  helped: "training.feedback.helped",
  continue: "training.feedback.continue",
  answer: "training.feedback.answer",
  mistake: "training.feedback.incorrect",
  invalid: "training.feedback.invalid",
  checking: "training.feedback.checking",
  alternative: "training.feedback.alternative",
};

export function Feedback({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const feedback = useTrainingFeedback();
  const position = useTrainingPosition();
  const { solved } = useTrainingBoard();
  const canTryAgain = useTrainingCanTryAgain();
  const events = useTrainingEvents();
  const { refutation } = useContext(MistakeContext);
  const parts = laterParts.useLoaded();
  const ref = useRevealOnPhone<HTMLDivElement>(parts ? feedback : null);
  const location = useLocation();
  const navigate = useNavigate();
  if (!feedback || !parts) return null;
  if (feedback.kind === "checking") {
    // The engine judges a move off the puzzle's line (does it win as well?); nothing counts until it answers.
    return (
      <div
        ref={ref}
        role="status"
        data-slot="feedback-checking"
        className={`flex items-center gap-3 rounded-lg border border-line-strong bg-surface-sunken px-4 py-3 text-fg ${className ?? ""}`}
      >
        <span
          aria-hidden
          className="inline-block size-5 shrink-0 animate-spin rounded-full border-4 border-line-strong border-t-brand motion-reduce:animate-none"
        />
        <span>{t(FEEDBACK_TEXT[feedback.message])}</span>
      </div>
    );
  }
  return (
    <parts.FeedbackCard
      ref={ref}
      className={className}
      kind={feedback.kind}
      kindLabel={t(`training.feedback.kinds.${feedback.kind}`)}
      message={t(FEEDBACK_TEXT[feedback.message])}
      // A puzzle ended with help or its answer shown: again at once, as a review (issue 39, "again today").
      {...(canTryAgain
        ? {
            onTryAgain: events.again,
            tryAgainLabel: t("coachReview.feedback.tryAgain"),
            tryAgainDescription: t("coachReview.feedback.tryAgainHelp"),
          }
        : {})}
      explanation={
        solved && position ? localized(language, position.explanation_en, position.explanation_ar) : null
      }
      extra={
        feedback.kind === "mistake" ? (
          <WhyNot state={refutation} fenBefore={feedback.fenBefore} t={t} parts={parts} />
        ) : solved && position ? (
          // Around the puzzle (issue 39): once it is over, its position on the analysis board and its lichess game.
          <parts.PuzzleLinks
            className="mt-1 border-t border-current/20 pt-2"
            title={t("aroundPuzzle.after.title")}
            analyseHref={analysisAddress(position.fen, `${location.pathname}${location.search}`)}
            analyseLabel={t("aroundPuzzle.after.analyse")}
            analyseDescription={t("aroundPuzzle.after.analyseHelp")}
            onAnalyse={(event) => {
              event.preventDefault();
              navigate(event.currentTarget.getAttribute("href") ?? "/analysis");
            }}
            gameUrl={position.game_metadata.game_url ?? null}
            gameLabel={t("aroundPuzzle.after.game")}
            newTabLabel={t("aroundPuzzle.after.newTab")}
          />
        ) : null
      }
    />
  );
}

/** Plies of the engine's line shown under the refutation: the reply and what follows, not a whole game. */
export const REFUTATION_PLIES = 6;

/** "Why not my move?": the engine's refutation of a wrong move, or the fallback when the engine cannot run. */
export function WhyNot({
  state,
  fenBefore,
  t,
  parts,
}: {
  state: RefutationState;
  fenBefore: string;
  t: TFunction;
  parts: typeof import("../later-parts");
}) {
  if (state.status === "idle") return null;
  const { numberedLine, refutationSentence } = parts;
  const text =
    state.status === "analysing"
      ? t("training.refutation.analysing")
      : state.status === "failed"
        ? t("training.refutation.unavailable")
        : // The moves isolated left to right (LRI … PDI): "Qg4" and "Bxg4+" keep their order in an Arabic sentence.
          refutationSentence(t, isolateLtr(state.move), {
            ...state.summary,
            reply: isolateLtr(state.summary.reply),
          });
  return (
    <div
      data-slot="refutation"
      data-state={state.status}
      className="mt-1 flex flex-col gap-1 border-t border-current/20 pt-2 text-sm"
    >
      <p className="m-0 font-semibold">{t("training.refutation.title")}</p>
      <p className="m-0">{text}</p>
      {state.status === "done" && state.summary.line.length > 0 ? (
        <p className="m-0 opacity-90" data-slot="refutation-line">
          {/* Numbered from the position ("23. Qd7? Rxd7 24. a4"); it stays left to right inside an Arabic sentence
              (LRI … PDI isolate it). */}
          {t("training.feedback.refutation", {
            line: isolateLtr(
              numberedLine(fenBefore, state.move, state.summary.line.slice(0, REFUTATION_PLIES)),
            ),
          })}
        </p>
      ) : null}
    </div>
  );
}

export function Hints({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const position = useTrainingPosition();
  const hints = useTrainingHints();
  const events = useTrainingEvents();
  const parts = laterParts.useLoaded();
  // The hint is for the move due now: past the line's first move, that step's own texts (composed on demand).
  const texts = useHintTexts(position, hints.ply, hints.level !== "none");
  const ref = useRevealOnPhone<HTMLElement>(hints.level === "none" || !parts ? null : hints.level);
  if (hints.level === "none" || !position || !parts) return null;
  const level = hints.level;
  const text =
    texts.status === "ready" && texts.hints
      ? localized(language, texts.hints[`${level}_en`], texts.hints[`${level}_ar`])
      : "";
  return (
    <parts.HintCard
      ref={ref}
      className={className}
      level={level}
      title={t("training.hint.title")}
      levelLabel={t(`training.hint.levels.${level}`)}
      text={
        texts.status === "loading" ? t("training.hint.loading") : text.trim() ? text : t("training.hint.none")
      }
      moreHelpLabel={t("training.hint.moreHelp")}
      onMoreHelp={events.moreHelp}
      targetSquare={hints.expected?.to ?? null}
      targetSquareLabel={t("training.hint.targetSquare")}
      move={hints.expected?.san ?? null}
      suggestedMoveLabel={t("training.hint.suggestedMove")}
      playMoveLabel={hints.expected ? t("training.hint.playMove", { move: hints.expected.san }) : undefined}
      // The hint's Play button shows the answer: the puzzle then counts as failed, as Show Answer does.
      onPlayMove={() => {
        if (hints.expected) events.showAnswer();
      }}
    />
  );
}
