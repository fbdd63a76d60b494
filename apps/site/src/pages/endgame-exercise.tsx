import { courseExercise, courseExercises, type EndgameExercise } from "@ct/chess/endgame-course";
import type { Verdict } from "@ct/machines/endgame-course";
import { Board, type BoardArrow, EndgameLesson, type EndgameStatus, isolateLtr } from "@ct/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "../app/routing";
import { useBoardTexts, useSideName } from "../demos/use-line";
import { markSolved } from "../endgame-course/progress";
import { useEndgameGame } from "../endgame-course/use-endgame-game";
import { useHydrated } from "../lib/hydration";
import { PreferredBoard } from "../training/board-preferences";
import { MoveBox } from "../training/move-box";
import { useAnnouncer, useSayOnChange } from "../training/screen-reader-board";
import { renderRouterLink } from "../training/site-link";
import { BackLink, MissingPage, Page } from "./page";

/**
 * /training/endgame-course/:exercise (issue 40): one theory position played out against Stockfish in the browser.
 * The engine judges every move; a slip shows the position before it with the move played (red) and the engine's
 * better move (green) on the board.
 */
export function Component() {
  const { t } = useTranslation();
  const { exercise: id = "" } = useParams();
  const exercise = courseExercise(id);
  if (!exercise) {
    return (
      <MissingPage
        title={t("endgameCourse.title")}
        message={t("endgameCourse.notFound")}
        back={{ to: "/training/endgame-course", label: t("endgameCourse.back") }}
      />
    );
  }
  return (
    <Page title={t("endgameCourse.title")}>
      <Exercise key={exercise.id} exercise={exercise} />
    </Page>
  );
}

function Exercise({ exercise }: { exercise: EndgameExercise }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  const boardTexts = useBoardTexts();
  const sideName = useSideName();
  // The engine starts in the browser only: the server renders the position and the lesson.
  const hydrated = useHydrated();
  return hydrated ? (
    <LiveExercise exercise={exercise} />
  ) : (
    <Layout
      exercise={exercise}
      board={
        <Board
          boardId="endgame"
          fen={exercise.fen}
          orientation={exercise.player}
          label={t("endgameCourse.boardLabel", { side: sideName(exercise.fen) })}
          {...boardTexts}
          interactive={false}
        />
      }
      panel={
        <EndgameLesson
          title={exercise.title[language]}
          side={t(`endgameCourse.side.${exercise.player}`)}
          goal={t(`endgameCourse.goal.${exercise.goal.kind}`)}
          moves={t("endgameCourse.moves", { used: 0, limit: exercise.goal.moves })}
          lessonTitle={t("endgameCourse.lesson")}
          lesson={exercise.lesson[language]}
          hint={{ label: t("endgameCourse.hint"), title: "", text: "", shown: false, onShow: () => {} }}
          status={{ tone: "info", text: t("endgameCourse.status.starting") }}
          retry={{ label: t("endgameCourse.retry"), onClick: () => {}, disabled: true }}
        />
      }
    />
  );
}

