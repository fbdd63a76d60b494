import type { Figure, ThemeFigure } from "@ct/machines";
import { buttonVariants, type FigureRow, FigureTable, Spinner, ThemeFigureList } from "@ct/ui";
import { Target } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { useLanguage } from "../app/language";
import { Link } from "../app/routing";
import { type KeyedFigure, weaknessFigures } from "./dashboard-figures";
import { usePlayerRating } from "./progress";
import { renderRouterLink } from "./site-link";
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
  const item = (figure: ThemeFigure) => ({
    key: figure.theme,
    name: themeName(figure.theme),
    performance: number.format(figure.performance),
  });
  const labels = {
    name: t("weaknesses.dashboard.name"),
    performance: t("weaknesses.dashboard.performance"),
    results: t("weaknesses.dashboard.results"),
    notShown: t("weaknesses.dashboard.notShown"),
  };
  const rows = (keyed: readonly KeyedFigure[], name: (key: string) => string): FigureRow[] =>
    keyed.map(({ key, figure }: { key: string; figure: Figure }) => ({
      key,
      name: name(key),
      performance: figure.performance === null ? null : number.format(figure.performance),
      results: number.format(figure.results),
    }));

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
                <ThemeFigureList
                  kind="weak"
                  title={t("weaknesses.dashboard.weak")}
                  intro={t("weaknesses.dashboard.weakIntro")}
                  empty={t("weaknesses.dashboard.weakNone")}
                  items={weak.map((figure) => ({
                    ...item(figure),
                    detail: t("weaknesses.dashboard.weakDetail", {
                      count: figure.results,
                      missed: figure.failures,
                    }),
                    link: {
                      href: `/training/weaknesses?${FOCUS_PARAM}=${encodeURIComponent(figure.theme)}`,
                      label: t("weaknesses.dashboard.train", { name: themeName(figure.theme) }),
                    },
                  }))}
                  renderLink={renderRouterLink}
                />
                <ThemeFigureList
                  kind="strong"
                  title={t("weaknesses.dashboard.strong")}
                  intro={t("weaknesses.dashboard.strongIntro")}
                  empty={t("weaknesses.dashboard.strongNone")}
                  items={strong.map((figure) => ({
                    ...item(figure),
                    detail: t("weaknesses.dashboard.strongDetail", {
                      count: figure.results,
                      wins: figure.wins,
                    }),
                  }))}
                />
              </div>
              <div className="grid items-start gap-4 lg:grid-cols-2">
                <FigureTable
                  data-slot="weaknesses-phases"
                  title={t("weaknesses.dashboard.byPhase")}
                  labels={labels}
                  rows={rows(figures.phases, (key) =>
                    PHASE_KEYS.has(key) ? t(`dashboard.phases.${key as "opening"}`) : themeName(key),
                  )}
                />
                {figures.themes.length > 0 ? (
                  <FigureTable
                    data-slot="weaknesses-themes"
                    title={t("weaknesses.dashboard.byTheme")}
                    labels={labels}
                    rows={rows(figures.themes, themeName)}
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
