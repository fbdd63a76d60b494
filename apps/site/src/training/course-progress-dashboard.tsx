import { OPENINGS, ownRepertoireFile } from "@ct/chess";
import { ENDGAME_COURSE } from "@ct/chess/endgame-course";
import {
  buildTree,
  cardKey,
  isCardDue,
  lineProgress,
  playerMoves,
  type RepertoireRecords,
  type RepertoireTree,
} from "@ct/machines";
import {
  buttonVariants,
  EndgameProgress,
  type EndgameProgressChapter,
  RepertoireProgress,
  type RepertoireProgressOpening,
  Spinner,
} from "@ct/ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../app/language";
import { Link } from "../app/routing";
import { useSolved } from "../endgame-course/progress";
import {
  loadMyRepertoire,
  type MyRepertoireEntry,
  useMyRepertoires,
} from "./repertoire/my-repertoires-store";
import { useRepertoireRecords } from "./repertoire/records-store";
import { loadStarter, repertoireId, STARTER_IDS, WHITE_OPENINGS } from "./repertoire/starters";
import { renderRouterLink } from "./site-link";

const STARTERS: ReadonlySet<string> = new Set(STARTER_IDS);

/** The player's moves of the drilled lines whose card is due or missing (each position once). */
function movesToReview(
  records: RepertoireRecords,
  tree: RepertoireTree,
  lineIds: ReadonlySet<string>,
  now: number,
) {
  const keys = new Set<string>();
  for (const line of tree.lines) {
    if (!lineIds.has(line.id)) continue;
    for (const move of playerMoves(line)) {
      const key = cardKey(tree.openingId, move.fenBefore);
      const card = records.cards[key];
      if (!card || isCardDue(card, now)) keys.add(key);
    }
  }
  return keys.size;
}

/**
 * The openings the records hold a line or a card of, by id: starters, and the player's own repertoires still in this
 * browser (`mine-<id>`).
 */
export function startedOpenings(records: RepertoireRecords, own: ReadonlySet<string> = new Set()): string[] {
  const ids = new Set<string>();
  for (const id of Object.keys(records.lines)) ids.add(id.slice(0, id.indexOf("/")));
  for (const key of Object.keys(records.cards)) ids.add(key.slice(0, key.indexOf(":")));
  return [...ids].filter((id) => STARTERS.has(id) || own.has(id)).sort();
}

/** The trees of the player's own repertoires that were started, read from this browser's store. */
function useOwnTrees(entries: readonly MyRepertoireEntry[], started: readonly string[]) {
  return useMemo(() => {
    const trees = new Map<string, { tree: RepertoireTree; entry: MyRepertoireEntry }>();
    for (const entry of entries) {
      const id = `mine-${entry.id}`;
      if (!started.includes(id)) continue;
      const own = loadMyRepertoire(entry.id);
      if (own) trees.set(id, { tree: buildTree(id, ownRepertoireFile(own)), entry });
    }
    return trees;
  }, [entries, started]);
}

/** The trees of the given starters, loaded in the browser (each asked once per page). */
function useTrees(ids: readonly string[]): Map<string, RepertoireTree> {
  const [trees, setTrees] = useState<Map<string, RepertoireTree>>(() => new Map());
  const asked = useRef(new Set<string>());
  const wanted = ids.join(",");
  useEffect(() => {
    const missing = wanted.split(",").filter((id) => id !== "" && !asked.current.has(id));
    for (const id of missing) asked.current.add(id);
    for (const id of missing)
      void loadStarter(id)
        .then((file) => {
          if (file) setTrees((before) => new Map(before).set(id, buildTree(id, file)));
        })
        .catch(() => undefined);
  }, [wanted]);
  return trees;
}

/**
 * The dashboard's openings and endgames (issue 40): each starter opening and own repertoire the player started with
 * its lines' progress
 * (learnt, drilled, mastered, moves to review) and a link to drill it, then the endgame course by chapter with a
 * link to the next position. Read from this browser's records, which follow a signed-in player's account.
 */
