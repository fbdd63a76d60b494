import type { ThemeCount } from "@ct/contract";
import { accuracyByTheme } from "@ct/machines";
import { Alert, Button, ModuleCard, Spinner } from "@ct/ui";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { usePlayerRating } from "../training/progress";
import { renderRouterLink } from "../training/site-link";
import { useResource } from "../training/use-resource";
import { Page } from "./page";

const GROUPS: readonly ThemeCount["group"][] = ["motif", "mate", "goal", "length", "phase", "other"];

/**
 * /training/themes: every theme of the library with its count, its one-line description and the player's accuracy
 * on it (first tries), grouped as lichess groups them; each card trains that theme.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const ar = i18n.language === "ar";
  const themes = useResource(() => libraryApi.themes());
  const { history } = usePlayerRating();
  const accuracy = useMemo(() => accuracyByTheme(history), [history]);

  return (
    <Page title={t("training.themes.title")}>
      <div className="flex flex-col gap-8">
        <p className="m-0 max-w-3xl text-fg-muted">{t("training.themes.intro")}</p>
        {themes.status === "loading" ? (
          <Spinner label={t("training.themes.loading")} layout="inline" />
        ) : null}
        {themes.status === "error" ? (
          <div className="flex flex-col items-start gap-3">
            <Alert variant="error">{t("training.themes.error")}</Alert>
            <Button variant="secondary" onClick={themes.reload}>
              {t("training.retry")}
            </Button>
          </div>
        ) : null}
        {themes.data
          ? GROUPS.map((group) => {
              const inGroup = themes.data.themes.filter((theme) => theme.group === group && theme.count > 0);
              if (inGroup.length === 0) return null;
              return (
                <section key={group} aria-labelledby={`themes-${group}`} className="flex flex-col gap-4">
                  <h2 id={`themes-${group}`} className="m-0 text-xl font-bold text-fg">
                    {t(`training.themes.groups.${group}`)}
                  </h2>
                  <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                    {inGroup.map((theme) => {
                      const name = ar ? theme.name_ar : theme.name_en;
                      const description = (ar ? theme.description_ar : theme.description_en) || "";
                      const mine = accuracy.get(theme.key);
                      const score = mine
                        ? t("training.themes.accuracy", {
                            percent: Math.round((100 * mine.wins) / mine.total),
                            total: mine.total,
                          })
                        : t("training.themes.notTried");
                      return (
                        <ModuleCard
                          key={theme.key}
                          data-theme={theme.key}
                          title={name}
                          description={description}
                          positionCount={`${t("training.themes.count", { count: theme.count })} · ${score}`}
                          startLabel={t("training.start")}
                          href={`/training/themes/${encodeURIComponent(theme.key)}`}
                          renderLink={renderRouterLink}
                        />
                      );
                    })}
                  </div>
                </section>
              );
            })
          : null}
      </div>
    </Page>
  );
}
