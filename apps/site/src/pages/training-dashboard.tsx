import { type Accuracy, accuracyByPhase, accuracyByTheme, type RatingPoint } from "@ct/machines";
import {
  Alert,
  Button,
  buttonVariants,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  PROVISIONAL_DEVIATION,
  Spinner,
} from "@ct/ui";
import { type AccuracyBar, AccuracyBars, RatingChart } from "@ct/ui/charts";
import { Download, Upload } from "lucide-react";
import { type ChangeEvent, type ReactNode, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { useLanguage } from "../app/language";
import { Link } from "../app/routing";
import { MyGamesDashboard } from "../my-games/dashboard-section";
import { backupFileName, createBackup, parseBackup } from "../training/backup";
import { CourseProgressSection } from "../training/course-progress-dashboard";
import { mostPlayed } from "../training/dashboard-figures";
import { TodaysPlan } from "../training/plan-part";
import {
  progress,
  useAllOutcomeCounts,
  useDueReviews,
  useHasProgress,
  usePlayerRating,
} from "../training/progress";
import { useResource } from "../training/use-resource";
import { WeaknessesSection } from "../training/weaknesses-dashboard";
import { Page } from "./page";

/** The phases in the order a game plays them (other phase names, if any, follow). */
const PHASES = ["opening", "middlegame", "endgame"] as const;
/** How many themes the theme chart shows: the most played. */
const THEME_LIMIT = 10;
/** Theme groups left out of the theme chart: the phase has its own chart, and every puzzle carries a length tag. */
const SKIPPED_GROUPS: ReadonlySet<string> = new Set(["phase", "length"]);

/**
 * /training/dashboard (issue "Training screen, second version"): the player's figures from this browser's records
 * (rating and its history, clean / helped / failed puzzles, best streak, reviews due, accuracy by phase and theme),
 * with the progress backup: export to a file, import on another device. The charts (Chart.js) load with this screen
 * only.
 */
export function Component() {
  const { t } = useTranslation();
  const player = usePlayerRating();

  return (
    <Page title={t("dashboard.title")}>
      <div className="flex flex-col gap-8">
        <p className="m-0 max-w-3xl text-fg-muted">{t("dashboard.intro")}</p>
        <TodaysPlan />
        {player.history.length === 0 ? (
          <div data-slot="dashboard-empty" className="flex flex-col items-start gap-3">
            <p className="m-0 text-lg font-semibold text-fg">{t("dashboard.empty")}</p>
            <Link to="/training" className={buttonVariants({ variant: "primary" })}>
              {t("dashboard.start")}
            </Link>
          </div>
        ) : (
          <Figures />
        )}
        <CourseProgressSection />
        <MyGamesDashboard />
        <Backup />
      </div>
    </Page>
  );
}

function Figures() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const player = usePlayerRating();
  const due = useDueReviews().length;
  const outcomes = useAllOutcomeCounts();
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const provisional = player.deviation > PROVISIONAL_DEVIATION;

  return (
    <>
      {/* On a phone the rating and the results take a row each, the two single figures share one. */}
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard title={t("dashboard.rating.title")} className="col-span-2 md:col-span-1">
          <p className="m-0 text-3xl font-bold text-brand tabular-nums">
            {/* Left to right in Arabic too: "1,532?" keeps its question mark after the number. */}
            <bdi dir="ltr" data-testid="dashboard-rating">
              {number.format(Math.round(player.rating))}
              {provisional ? <span aria-hidden>?</span> : null}
            </bdi>
            {provisional ? <span className="sr-only"> ({t("dashboard.rating.provisional")})</span> : null}
          </p>
          <p className="m-0 text-sm text-fg-muted">
            {t("dashboard.rating.rated", { count: player.rated.length })}
          </p>
        </StatCard>
        <StatCard title={t("dashboard.results.title")} className="col-span-2 md:col-span-1">
          <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {(["clean", "helped", "failed"] as const).map((outcome) => (
              <div key={outcome} data-outcome={outcome} className="contents">
                <dt className="text-fg-muted">{t(`dashboard.results.${outcome}`)}</dt>
                <dd className="m-0 text-end font-bold text-fg tabular-nums">
                  {number.format(outcomes[outcome])}
                </dd>
              </div>
            ))}
          </dl>
        </StatCard>
        <StatCard title={t("dashboard.streak.title")}>
          <p data-testid="dashboard-streak" className="m-0 text-3xl font-bold text-brand tabular-nums">
            {number.format(player.streakBest)}
          </p>
          <Link
            to="/training/streak"
            className="text-sm font-semibold text-brand underline-offset-4 hover:underline"
          >
            {t("dashboard.streak.link")}
          </Link>
        </StatCard>
        <StatCard title={t("dashboard.review.title")}>
          <p data-testid="dashboard-due" className="m-0 text-3xl font-bold text-brand tabular-nums">
            {number.format(due)}
          </p>
          <Link
            to="/training/review"
            className="text-sm font-semibold text-brand underline-offset-4 hover:underline"
          >
            {t("dashboard.review.link")}
          </Link>
        </StatCard>
      </div>
      <RatingCard history={player.history} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <PhaseCard history={player.history} />
        <ThemeCard history={player.history} />
      </div>
      <WeaknessesSection />
    </>
  );
}

