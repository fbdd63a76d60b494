import type { Figure, ThemeFigure } from "@ct/machines";
import { buttonVariants, Card, CardContent, CardHeader, CardTitle, Spinner } from "@ct/ui";
import { Target } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { useLanguage } from "../app/language";
import { Link } from "../app/routing";
import { type KeyedFigure, weaknessFigures } from "./dashboard-figures";
import { usePlayerRating } from "./progress";
import { useResource } from "./use-resource";
import { FOCUS_PARAM } from "./weakness-mode";

const PHASE_KEYS: ReadonlySet<string> = new Set(["opening", "middlegame", "endgame"]);

/**
 * The dashboard's Weaknesses section (issue 39): lichess's performance figure overall, per phase and per theme over
 * the last 30 days (shown from 5 results), the weak and strong themes (packages/machines/src/coach/weakness.ts), each
 * theme by its name in the page's language, and links into the Weaknesses mode (all weak themes, or one).
 */
export function WeaknessesSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const player = usePlayerRating();
  // The window ends now; the figures are read again whenever the records change.
  const figures = useMemo(() => weaknessFigures(player.history, Date.now()), [player.history]);
  const themes = useResource(() => libraryApi.themes());
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const known = new Map((themes.data?.themes ?? []).map((theme) => [theme.key, theme]));
  const themeName = (key: string) =>
    (language === "ar" ? known.get(key)?.name_ar : known.get(key)?.name_en) || key;
  const { overall, weak, strong } = figures.report;
  const namesReady = themes.status !== "loading";

  return (
    <section
      aria-labelledby="dashboard-weaknesses"
      data-slot="dashboard-weaknesses"
      className="flex flex-col gap-4"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex max-w-3xl flex-col gap-1">
          <h2 id="dashboard-weaknesses" className="m-0 text-xl font-bold text-fg">
            {t("weaknesses.dashboard.title")}
          </h2>
          <p className="m-0 text-fg-muted">{t("weaknesses.dashboard.intro")}</p>
        </div>
        <Link
          to="/training/weaknesses"
          data-slot="weaknesses-train-all"
          className={buttonVariants({ variant: "primary" })}
        >
          <Target aria-hidden />
          {t("weaknesses.dashboard.trainAll")}
        </Link>
      </div>
      {overall.performance === null ? (
        <p data-slot="weaknesses-empty" className="m-0 font-semibold text-fg">
          {t("weaknesses.dashboard.empty", { count: overall.results })}
        </p>
      ) : (
        <>
          <p className="m-0 text-lg font-semibold text-fg">
            {t("weaknesses.dashboard.overallFigure", { performance: overall.performance })}
          </p>
          {namesReady ? (
            <>
              <div className="grid items-start gap-4 lg:grid-cols-2">
                <ThemeList
                  kind="weak"
                  figures={weak}
                  name={themeName}
                  detail={(figure) =>
                    t("weaknesses.dashboard.weakDetail", { count: figure.results, missed: figure.failures })
                  }
                />
                <ThemeList
                  kind="strong"
                  figures={strong}
                  name={themeName}
                  detail={(figure) =>
                    t("weaknesses.dashboard.strongDetail", { count: figure.results, wins: figure.wins })
                  }
                />
              </div>
              <div className="grid items-start gap-4 lg:grid-cols-2">
                <FigureTable
                  slot="weaknesses-phases"
                  title={t("weaknesses.dashboard.byPhase")}
                  rows={figures.phases}
                  name={(key) =>
                    PHASE_KEYS.has(key) ? t(`dashboard.phases.${key as "opening"}`) : themeName(key)
                  }
                  format={number}
                />
                {figures.themes.length > 0 ? (
                  <FigureTable
                    slot="weaknesses-themes"
                    title={t("weaknesses.dashboard.byTheme")}
                    rows={figures.themes}
                    name={themeName}
                    format={number}
                  />
                ) : null}
              </div>
            </>
          ) : (
            <Spinner label={t("weaknesses.dashboard.themesLoading")} layout="inline" />
          )}
        </>
      )}
    </section>
  );
}

function ThemeList({
  kind,
  figures,
  name,
  detail,
}: {
  kind: "weak" | "strong";
  figures: readonly ThemeFigure[];
  name: (key: string) => string;
  detail: (figure: ThemeFigure) => string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  return (
    <Card data-slot={`weaknesses-${kind}`} className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">{t(`weaknesses.dashboard.${kind}`)}</CardTitle>
        <p className="m-0 text-sm text-fg-muted">{t(`weaknesses.dashboard.${kind}Intro`)}</p>
      </CardHeader>
      <CardContent>
        {figures.length === 0 ? (
          <p className="m-0 text-sm text-fg-muted">{t(`weaknesses.dashboard.${kind}None`)}</p>
        ) : (
          <ul className="m-0 flex list-none flex-col gap-3 p-0">
            {figures.map((figure) => (
              <li
                key={figure.theme}
                data-theme={figure.theme}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1"
              >
                <div className="flex min-w-0 flex-col">
                  <span className="flex items-baseline gap-2">
                    <span className="font-semibold text-fg">{name(figure.theme)}</span>
                    <span className="font-bold text-brand tabular-nums" data-slot="performance">
                      {number.format(figure.performance)}
                    </span>
                  </span>
                  <span className="text-sm text-fg-muted">{detail(figure)}</span>
                </div>
                {kind === "weak" ? (
                  <Link
                    to={`/training/weaknesses?${FOCUS_PARAM}=${encodeURIComponent(figure.theme)}`}
                    className="text-sm font-semibold text-brand underline-offset-4 hover:underline"
                  >
                    {t("weaknesses.dashboard.train", { name: name(figure.theme) })}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Figures as a table: name, performance (a dash below 5 results), results. */
function FigureTable({
  slot,
  title,
  rows,
  name,
  format,
}: {
  slot: string;
  title: string;
  rows: readonly KeyedFigure[];
  name: (key: string) => string;
  format: Intl.NumberFormat;
}) {
  const { t } = useTranslation();
  const performance = (figure: Figure) =>
    figure.performance === null ? (
      <span title={t("weaknesses.dashboard.notShown")}>
        <span aria-hidden>–</span>
        <span className="sr-only">{t("weaknesses.dashboard.notShown")}</span>
      </span>
    ) : (
      format.format(figure.performance)
    );
  return (
    <Card data-slot={slot} className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-line text-fg-muted">
              <th scope="col" className="py-1 pe-3 text-start font-semibold">
                {t("weaknesses.dashboard.name")}
              </th>
              <th scope="col" className="py-1 pe-3 text-end font-semibold">
                {t("weaknesses.dashboard.performance")}
              </th>
              <th scope="col" className="py-1 text-end font-semibold">
                {t("weaknesses.dashboard.results")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, figure }) => (
              <tr key={key} data-key={key} className="border-b border-line last:border-b-0">
                <th scope="row" className="py-1.5 pe-3 text-start font-medium text-fg">
                  {name(key)}
                </th>
                <td className="py-1.5 pe-3 text-end font-bold text-fg tabular-nums">{performance(figure)}</td>
                <td className="py-1.5 text-end text-fg-muted tabular-nums">
                  {format.format(figure.results)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
