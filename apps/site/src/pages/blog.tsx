import { useTranslation } from "react-i18next";
import { Page } from "./page";

export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t("blog.title")}>
      <p className="text-lg text-neutral-700">{t("blog.intro")}</p>
    </Page>
  );
}