function StatCard({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card data-slot="stat-card" className={className}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-1">{children}</CardContent>
    </Card>
  );
}

function ChartCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {intro ? <p className="m-0 text-sm text-fg-muted">{intro}</p> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function RatingCard({ history }: { history: readonly RatingPoint[] }) {
  const { t } = useTranslation();
  const { language, direction } = useLanguage();
  const points = useMemo(() => history.map((point, index) => ({ x: index + 1, y: point.rating })), [history]);
  const first = points[0]?.y ?? 0;
  const last = points.at(-1)?.y ?? 0;
  return (
    <ChartCard title={t("dashboard.ratingChart.title")}>
      <RatingChart
        points={points}
        dir={direction}
        locale={language}
        labels={{
          summary: t("dashboard.ratingChart.summary", { count: points.length, from: first, to: last }),
          x: t("dashboard.ratingChart.x"),
          y: t("dashboard.ratingChart.y"),
          caption: t("dashboard.ratingChart.caption"),
          showTable: t("dashboard.showTable"),
        }}
      />
    </ChartCard>
  );
}

/** Bars with their labels and summary, as both accuracy charts draw them. */
function Bars({
  bars,
  title,
  name,
  caption,
}: {
  bars: AccuracyBar[];
  title: string;
  name: string;
  caption: string;
}) {
  const { t } = useTranslation();
  const { language, direction } = useLanguage();
  const valueText = (bar: AccuracyBar, percent: number) =>
    t("dashboard.accuracy.value", { percent, count: bar.total });
  const list = new Intl.ListFormat(language, { type: "unit" }).format(
    bars.map((bar) =>
      t("dashboard.accuracy.item", {
        name: bar.label,
        percent: bar.total > 0 ? Math.round((100 * bar.wins) / bar.total) : 0,
        count: bar.total,
      }),
    ),
  );
  return (
    <AccuracyBars
      bars={bars}
      dir={direction}
      locale={language}
      valueText={valueText}
      labels={{
        summary: t("dashboard.accuracy.summary", { title, list }),
        name,
        accuracy: t("dashboard.accuracy.accuracy"),
        results: t("dashboard.accuracy.results"),
        caption,
        showTable: t("dashboard.showTable"),
      }}
    />
  );
}

const toBar = (key: string, label: string, accuracy: Accuracy): AccuracyBar => ({ key, label, ...accuracy });

function PhaseCard({ history }: { history: readonly RatingPoint[] }) {
  const { t } = useTranslation();
  const bars = useMemo(() => {
    const byPhase = accuracyByPhase(history);
    const known: readonly string[] = PHASES;
    const order = [...PHASES, ...[...byPhase.keys()].filter((phase) => !known.includes(phase))];
    return order.flatMap((phase) => {
      const accuracy = byPhase.get(phase);
      const label = known.includes(phase) ? t(`dashboard.phases.${phase as (typeof PHASES)[number]}`) : phase;
      return accuracy ? [toBar(phase, label, accuracy)] : [];
    });
  }, [history, t]);
  const title = t("dashboard.accuracy.phaseTitle");
  return (
    <ChartCard title={title}>
      <div data-slot="phase-accuracy">
        <Bars
          bars={bars}
          title={title}
          name={t("dashboard.accuracy.phase")}
          caption={t("dashboard.accuracy.phaseCaption")}
        />
      </div>
    </ChartCard>
  );
}

function ThemeCard({ history }: { history: readonly RatingPoint[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const themes = useResource(() => libraryApi.themes());
  const bars = useMemo(() => {
    if (themes.status === "loading") return null;
    // The themes' names in the page's language (the key when the list failed to load or lacks the theme).
    const known = new Map((themes.data?.themes ?? []).map((theme) => [theme.key, theme]));
    const top = mostPlayed(accuracyByTheme(history), THEME_LIMIT, (key) =>
      SKIPPED_GROUPS.has(known.get(key)?.group ?? ""),
    );
    return top.map(([key, accuracy]) => {
      const theme = known.get(key);
      return toBar(key, (language === "ar" ? theme?.name_ar : theme?.name_en) || key, accuracy);
    });
  }, [history, themes.status, themes.data, language]);
  const title = t("dashboard.accuracy.themeTitle");
  if (bars?.length === 0) return null;
  return (
    <ChartCard title={title} intro={t("dashboard.accuracy.themeIntro")}>
      <div data-slot="theme-accuracy">
        {bars ? (
          <Bars
            bars={bars}
            title={title}
            name={t("dashboard.accuracy.theme")}
            caption={t("dashboard.accuracy.themeCaption")}
          />
        ) : (
          <Spinner label={t("dashboard.accuracy.themesLoading")} layout="inline" />
        )}
      </div>
    </ChartCard>
  );
}

/** Saves a text as a file through a temporary link (no server round trip). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Export and import of every record (progress, rating, review). Importing replaces this browser's records, so it
 * asks first, inline, as "Reset all progress" does.
 */
function Backup() {
  const { t } = useTranslation();
  const hasProgress = useHasProgress();
  const inputId = useId();
  const [pending, setPending] = useState<{ name: string; records: Record<string, unknown> } | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so choosing the same file again still reads it.
    input.value = "";
    if (!file) return;
    setMessage(null);
    setPending(null);
    let text: string;
    try {
      text = await file.text();
    } catch {
      setMessage({ kind: "error", text: t("dashboard.backup.unreadable") });
      return;
    }
    const records = parseBackup(text);
    if (!records) setMessage({ kind: "error", text: t("dashboard.backup.invalid") });
    else setPending({ name: file.name, records });
  };

  return (
    <section
      aria-labelledby="dashboard-backup"
      data-slot="dashboard-backup"
      className="flex flex-col items-start gap-3"
    >
      <h2 id="dashboard-backup" className="m-0 text-xl font-bold text-fg">
        {t("dashboard.backup.title")}
      </h2>
      <p className="m-0 max-w-3xl text-fg-muted">{t("dashboard.backup.intro")}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={!hasProgress}
          onClick={() => {
            const now = new Date();
            download(createBackup(progress.exportAll(), now), backupFileName(now));
          }}
        >
          <Download aria-hidden />
          {t("dashboard.backup.export")}
        </Button>
        {/* A native file input, visually replaced by its label styled as a button (focus shows on the label). */}
        <input
          id={inputId}
          type="file"
          accept="application/json,.json"
          className="peer sr-only"
          onChange={(event) => void choose(event)}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: "secondary" }),
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand",
          )}
        >
          <Upload aria-hidden />
          {t("dashboard.backup.import")}
        </label>
      </div>
      {pending ? (
        <Alert variant="warning" className="flex w-full max-w-2xl flex-col gap-3">
          <p className="m-0">
            {/* The file's name isolated (FSI … PDI), so its Latin letters and digits keep their order in Arabic. */}
            {t("dashboard.backup.confirm", { name: `\u2068${pending.name}\u2069` })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              onClick={() => {
                const count = progress.importAll(pending.records);
                setPending(null);
                setMessage({ kind: "success", text: t("dashboard.backup.done", { count }) });
              }}
            >
              {t("dashboard.backup.confirmAction")}
            </Button>
            <Button variant="secondary" onClick={() => setPending(null)}>
              {t("dashboard.backup.cancel")}
            </Button>
          </div>
        </Alert>
      ) : null}
      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
    </section>
  );
}
