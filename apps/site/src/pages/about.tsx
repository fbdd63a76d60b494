import { OPENINGS } from "@ct/chess";
import { Card, CardContent, CardHeader, CardTitle, type Feature, FeatureList } from "@ct/ui";
import {
  BookOpen,
  ChartLine,
  Cpu,
  Crown,
  Languages,
  Layers,
  Lightbulb,
  ListOrdered,
  SquarePen,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../app/routing";
import { renderRouterLink } from "../training/site-link";
import { Page } from "./page";

/** The site's real features, in the order a new visitor meets them, each linking to the page where it is. */
const FEATURES: { id: string; icon: ReactNode; href?: string }[] = [
  { id: "phases", icon: <Layers />, href: "/training" },
  { id: "hints", icon: <Lightbulb />, href: "/training" },
  { id: "explanations", icon: <Cpu />, href: "/training" },
  // The language toggle is in the top bar on every page: nowhere to go.
  { id: "languages", icon: <Languages /> },
  { id: "blog", icon: <BookOpen />, href: "/blog" },
  { id: "editor", icon: <SquarePen />, href: "/position-setup" },
  { id: "progress", icon: <ChartLine />, href: "/training" },
  { id: "tools", icon: <ListOrdered />, href: "/notation" },
];

const linkClass =
  "inline-flex h-10 items-center justify-center rounded-md px-5 text-sm font-semibold transition-colors";

/** About (spec section 2): founder profile, mission, feature list, Start Training and Return Home. */
export function Component() {
  const { t } = useTranslation();
  const features: Feature[] = FEATURES.map(({ id, icon, href }) => ({
    id,
    title: t(`about.features.items.${id}.title`),
    description: t(`about.features.items.${id}.description`, { openings: OPENINGS.length }),
    icon,
    ...(href ? { href } : {}),
  }));
  return (
    <Page title={t("about.title")}>
      <div className="flex flex-col gap-10">
        <p className="m-0 max-w-3xl text-lg text-fg-muted">{t("about.intro")}</p>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card aria-labelledby="about-founder" data-testid="founder-profile">
            <CardHeader className="flex-row items-center gap-4">
              <span
                aria-hidden
                className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand text-brand-fg [&_svg]:size-7"
              >
                <Crown />
              </span>
              <div className="flex flex-col gap-0.5">
                <CardTitle id="about-founder" className="text-2xl">
                  {t("about.founder.heading")}
                </CardTitle>
                <p className="m-0 text-sm font-semibold text-brand">{t("about.founder.role")}</p>
              </div>
            </CardHeader>
            <CardContent className="flex flex-col gap-3 text-fg-soft">
              <p className="m-0">{t("about.founder.background")}</p>
              <p className="m-0">{t("about.founder.why")}</p>
              <p className="m-0">{t("about.founder.today")}</p>
            </CardContent>
          </Card>

          <section
            aria-labelledby="about-mission"
            className="flex flex-col gap-3 self-start rounded-lg bg-brand p-6 text-brand-fg shadow-sm"
          >
            <h2 id="about-mission" className="m-0 text-2xl font-bold">
              {t("about.mission.heading")}
            </h2>
            <p className="m-0 text-lg leading-relaxed">{t("about.mission.body")}</p>
          </section>
        </div>

        <section aria-labelledby="about-features" className="flex flex-col gap-4">
          <h2 id="about-features" className="m-0 text-2xl font-bold text-fg">
            {t("about.features.heading")}
          </h2>
          <FeatureList features={features} renderLink={renderRouterLink} />
        </section>

        <div className="flex flex-wrap gap-3">
          <Link to="/training" className={`${linkClass} bg-brand text-brand-fg hover:bg-brand-hover`}>
            {t("about.actions.startTraining")}
          </Link>
          <Link
            to="/"
            className={`${linkClass} border border-line-strong bg-surface text-fg hover:bg-surface-sunken`}
          >
            {t("about.actions.returnHome")}
          </Link>
        </div>
      </div>
    </Page>
  );
}
