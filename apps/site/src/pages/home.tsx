import { OPENINGS, START_FEN } from "@ct/chess";
import type { AnalysisStatus, PhaseCounts, Stats } from "@ct/contract";
import {
  Alert,
  type AnalysisStatusLabels,
  AnalysisStatusPanel,
  AnimatedCounter,
  PhaseCard,
  type PieceCode,
  PROVISIONAL_DEVIATION,
  StaticBoard,
} from "@ct/ui";
import { useTranslation } from "react-i18next";
import { serverApiOf } from "../api/client";
import { analysisApi, firstReads, positionsApi } from "../api/positions";
import { Link, type LoaderFunctionArgs, useLoaderData } from "../app/routing";
import { usePolling } from "../lib/use-polling";
import { TRAINING_MODULES } from "../training/modules";
import { TodaysPlan } from "../training/plan-part";
import { useDueReviews, usePlayerRating } from "../training/progress";
import { renderRouterLink } from "../training/site-link";
import { useResource } from "../training/use-resource";
import { Page } from "./page";

/** Spec section 9: the analysis status is polled every 5000 ms. */
const POLL_MS = 5000;

/** A real position for the sample board: the first one of the middle game module. */
async function samplePosition(): Promise<string> {
  try {
    return (await positionsApi.firstByPhase("middlegame")).fen;
  } catch {
    return START_FEN;
  }
}

/**
 * The public home shows the analysis status only when it says something: while analysis runs, or once it has
 * produced puzzles. A panel reading "Stopped · 0 · Never" (or a connection error) looks broken to a visitor; the
 * admin's analysis page always shows it.
 */
function analysisWorthShowing(status: AnalysisStatus | null): status is AnalysisStatus {
  return !!status && (status.isRunning || status.puzzlesGenerated > 0);
}

/**
 * The home page's first reads (the counters, the phase counts, the sample position), loaded by the server as it
 * renders the page, which carries them (entry-server.tsx): the page paints its numbers and board at once. In the
 * browser there is nothing to do: the page loads them.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const client = serverApiOf(context);
  if (!client) return null;
  const reads = firstReads(client);
  const [stats, counts, sample] = await Promise.all([
    reads.stats().catch(() => null),
    reads.phaseCounts().catch(() => null),
    reads
      .firstByPhase("middlegame")
      .then((position) => position.fen)
      .catch(() => null),
  ]);
  return { stats, counts, sample };
}

/** Once the player has played: their rating, best streak and puzzles due for review, with the ways to them. */
function YourTraining() {
  const { t, i18n } = useTranslation();
  const player = usePlayerRating();
  const due = useDueReviews().length;
  if (player.history.length === 0) return null;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const provisional = player.deviation > PROVISIONAL_DEVIATION ? "?" : "";
  const item = "flex flex-col rounded-md border border-line bg-surface px-4 py-3 shadow-sm";
  const linkClass = "font-semibold text-brand underline-offset-2 hover:underline";
  return (
    <section aria-labelledby="your-training" data-slot="your-training" className="flex w-full flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="your-training" className="m-0 text-lg font-bold text-fg">
          {t("home.yourTraining.title")}
        </h2>
        <Link to="/training/dashboard" className={linkClass}>
          {t("home.yourTraining.more")}
        </Link>
      </div>
      <dl className="m-0 grid w-full gap-3 md:grid-cols-3">
        <div className={item}>
          <dt className="text-sm text-fg-muted">{t("training.rating.label")}</dt>
          <dd className="m-0 text-2xl font-bold tabular-nums">
            <bdi dir="ltr">
              {number.format(Math.round(player.rating))}
              {provisional}
            </bdi>
          </dd>
        </div>
        <div className={item}>
          <dt className="text-sm text-fg-muted">{t("home.yourTraining.streak")}</dt>
          <dd className="m-0 text-2xl font-bold tabular-nums">{number.format(player.streakBest)}</dd>
          <Link to="/training/streak" className={linkClass}>
            {t("training.streak.link")}
          </Link>
        </div>
        <div className={item}>
          <dt className="text-sm text-fg-muted">{t("home.yourTraining.due")}</dt>
          <dd className="m-0 text-2xl font-bold tabular-nums">{number.format(due)}</dd>
          <Link to="/training/review" className={linkClass}>
            {t("training.review.link")}
          </Link>
        </div>
      </dl>
    </section>
  );
}

