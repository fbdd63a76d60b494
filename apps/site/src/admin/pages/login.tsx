import { useTranslation } from "react-i18next";

export function Component() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto w-full max-w-login px-4 py-12">
      <h1 className="text-2xl font-bold text-brand">{t("admin.loginTitle")}</h1>
    </main>
  );
}
