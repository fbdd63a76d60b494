import { Card, CardContent, CardHeader, CardTitle } from "@ct/ui";
import { type CountBar, CountBars } from "@ct/ui/charts";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { useLanguage } from "../app/language";
import { Link } from "../app/routing";
import { onOwnerChange } from "../sync/owner";
import { useResource } from "../training/use-resource";
import type { MyGamePuzzle } from "./puzzle";
import { browserStore, onSetReplaced } from "./store";

const PHASES = ["opening", "middlegame", "endgame"] as const;
/** Themes shown: the most frequent. */
const THEME_LIMIT = 10;
/** Groups left out of the theme chart: the phase has its own chart, and every puzzle carries a length. */
const SKIPPED_GROUPS: ReadonlySet<string> = new Set(["phase", "length"]);

/** Counts of the puzzles' phases and themes, the most frequent themes first (ties by key). */
export function mistakeCounts(
  puzzles: readonly Pick<MyGamePuzzle, "phase" | "themes">[],
  skipTheme: (key: string) => boolean = () => false,
): { phases: Map<string, number>; themes: [string, number][] } {
  const phases = new Map<string, number>();
  const themes = new Map<string, number>();
  for (const puzzle of puzzles) {
    phases.set(puzzle.phase, (phases.get(puzzle.phase) ?? 0) + 1);
    for (const theme of new Set(puzzle.themes))
      if (!skipTheme(theme)) themes.set(theme, (themes.get(theme) ?? 0) + 1);
  }
  return {
    phases,
    themes: [...themes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, THEME_LIMIT),
  };
}

/**
 * The dashboard's part for the puzzles of the player's own games (read from this browser's store): how many, and in
 * which phases and themes the mistakes fall, as two bar charts. Nothing when the set is empty.
 */
export function MyGamesDashboard() {
  const { t } = useTranslation();
  const { language, direction } = useLanguage();
  const [puzzles, setPuzzles] = useState<MyGamePuzzle[] | null>(null);
  useEffect(() => {
    let live = true;
    let asked = 0;
    const read = () => {
      const ask = ++asked;
      const latest = () => live && ask === asked;
      browserStore()
        .puzzles()
        .then((list) => latest() && setPuzzles(list))
        .catch(() => latest() && setPuzzles([]));
    };
    read();
    // The account's set may arrive after the page opened, and signing in or out changes whose set it is.
    const stopSet = onSetReplaced(read);
    const stopOwner = onOwnerChange(read);
    return () => {
      live = false;
      stopSet();
      stopOwner();
    };
  }, []);
  const themes = useResource(() => libraryApi.themes());
  const bars = useMemo(() => {
    if (!puzzles || themes.status === "loading") return null;
    const known = new Map((themes.data?.themes ?? []).map((theme) => [theme.key, theme]));
    const counts = mistakeCounts(puzzles, (key) => SKIPPED_GROUPS.has(known.get(key)?.group ?? ""));
    const phaseBars: CountBar[] = PHASES.flatMap((phase) => {
      const count = counts.phases.get(phase);
      return count ? [{ key: phase, label: t(`dashboard.phases.${phase}`), count }] : [];
    });
    const themeBars: CountBar[] = counts.themes.map(([key, count]) => {
      const theme = known.get(key);
      return { key, label: (language === "ar" ? theme?.name_ar : theme?.name_en) || key, count };
    });
    return { phaseBars, themeBars };
  }, [puzzles, themes.status, themes.data, language, t]);
  if (!puzzles || puzzles.length === 0 || !bars) return null;
  const number = new Intl.NumberFormat(language);
  const chart = (title: string, caption: string, list: CountBar[], slot: string) => (
    <Card className="min-w-0" data-slot={slot}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <CountBars
          bars={list}
          dir={direction}
          locale={language}
          labels={{
            summary: t("myGames.dashboard.summary", {
              title,
              list: new Intl.ListFormat(language, { type: "unit" }).format(
                list.map((bar) => t("myGames.dashboard.item", { name: bar.label, count: bar.count })),
              ),
            }),
            name: t("myGames.dashboard.name"),
            count: t("myGames.dashboard.mistakes"),
            caption,
            showTable: t("dashboard.showTable"),
          }}
        />
      </CardContent>
    </Card>
  );
  return (
    <section
      aria-labelledby="my-games-dashboard"
      data-slot="my-games-dashboard"
      className="flex flex-col gap-4"
    >
      <h2 id="my-games-dashboard" className="m-0 text-xl font-bold text-fg">
        {t("myGames.dashboard.title")}
      </h2>
      <p className="m-0 max-w-3xl text-fg-muted">
        {t("myGames.dashboard.intro")}{" "}
        <span className="font-semibold text-fg">
          {t("myGames.dashboard.count", { count: puzzles.length, formatted: number.format(puzzles.length) })}
        </span>
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        {chart(
          t("myGames.dashboard.phaseTitle"),
          t("myGames.dashboard.phaseCaption"),
          bars.phaseBars,
          "my-games-phases",
        )}
        {bars.themeBars.length > 0
          ? chart(
              t("myGames.dashboard.themeTitle"),
              t("myGames.dashboard.themeCaption"),
              bars.themeBars,
              "my-games-themes",
            )
          : null}
      </div>
      <Link
        to="/training/my-games"
        className="text-sm font-semibold text-brand underline-offset-4 hover:underline"
      >
        {t("myGames.dashboard.link")}
      </Link>
    </section>
  );
}