/**
 * Home (spec section 2): headline, Start Training, today's plan (issue 39: "Find your level" for a new visitor), a
 * sample board, live counters, phase cards, analysis status.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const first = useLoaderData<typeof loader>();
  const stats = useResource<Stats>(() => positionsApi.stats(), first?.stats);
  const counts = useResource<PhaseCounts>(() => positionsApi.phaseCounts(), first?.counts);
  const sample = useResource<string>(samplePosition, first?.sample);
  const analysis = usePolling<AnalysisStatus>(() => analysisApi.status(), POLL_MS);

  const counters = [
    { key: "positions", value: stats.data?.total_puzzles },
    { key: "openings", value: stats.data?.unique_openings },
    { key: "themes", value: stats.data?.unique_themes },
  ] as const;

  return (
    <Page title={t("home.title")}>
      <div className="flex flex-col gap-10">
        <section className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,380px)]">
          <div className="flex flex-col items-start gap-5">
            <p className="m-0 max-w-2xl text-lg text-fg-muted">{t("home.intro")}</p>
            <Link
              to="/training"
              className="inline-flex items-center rounded-md bg-brand px-5 py-2.5 font-semibold text-brand-fg hover:bg-brand/90"
            >
              {t("home.startTraining")}
            </Link>
            <TodaysPlan />
            <YourTraining />
          </div>
          <figure className="m-0 flex w-full max-w-[380px] flex-col gap-2 justify-self-center">
            {sample.data ? (
              <StaticBoard
                boardId="home-sample"
                fen={sample.data}
                label={t("home.sampleBoard")}
                pieceLabels={t("board.pieces", { returnObjects: true }) as Record<PieceCode, string>}
              />
            ) : (
              <div aria-hidden className="aspect-square w-full rounded bg-surface-strong" />
            )}
            <figcaption className="text-center text-sm text-fg-subtle">
              {t("home.sampleBoardCaption")}
            </figcaption>
          </figure>
        </section>

        <section aria-label={t("home.counters.label")} data-testid="home-counters">
          {stats.status === "error" ? (
            <Alert variant="error">{t("home.countersError")}</Alert>
          ) : (
            <div className="grid gap-4 rounded-lg border border-line bg-surface px-4 py-6 shadow-sm md:grid-cols-3">
              {counters.map((counter) => (
                <div key={counter.key} className="flex flex-col items-center gap-1">
                  <AnimatedCounter
                    value={counter.value ?? 0}
                    label={t(`home.counters.${counter.key}`)}
                    locale={locale}
                    aria-busy={counter.value === undefined || undefined}
                  />
                  {/* The openings the library has positions in, not every opening the site can name (About). */}
                  {counter.key === "openings" ? (
                    <p data-testid="home-openings-note" className="m-0 text-center text-sm text-fg-subtle">
                      {t("home.counters.openingsNote", { total: OPENINGS.length })}
                    </p>
                  ) : null}
                </div>
              ))}
            </div>
          )}
        </section>

        <section aria-labelledby="home-phases" className="flex flex-col gap-4">
          <h2 id="home-phases" className="m-0 text-2xl font-bold text-fg">
            {t("home.phases.title")}
          </h2>
          <div className="grid gap-4 md:grid-cols-3">
            {TRAINING_MODULES.map((module) => {
              const count = counts.data?.counts[module.phase];
              return (
                <PhaseCard
                  key={module.id}
                  title={t(`home.phases.${module.key}`)}
                  count={count === undefined ? null : t("home.phases.count", { count })}
                  loadingLabel={t("home.phases.loading")}
                  error={counts.status === "error" ? t("home.phases.error") : null}
                  linkLabel={t("home.phases.link")}
                  href={`/training/${module.id}`}
                  renderLink={renderRouterLink}
                  icon={<span className="text-xl leading-none">{module.glyph}</span>}
                />
              );
            })}
          </div>
        </section>

        {analysisWorthShowing(analysis.data) && (
          <AnalysisStatusPanel
            status={analysis.data}
            error={null}
            labels={t("analysis.status", { returnObjects: true }) as AnalysisStatusLabels}
            locale={locale}
          />
        )}
      </div>
    </Page>
  );
}
