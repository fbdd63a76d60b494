import { useTranslation } from "react-i18next";
import { Page } from "./page";

export function Component() {
  const { t } = useTranslation();
  return <Page title={t("positionSetup.title")} />;
}
