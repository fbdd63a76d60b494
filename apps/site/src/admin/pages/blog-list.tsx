import { useTranslation } from "react-i18next";
import { Page } from "../../pages/page";

export function Component() {
  const { t } = useTranslation();
  return <Page title={t("admin.blogTitle")} />;
}
