import { Spinner } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { useContentTitle } from "../app/document-title";
import { useParams } from "../app/routing";
import { TrainingSetScreen } from "../training/training-screen";
import { useResource } from "../training/use-resource";
import { MissingPage, Page } from "./page";

/** /training/themes/{theme}: the training screen with one theme's puzzles from every phase, near the player's rating. */
export function Component() {
  const { t, i18n } = useTranslation();
  const { theme: key = "" } = useParams();
  const themes = useResource(() => libraryApi.themes());
  const theme = themes.data?.themes.find((candidate) => candidate.key === key && candidate.count > 0);
  const name = theme ? (i18n.language === "ar" ? theme.name_ar : theme.name_en) : "";
  const title = theme ? t("training.themes.setTitle", { name }) : null;
  // The document's title names the theme once the list has come (Theme Not Found for an unknown key).
  useContentTitle(themes.status === "ready" ? title : undefined);

  if (themes.status === "loading") {
    return (
      <Page title={t("training.loadingModule")}>
        <Spinner label={t("training.loadingModule")} layout="inline" size="lg" />
      </Page>
    );
  }
  if (!theme || !title) {
    // Without the themes list the set can still be trained by its key; an unknown key has nothing to train.
    if (themes.status === "error") {
      return <ThemeScreen themeKey={key} title={t("training.themes.setTitle", { name: key })} total={0} />;
    }
    return (
      <MissingPage
        title={t("training.themes.notFound")}
        message={t("training.themes.notFoundBody")}
        back={{ to: "/training/themes", label: t("training.themes.back") }}
      />
    );
  }
  return <ThemeScreen themeKey={theme.key} title={title} total={theme.count} />;
}

function ThemeScreen({ themeKey, title, total }: { themeKey: string; title: string; total: number }) {
  const { t } = useTranslation();
  return (
    <TrainingSetScreen
      set={{
        scenarioId: `theme:${themeKey}`,
        title,
        description: "",
        phase: null,
        themes: [themeKey],
        total,
        back: { to: "/training/themes", label: t("training.themes.back") },
        address: true,
      }}
    />
  );
}
