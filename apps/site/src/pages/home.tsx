import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Page } from "./page";

export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t("home.title")}>
      <Link
        to="/training"
        className="inline-flex items-center rounded-md bg-brand px-5 py-2.5 font-semibold text-brand-fg hover:bg-brand/90"
      >
        {t("home.startTraining")}
      </Link>
    </Page>
  );
}
