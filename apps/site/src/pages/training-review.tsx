import type { ThemeCount } from "@ct/contract";
import { againToday, type CardServing, type CoachCard, dueCards, serveCard } from "@ct/machines";
import { Button } from "@ct/ui";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { Link } from "../app/routing";
import { useHydrated } from "../lib/hydration";
import { useCoachCards, useNextReview, usePlayerRating } from "../training/progress";
import { reviewFlowMachine } from "../training/training-flow";
import { backLinkClass, LoadingModule, TrainingSetScreen } from "../training/training-screen";
import { useResource } from "../training/use-resource";
import { Page } from "./page";

/**
 * /training/review (issue 39, review that learns): the review cards due now (FSRS), the longest-waiting first, in the
 * training screen. Each is served as serveCard says: its own position, or an unseen puzzle of its main theme near its
 * rating (the task says which card it stands for, and the try reviews that card). The list is taken when the page
 * opens, so a card reviewed now stays in this session's list. The "again today" cards (a miss not yet solved
 * cleanly since) are listed with Retry now, which trains them at once without waiting for their step.
 */
export function Component() {
  // The cards are in this browser's storage: the server (and hydration) render the module's loading page.
  if (!useHydrated()) return <LoadingModule />;
  return <ReviewScreen />;
}

type Session = { kind: "due" | "again"; servings: CardServing[] };

/** The player's local day, for "again today". */
const offsetMinutes = () => -new Date().getTimezoneOffset();

function ReviewScreen() {
  const cards = useCoachCards();
  const player = usePlayerRating();
  const serve = (list: readonly CoachCard[]) => list.map((card) => serveCard(card, player.rating));
  const [session, setSession] = useState<Session | null>(() => {
    const due = dueCards(cards, Date.now());
    return due.length > 0 ? { kind: "due", servings: serve(due) } : null;
  });
  const again = againToday(cards, Date.now(), offsetMinutes());
  const retry = () => setSession({ kind: "again", servings: serve(again) });
  const themes = useResource(() => libraryApi.themes());
  if (!session) return <NothingDue again={again} themes={themes.data?.themes} onRetry={retry} />;
  const inSession = new Set(session.servings.map((serving) => serving.puzzleId));
  const waiting = again.filter((card) => !inSession.has(card.puzzleId));
  return (
    <ReviewSet
      key={`${session.kind}-${session.servings.map((serving) => serving.puzzleId).join(",")}`}
      session={session}
      cards={cards}
      themes={themes.data?.themes}
      notice={waiting.length > 0 ? <AgainTodayNotice count={waiting.length} onRetry={retry} /> : null}
    />
  );
}

/** A theme's name in the page's language (its key while the names load). */
function useThemeName(themes: readonly ThemeCount[] | undefined) {
  const { i18n } = useTranslation();
  return (key: string) => {
    const theme = themes?.find((one) => one.key === key);
    return (i18n.language === "ar" ? theme?.name_ar : theme?.name_en) || key;
  };
}

function ReviewSet({
  session,
  cards,
  themes,
  notice,
}: {
  session: Session;
  cards: readonly CoachCard[];
  themes: readonly ThemeCount[] | undefined;
  notice: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const themeName = useThemeName(themes);
  // Which served puzzle stands for which card: filled by the flow's load, before the first puzzle shows.
  const [served] = useState(() => new Map<number, number>());
  const logic = useMemo(
    () =>
      reviewFlowMachine({
        servings: session.servings,
        served: (positionId, cardId) => served.set(positionId, cardId),
      }),
    [session.servings, served],
  );
  const ids = session.servings.map((serving) => serving.puzzleId);
  const day = new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "long" });
  return (
    <TrainingSetScreen
      set={{
        scenarioId: "review",
        title:
          session.kind === "due"
            ? t("training.review.setTitle", { count: ids.length })
            : t("coachReview.againToday.setTitle", { count: ids.length }),
        description: t("coachReview.intro"),
        phase: null,
        themes: [],
        ids,
        total: ids.length,
        back: { to: "/training", label: t("training.backToModules") },
        logic,
        notice,
        forCard: (puzzleId) => served.get(puzzleId),
        // Which way the card comes: an unseen puzzle of its main theme, or its own position again.
        taskNote: (puzzleId) => {
          const motifOf = served.get(puzzleId);
          const card = cards.find((one) => one.puzzleId === (motifOf ?? puzzleId));
          if (!card) return null;
          const date = day.format(new Date(card.created));
          if (motifOf === undefined) return t("coachReview.position", { date });
          return card.theme ? t("coachReview.motif", { theme: themeName(card.theme), date }) : null;
        },
      }}
    />
  );
}

/** Under the title bar while due cards are trained: the "again today" cards not among them, with Retry now. */
function AgainTodayNotice({ count, onRetry }: { count: number; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      data-slot="again-today-notice"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-4 py-2"
    >
      <span className="text-sm font-semibold text-fg">{t("coachReview.againToday.setTitle", { count })}</span>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t("coachReview.againToday.retry")}
      </Button>
    </div>
  );
}

function NothingDue({
  again,
  themes,
  onRetry,
}: {
  again: readonly CoachCard[];
  themes: readonly ThemeCount[] | undefined;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const next = useNextReview();
  const themeName = useThemeName(themes);
  const date = next
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(next),
      )
    : null;
  return (
    <Page title={t("training.review.title")}>
      <div className="flex max-w-3xl flex-col items-start gap-4">
        <p className="m-0 text-lg font-semibold text-fg" role="status">
          {t("training.review.empty")}
        </p>
        {/* When nothing waits at all, the intro below already says how puzzles come here. */}
        {date ? <p className="m-0 text-fg-muted">{t("training.review.nextDue", { date })}</p> : null}
        <p className="m-0 text-fg-muted">{t("coachReview.intro")}</p>
        {again.length > 0 ? (
          <section
            aria-labelledby="again-today"
            data-slot="again-today"
            className="flex w-full flex-col items-start gap-3 rounded-lg border border-line bg-surface p-4"
          >
            <h2 id="again-today" className="m-0 text-lg font-bold text-fg">
              {t("coachReview.againToday.title")}
            </h2>
            <p className="m-0 text-fg-muted">{t("coachReview.againToday.intro")}</p>
            <ul className="m-0 flex list-none flex-col gap-1 p-0 text-fg">
              {again.map((card) => (
                <li key={card.puzzleId}>
                  {card.theme
                    ? t("coachReview.againToday.itemTheme", {
                        id: card.puzzleId,
                        theme: themeName(card.theme),
                      })
                    : t("coachReview.againToday.item", { id: card.puzzleId })}
                </li>
              ))}
            </ul>
            <Button onClick={onRetry}>{t("coachReview.againToday.retry")}</Button>
          </section>
        ) : null}
        <Link to="/training" className={backLinkClass}>
          {t("training.review.start")}
        </Link>
      </div>
    </Page>
  );
}
