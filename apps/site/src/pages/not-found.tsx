import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "../app/routing";
import { Page } from "./page";

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t("notFound.title")}>
      <p className="mb-6 text-fg-muted">{t("notFound.body")}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="rounded-md border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand-soft"
        >
          {t("notFound.goBack")}
        </button>
        <Link to="/" className="rounded-md bg-brand px-4 py-2 font-semibold text-brand-fg hover:bg-brand/90">
          {t("notFound.returnHome")}
        </Link>
      </div>
    </Page>
  );
}
