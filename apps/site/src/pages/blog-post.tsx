import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Page } from "./page";

export function Component() {
  const { t } = useTranslation();
  const { slug } = useParams();
  return (
    <Page title={t("post.title")} width="post">
      <p className="text-neutral-700">{slug}</p>
    </Page>
  );
}