function Layout({
  exercise,
  board,
  panel,
}: {
  exercise: EndgameExercise;
  board: React.ReactNode;
  panel: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-slot="endgame-exercise" data-exercise={exercise.id}>
      <BackLink to="/training/endgame-course" label={t("endgameCourse.back")} />
      {/* From 992 px the board is as tall as the screen leaves it (at most 520 px), so it is whole at 1366×768. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,min(520px,max(360px,calc(100svh_-_300px))))_minmax(0,1fr)]">
        {board}
        {panel}
      </div>
    </div>
  );
}

function nextExercise(id: string): EndgameExercise | undefined {
  const all = courseExercises();
  return all[all.findIndex((exercise) => exercise.id === id) + 1];
}

function LiveExercise({ exercise }: { exercise: EndgameExercise }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  const boardTexts = useBoardTexts();
  const sideName = useSideName();
  const [hintShown, setHintShown] = useState(false);
  const game = useEndgameGame(exercise, () => markSolved(exercise.id));
  const verdict = game.verdict;
  const slip = verdict.status === "failed" && verdict.reason === "slipped" ? verdict : null;
  // After a slip the board goes back to the position before it: the move played in red, the better one in green.
  const shownFen = slip ? slip.move.fenBefore : game.fen;
  // The better move first: the move played is drawn over it, and the green head shows past it when both share a line.
  const arrows: BoardArrow[] = slip
    ? [
        ...(slip.better
          ? [{ from: slip.better.uci.slice(0, 2), to: slip.better.uci.slice(2, 4), kind: "hint" as const }]
          : []),
        { from: slip.move.uci.slice(0, 2), to: slip.move.uci.slice(2, 4), kind: "refutation" },
      ]
    : [];
  const next = verdict.status === "passed" ? nextExercise(exercise.id) : undefined;
  const status = statusOf(verdict, game.phase, t);
  // The screen-reader mode says the status as it changes (the board says the moves).
  const announcer = useAnnouncer();
  useSayOnChange(announcer, [status.text, status.detail].filter(Boolean).join(" "));
  return (
    <Layout
      exercise={exercise}
      board={
        <div
          data-slot="endgame-board"
          data-phase={game.phase}
          data-moves={game.moves.length}
          data-better={slip?.better?.uci}
        >
          <PreferredBoard
            boardId="endgame"
            fen={shownFen}
            orientation={exercise.player}
            label={t("endgameCourse.boardLabel", { side: sideName(shownFen) })}
            {...boardTexts}
            onMove={game.play}
            interactive={game.phase === "your-move"}
            lastMove={slip ? null : game.lastMove}
            arrows={arrows}
            announcer={announcer}
          />
        </div>
      }
      panel={
        <div className="flex min-w-0 flex-col gap-4">
          <EndgameLesson
            title={exercise.title[language]}
            side={t(`endgameCourse.side.${exercise.player}`)}
            goal={t(`endgameCourse.goal.${exercise.goal.kind}`)}
            moves={t("endgameCourse.moves", { used: game.moves.length, limit: exercise.goal.moves })}
            lessonTitle={t("endgameCourse.lesson")}
            lesson={exercise.lesson[language]}
            hint={{
              label: t("endgameCourse.hint"),
              title: t("endgameCourse.hintTitle"),
              text: exercise.hint[language],
              shown: hintShown,
              onShow: () => setHintShown(true),
            }}
            status={status}
            retry={{
              label: t("endgameCourse.retry"),
              onClick: game.retry,
              disabled: game.phase === "starting",
            }}
            next={
              next ? { label: t("endgameCourse.next"), href: `/training/endgame-course/${next.id}` } : null
            }
            renderLink={renderRouterLink}
          />
          <MoveBox fen={shownFen} onMove={game.play} disabled={game.phase !== "your-move" || slip !== null} />
        </div>
      }
    />
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** A move in standard notation, kept left to right inside an Arabic sentence ("Rc7+" would read "+Rc7"). */
const PASSED_KEYS = {
  mate: "mate",
  promotion: "promotion",
  "bare-king": "bareKing",
  held: "held",
  "drawn-end": "drawnEnd",
} as const;

function statusOf(verdict: Verdict, phase: string, t: T): EndgameStatus {
  if (verdict.status === "passed")
    return { tone: "success", text: t(`endgameCourse.passed.${PASSED_KEYS[verdict.reason]}`) };
  if (verdict.status === "failed") {
    if (verdict.reason === "slipped") {
      return {
        tone: "failure",
        text: t("endgameCourse.failed.slipped", {
          move: isolateLtr(verdict.played),
          from: t(`endgameCourse.result.${verdict.from}`),
          to: t(`endgameCourse.result.${verdict.to}`),
        }),
        ...(verdict.better
          ? { detail: t("endgameCourse.failed.better", { better: isolateLtr(verdict.better.san) }) }
          : {}),
      };
    }
    const key = verdict.reason === "move-limit" ? "moveLimit" : verdict.reason;
    return { tone: "failure", text: t(`endgameCourse.failed.${key}`) };
  }
  if (phase === "engine-failed") return { tone: "failure", text: t("endgameCourse.status.failed") };
  if (phase === "your-move") return { tone: "info", text: t("endgameCourse.status.yourMove") };
  return {
    tone: "info",
    text: t(phase === "starting" ? "endgameCourse.status.starting" : "endgameCourse.status.thinking"),
  };
}
