import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Page } from "./page";

export function Component() {
  const { t } = useTranslation();
  const { moduleId } = useParams();
  return (
    <Page title={t("module.title")}>{moduleId ? <p className="text-neutral-700">{moduleId}</p> : null}</Page>
  );
}