export function CourseProgressSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const records = useRepertoireRecords();
  const solved = useSolved();
  const mine = useMyRepertoires();
  const started = useMemo(
    () => startedOpenings(records, new Set(mine.map((entry) => `mine-${entry.id}`))),
    [records, mine],
  );
  const trees = useTrees(started.filter((id) => STARTERS.has(id)));
  const ownTrees = useOwnTrees(mine, started);
  const number = new Intl.NumberFormat(language);
  const now = Date.now();

  const openings: RepertoireProgressOpening[] = started.flatMap((id) => {
    const own = ownTrees.get(id);
    const opening = OPENINGS.find((candidate) => repertoireId(candidate.name) === id);
    const tree = own?.tree ?? trees.get(id);
    if (!tree || (!own && !opening)) return [];
    const name = own ? own.entry.name : language === "ar" ? (opening?.name_ar ?? id) : (opening?.name ?? id);
    const white = own ? own.entry.side === "white" : WHITE_OPENINGS.has(opening?.name ?? "");
    const base = own ? `/training/repertoire/mine/${own.entry.id}` : `/training/repertoire/${id}`;
    const lines = tree.lines.map((line) => ({ line, progress: lineProgress(records, tree, line, now) }));
    const total = lines.length;
    const count = (statuses: readonly string[]) =>
      lines.filter(({ progress }) => statuses.includes(progress.status)).length;
    // The moves the drilled lines ask again now (the same count as each line's, without a position twice).
    const drilled = new Set(
      lines.filter(({ progress }) => progress.status === "drilled").map(({ line }) => line.id),
    );
    const due = movesToReview(records, tree, drilled, now);
    const ofTotal = (value: number) => t("courseProgress.repertoire.ofTotal", { count: value, total });
    return [
      {
        id,
        name,
        side: t(`repertoire.side.${white ? "white" : "black"}`),
        figures: [
          {
            id: "learnt",
            label: t("courseProgress.repertoire.figures.learnt"),
            value: ofTotal(count(["learnt", "drilled", "mastered"])),
          },
          {
            id: "drilled",
            label: t("courseProgress.repertoire.figures.drilled"),
            value: ofTotal(count(["drilled", "mastered"])),
          },
          {
            id: "mastered",
            label: t("courseProgress.repertoire.figures.mastered"),
            value: ofTotal(count(["mastered"])),
          },
          { id: "due", label: t("courseProgress.repertoire.figures.due"), value: number.format(due) },
        ],
        linesLabel: t("courseProgress.repertoire.lines", { opening: name }),
        lines: lines.map(({ line, progress }) => ({
          id: line.id,
          name: language === "ar" ? line.name.ar : line.name.en,
          status: progress.status,
          statusLabel: t(`courseProgress.repertoire.status.${progress.status}`),
          // A line never drilled has every move to learn, not to review.
          ...(progress.status === "drilled" && progress.due > 0
            ? { due: t("courseProgress.repertoire.lineDue", { count: progress.due }) }
            : {}),
        })),
        drill: {
          href: `${base}?mode=drill`,
          label: t("courseProgress.repertoire.drill"),
          name: t("courseProgress.repertoire.drillOpening", { opening: name }),
        },
      },
    ];
  });
  const collator = new Intl.Collator(language);
  openings.sort((a, b) => collator.compare(a.name, b.name));
  const loading = openings.length < started.length;

  const chapters: EndgameProgressChapter[] = ENDGAME_COURSE.map((chapter) => {
    const total = chapter.exercises.length;
    const done = chapter.exercises.filter((exercise) => solved.has(exercise.id)).length;
    const complete = done >= total;
    const title = chapter.title[language];
    const next =
      (complete ? undefined : chapter.exercises.find((exercise) => !solved.has(exercise.id))) ??
      chapter.exercises[0];
    return {
      id: chapter.id,
      title,
      solved: done,
      total,
      progress: t("courseProgress.endgame.chapter", { done, total }),
      next: {
        href: `/training/endgame-course/${next?.id ?? ""}`,
        label: t(complete ? "courseProgress.endgame.review" : "courseProgress.endgame.continue"),
        name: t(
          complete ? "courseProgress.endgame.reviewChapter" : "courseProgress.endgame.continueChapter",
          {
            chapter: title,
          },
        ),
      },
    };
  });
  const passed = chapters.reduce((sum, chapter) => sum + chapter.solved, 0);
  const positions = chapters.reduce((sum, chapter) => sum + chapter.total, 0);

  return (
    <section aria-labelledby="course-progress" data-slot="course-progress" className="flex flex-col gap-6">
      <h2 id="course-progress" className="m-0 text-xl font-bold text-fg">
        {t("courseProgress.title")}
      </h2>
      <section aria-labelledby="course-progress-repertoire" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id="course-progress-repertoire" className="m-0 text-lg font-bold text-fg">
            {t("courseProgress.repertoire.title")}
          </h3>
          {started.length > 0 ? (
            <Link to="/training/repertoire" className="text-sm font-semibold text-brand">
              {t("courseProgress.repertoire.all")}
            </Link>
          ) : null}
        </div>
        {started.length === 0 ? (
          <div data-slot="repertoire-progress-empty" className="flex flex-wrap items-center gap-3">
            <p className="m-0 text-fg-muted">{t("courseProgress.repertoire.empty")}</p>
            <Link to="/training/repertoire" className={buttonVariants({ variant: "secondary", size: "sm" })}>
              {t("courseProgress.repertoire.start")}
            </Link>
          </div>
        ) : (
          <>
            {openings.length > 0 ? (
              <RepertoireProgress openings={openings} renderLink={renderRouterLink} />
            ) : null}
            {loading ? <Spinner label={t("courseProgress.repertoire.loading")} layout="inline" /> : null}
          </>
        )}
      </section>
      <section aria-labelledby="course-progress-endgame" className="flex flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id="course-progress-endgame" className="m-0 text-lg font-bold text-fg">
            {t("courseProgress.endgame.title")}
          </h3>
          <span data-slot="endgame-progress-total" className="text-sm text-fg-muted tabular-nums">
            {t("courseProgress.endgame.total", { done: passed, total: positions })}
          </span>
        </div>
        <EndgameProgress chapters={chapters} renderLink={renderRouterLink} />
      </section>
    </section>
  );
}
