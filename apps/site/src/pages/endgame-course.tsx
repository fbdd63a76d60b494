import { ENDGAME_COURSE } from "@ct/chess/endgame-course";
import { type EndgameChapterItem, EndgameChapters } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account/store";
import { useSolved } from "../endgame-course/progress";
import { renderRouterLink } from "../training/site-link";
import { BackLink, Page } from "./page";

/**
 * /training/endgame-course (issue 40): the Endgame Essentials course, chapter by chapter, with the positions solved
 * in this browser. Each position opens its exercise against the engine.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  // A signed-in player's progress is kept on the account (the account sync), a visitor's in this browser.
  const account = useAccount();
  const solved = useSolved();
  const chapters: EndgameChapterItem[] = ENDGAME_COURSE.map((chapter) => {
    const done = chapter.exercises.filter((exercise) => solved.has(exercise.id)).length;
    return {
      id: chapter.id,
      title: chapter.title[language],
      solved: done,
      total: chapter.exercises.length,
      progress: t("endgameCourse.chapterProgress", { done, total: chapter.exercises.length }),
      exercises: chapter.exercises.map((exercise) => ({
        id: exercise.id,
        title: exercise.title[language],
        goal: t(`endgameCourse.goal.${exercise.goal.kind}`),
        href: `/training/endgame-course/${exercise.id}`,
        solved: solved.has(exercise.id),
      })),
    };
  });
  return (
    <Page title={t("endgameCourse.title")}>
      <div className="flex flex-col gap-4" data-slot="endgame-course">
        <p className="m-0 max-w-3xl text-fg-muted">{t("endgameCourse.intro")}</p>
        <p className="m-0 text-sm text-fg-muted">
          {t(
            account.status === "signed-in"
              ? "endgameCourse.progressNoteAccount"
              : "endgameCourse.progressNote",
          )}
        </p>
        <EndgameChapters
          chapters={chapters}
          solvedLabel={t("endgameCourse.solved")}
          renderLink={renderRouterLink}
        />
        <BackLink to="/training" label={t("training.backToModules")} />
      </div>
    </Page>
  );
}
