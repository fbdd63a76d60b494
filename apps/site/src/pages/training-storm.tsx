import {
  moduleForPhase,
  type StormLeaderboard,
  type StormPuzzleData,
  type StormResult as StormVerdict,
} from "@ct/contract";
import {
  comboLevel,
  comboProgress,
  STORM_COMBO_LEVELS,
  stormBoardFen,
  stormClockLeft,
  stormRunMachine,
  stormScore,
} from "@ct/machines/storm";
import {
  Alert,
  type BoardMove,
  Button,
  StormHud,
  type StormHudFlash,
  StormResult,
  StormStart,
  StormLeaderboard as StormTable,
} from "@ct/ui";
import { useMachine } from "@xstate/react";
import { Chess } from "chess.js";
import { memo, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account/store";
import { stormApi } from "../api/storm";
import { useBoardTexts, useSideName } from "../demos/use-line";
import { useHydrated } from "../lib/hydration";
import { storage } from "../lib/storage";
import { BoardSettingsButton, PreferredBoard, useBoardSound } from "../training/board-preferences";
import { MoveBox } from "../training/move-box";
import { progress } from "../training/progress";
import { type Announcer, useAnnouncer } from "../training/screen-reader-board";
import { renderRouterLink } from "../training/site-link";
import { BackLink, Page } from "./page";

/** The best score of this browser's runs (an anonymous player's only record; a signed-in one's too). */
export const STORM_BEST_KEY = "chesstrainer.storm.best";

function readBest(): number {
  const value = Number(storage.get(STORM_BEST_KEY));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** 2:47 from milliseconds (rounded up, so 0:00 shows only when the time is out). */
function clockText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The combo at which the next time bonus comes. */
function nextBonusAt(combo: number): number {
  const level = comboLevel(combo);
  const next = STORM_COMBO_LEVELS[level + 1];
  if (next) return next[0];
  const last = STORM_COMBO_LEVELS.at(-1)?.[0] ?? 30;
  const step = last - (STORM_COMBO_LEVELS.at(-2)?.[0] ?? 20);
  return last + step * (Math.floor((combo - last) / step) + 1);
}

/**
 * /training/storm (issue 41, lichess's Puzzle Storm): 3 minutes of puzzles rising from easy to hard. All the run's
 * puzzles arrive in one answer, so a solved puzzle's successor is on the board within the same render; the server
 * replays the moves for the score.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t("storm.title")}>
      <div className="flex flex-col gap-4" data-slot="storm-page">
        <BackLink to="/training" label={t("training.backToModules")} />
        <Storm />
      </div>
    </Page>
  );
}

function Storm() {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const account = useAccount();
  const [snapshot, send] = useMachine(stormRunMachine);
  const [loadFailed, setLoadFailed] = useState(false);
  const [puzzles, setPuzzles] = useState<readonly StormPuzzleData[]>([]);
  const [tables, setTables] = useState<{ day: StormLeaderboard | null; all: StormLeaderboard | null }>({
    day: null,
    all: null,
  });
  const [best, setBest] = useState(0);
  const loading = snapshot.matches("loading");

  // A run is fetched as soon as the page is live (and again after each run), so Start plays at once.
  useEffect(() => {
    if (!hydrated || !loading) return;
    let live = true;
    setLoadFailed(false);
    stormApi
      .run()
      .then((run) => {
        if (!live) return;
        setPuzzles(run.puzzles);
        send({ type: "LOADED", runId: run.runId, puzzles: run.puzzles });
      })
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [hydrated, loading, send]);

  useEffect(() => {
    if (!hydrated || !loading) return;
    setBest(readBest());
    Promise.all([stormApi.leaderboard("day"), stormApi.leaderboard("all")])
      .then(([day, all]) => {
        setTables({ day, all });
        // A signed-in player's best on the account, from any device.
        if (all.personalBest !== null) setBest((local) => Math.max(local, all.personalBest ?? 0));
      })
      .catch(() => undefined);
  }, [hydrated, loading]);

  if (snapshot.matches("playing")) {
    return <Run snapshot={snapshot} send={send} puzzles={puzzles} />;
  }
  if (snapshot.matches("over")) {
    return (
      <Result
        snapshot={snapshot}
        puzzles={puzzles}
        best={best}
        onBest={setBest}
        onAgain={() => send({ type: "RESET" })}
      />
    );
  }
  const labels = {
    rank: t("storm.tables.rank"),
    player: t("storm.tables.player"),
    score: t("storm.tables.score"),
    combo: t("storm.tables.combo"),
  };
  const current = account.status === "signed-in" ? account.account.username : null;
  return (
    <div className="flex flex-col gap-3">
      {loadFailed ? (
        <Alert variant="warning" className="flex flex-wrap items-center gap-3">
          <p className="m-0">{t("storm.loadFailed")}</p>
          <Button variant="secondary" onClick={() => send({ type: "RESET" })}>
            {t("storm.retry")}
          </Button>
        </Alert>
      ) : null}
      <StormStart
        rules={t("storm.rules")}
        best={best > 0 ? t("storm.best", { score: best }) : t("storm.noBest")}
        note={account.status === "signed-out" ? t("storm.signIn") : null}
        start={{
          label: loading && !loadFailed ? t("storm.loading") : t("storm.start"),
          onClick: () => send({ type: "START" }),
          disabled: !snapshot.matches("ready"),
        }}
      >
        {(["day", "all"] as const).map((period) => (
          <StormTable
            key={period}
            data-period={period}
            title={t(`storm.tables.${period}`)}
            rows={tables[period]?.entries ?? []}
            empty={t("storm.tables.empty")}
            labels={labels}
            current={current}
            locale={i18n.language}
          />
        ))}
      </StormStart>
    </div>
  );
}

type Snapshot = ReturnType<typeof useMachine<typeof stormRunMachine>>[0];
type Send = ReturnType<typeof useMachine<typeof stormRunMachine>>[1];

function Run({
  snapshot,
  send,
  puzzles,
}: {
  snapshot: Snapshot;
  send: Send;
  puzzles: readonly StormPuzzleData[];
}) {
  const { t, i18n } = useTranslation();
  const { context } = snapshot;
  const { run } = context;
  const puzzle = puzzles[run.index];
  const fen = stormBoardFen(run, context.puzzles) ?? puzzle?.fen ?? "";
  const side = puzzle?.fen.split(" ")[1] === "b" ? "black" : "white";
  const flash = useFlash(context.flash, context.moves.length);
  // A wrong move's sound (the moves' own come from the board).
  const play = useBoardSound();
  const wrongId = flash?.verdict === "wrong" ? flash.id : null;
  useEffect(() => {
    if (wrongId !== null) play("failure");
  }, [wrongId, play]);
  // The opponent's reply after a right move; at a puzzle's start, the move that set it (when known).
  const lastMove = context.reply ?? (run.ply === 0 ? (puzzle?.lastMove ?? null) : null);
  const solvedAt = useRef<number | null>(null);
  // The screen-reader mode's live region: each move's verdict, then
  // each puzzle's side (the board says the moves).
  const announcer = useAnnouncer();
  const { say } = announcer;
  // The machine's verdict of the move just sent (the flash shown above comes a render later, after the next puzzle).
  const movesSent = context.moves.length;
  const verdictRef = useRef(context.flash);
  verdictRef.current = context.flash;
  useEffect(() => {
    const shown = verdictRef.current;
    if (movesSent === 0 || !shown) return;
    const bonus = shown.bonusMs > 0 ? ` ${t("storm.bonus", { seconds: shown.bonusMs / 1000 })}` : "";
    say(
      shown.verdict === "wrong"
        ? `${t("board.screenReader.page.wrong")} ${t("storm.malus", { seconds: 10 })}`
        : `${t(shown.verdict === "solved" ? "board.screenReader.page.solved" : "board.screenReader.page.right")}${bonus}`,
    );
  }, [movesSent, say, t]);
  const puzzleId = puzzle?.id;
  useEffect(() => {
    if (puzzleId) say(t(`storm.youPlay.${side}`));
  }, [puzzleId, side, say, t]);

  // The figure of issue 41: from the move that solved (or failed) a puzzle to the next one on the board, playable.
  useEffect(() => {
    if (run.index === 0 || solvedAt.current === null) return;
    requestAnimationFrame(() => {
      performance.mark("storm-next-ready", { detail: { index: run.index } });
      performance.measure("storm-next-puzzle", "storm-solved", "storm-next-ready");
    });
  }, [run.index]);

  const onMove = useCallback(
    (move: BoardMove) => {
      const board = new Chess(fen);
      try {
        board.move({
          from: move.from,
          to: move.to,
          ...(move.promotion ? { promotion: move.promotion } : {}),
        });
      } catch {
        return false;
      }
      const before = run.index;
      send({ type: "MOVE", uci: `${move.from}${move.to}${move.promotion ?? ""}`, now: performance.now() });
      solvedAt.current = before;
      performance.mark("storm-solved");
      return true;
    },
    [fen, run.index, send],
  );

  const hudFlash: StormHudFlash | null =
    flash && flash.verdict === "wrong"
      ? { kind: "malus", text: t("storm.malus", { seconds: 10 }), id: flash.id }
      : flash && flash.bonusMs > 0
        ? { kind: "bonus", text: t("storm.bonus", { seconds: flash.bonusMs / 1000 }), id: flash.id }
        : null;

  return (
    <div
      data-slot="storm-run"
      data-index={run.index}
      data-puzzle={puzzle?.id}
      data-score={run.solved}
      data-combo={run.combo}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,min(560px,max(360px,calc(100svh_-_310px))))_minmax(0,1fr)]"
    >
      <div className="flex flex-col gap-2">
        <p data-slot="storm-side" className="m-0 font-semibold text-fg">
          {t(`storm.youPlay.${side}`)}
        </p>
        <div
          data-slot="storm-board"
          data-last-move={lastMove ?? undefined}
          data-flash={flash?.verdict === "wrong" ? "wrong" : undefined}
          className={
            flash?.verdict === "wrong"
              ? "rounded-sm outline outline-4 outline-danger"
              : "rounded-sm outline outline-4 outline-transparent"
          }
        >
          <StormBoard
            fen={fen}
            orientation={side}
            lastMove={lastMove}
            onMove={onMove}
            announcer={announcer}
          />
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <Clock snapshot={snapshot} send={send} flash={hudFlash} locale={i18n.language} />
        {context.startedAt === null ? (
          <p className="m-0 text-sm text-fg-muted">{t("storm.firstMove")}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => send({ type: "END", now: performance.now() })}>
            {t("storm.end")}
          </Button>
          <BoardSettingsButton />
        </div>
        {/* Typed moves keep the focus in the box, so a fast player can type one move after another. */}
        <MoveBox fen={fen} onMove={onMove} disabled={false} />
      </div>
    </div>
  );
}

/** The last move's verdict for a moment (the board's red outline, the clock's +/− seconds). */
function useFlash(flash: Snapshot["context"]["flash"], id: number) {
  const [shown, setShown] = useState<(NonNullable<typeof flash> & { id: number }) | null>(null);
  useEffect(() => {
    if (!flash) return;
    setShown({ ...flash, id });
    const timer = setTimeout(() => setShown(null), 900);
    return () => clearTimeout(timer);
  }, [flash, id]);
  return shown;
}

/** The board alone re-renders on a move, never on the clock's ticks. */
const StormBoard = memo(function StormBoard({
  fen,
  orientation,
  lastMove,
  onMove,
  announcer,
}: {
  fen: string;
  orientation: "white" | "black";
  lastMove: string | null;
  onMove: (move: BoardMove) => boolean;
  announcer: Announcer;
}) {
  const { t } = useTranslation();
  const boardTexts = useBoardTexts();
  const sideName = useSideName();
  return (
    <PreferredBoard
      settings={false}
      boardId="storm"
      fen={fen}
      orientation={orientation}
      label={t("storm.boardLabel", { side: sideName(fen) })}
      {...boardTexts}
      onMove={onMove}
      unreachable="deselect"
      lastMove={lastMove ? { from: lastMove.slice(0, 2), to: lastMove.slice(2, 4) } : null}
      announcer={announcer}
    />
  );
});

/** The clock ticks here (10 times a second), and ends the run when it reaches zero. */
function Clock({
  snapshot,
  send,
  flash,
  locale,
}: {
  snapshot: Snapshot;
  send: Send;
  flash: StormHudFlash | null;
  locale: string;
}) {
  const { t } = useTranslation();
  const { context } = snapshot;
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const at = performance.now();
      setNow(at);
      if (context.startedAt !== null && stormClockLeft(context, at) <= 0) send({ type: "TICK", now: at });
    }, 100);
    return () => clearInterval(timer);
  }, [context, send]);
  const left = stormClockLeft(context, Math.max(now, context.now));
  const combo = context.run.combo;
  return (
    <StormHud
      clock={clockText(left)}
      clockLabel={t("storm.hud.clock")}
      low={context.startedAt !== null && left < 10_000}
      score={context.run.solved}
      scoreLabel={t("storm.hud.score")}
      combo={combo}
      comboLabel={t("storm.hud.combo")}
      comboProgress={comboProgress(combo)}
      comboNote={t("storm.hud.nextBonus", { count: nextBonusAt(combo) })}
      flash={flash}
      locale={locale}
    />
  );
}

type Submission = { status: "checking" } | { status: "done"; verdict: StormVerdict } | { status: "refused" };

function Result({
  snapshot,
  puzzles,
  best,
  onBest,
  onAgain,
}: {
  snapshot: Snapshot;
  puzzles: readonly StormPuzzleData[];
  best: number;
  onBest: (best: number) => void;
  onAgain: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { context } = snapshot;
  const score = stormScore(context.run, context.endMs ?? context.run.lastAtMs);
  const [submission, setSubmission] = useState<Submission>({ status: "checking" });
  const bestBefore = useRef(best);
  // The end of the run's sound, once.
  const play = useBoardSound();
  const ended = useRef(false);
  useEffect(() => {
    if (ended.current) return;
    ended.current = true;
    play("end");
  }, [play]);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    const runId = context.runId;
    if (!runId || sent.current === runId) return;
    sent.current = runId;
    // The run's first results count as the trainer's do: a failed puzzle becomes a review card.
    score.results.forEach((result, index) => {
      const puzzle = puzzles[index];
      if (!puzzle) return;
      progress.reportResult(
        {
          id: puzzle.id,
          rating: puzzle.rating,
          rating_deviation: puzzle.ratingDeviation,
          themes: puzzle.themes,
          game_phase: puzzle.phase,
        },
        result === "solved" ? "win" : "loss",
      );
    });
    const newBest = Math.max(readBest(), score.score);
    storage.set(STORM_BEST_KEY, String(newBest));
    onBest(newBest);
    stormApi
      .submit({
        runId,
        moves: context.moves,
        ...(context.endMs === null ? {} : { endMs: context.endMs }),
      })
      .then((verdict) => {
        setSubmission({ status: "done", verdict });
        if (verdict.personalBest !== null && verdict.personalBest > newBest) {
          storage.set(STORM_BEST_KEY, String(verdict.personalBest));
          onBest(verdict.personalBest);
        }
      })
      .catch(() => setSubmission({ status: "refused" }));
  }, [context.runId, context.moves, context.endMs, puzzles, score.results, score.score, onBest]);

  const number = (digits: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits });
  const seconds = score.durationMs / 1000;
  const status =
    submission.status === "checking"
      ? t("storm.result.checking")
      : submission.status === "refused"
        ? t("storm.result.refused")
        : submission.verdict.stored
          ? `${t("storm.result.saved")} ${t("storm.result.rank", { rank: submission.verdict.rank })}`
          : `${t("storm.result.notSaved")} ${t("storm.result.wouldRank", { rank: submission.verdict.rank })}`;
  return (
    <div data-slot="storm-over" data-submission={submission.status} data-score={score.score}>
      <StormResult
        title={t("storm.result.title")}
        scoreLabel={t("storm.result.score")}
        score={score.score}
        newBest={score.score > 0 && score.score > bestBefore.current ? t("storm.result.newBest") : null}
        stats={[
          {
            label: t("storm.result.movesPerSecond"),
            value: number(2).format(seconds > 0 ? score.moves / seconds : 0),
          },
          { label: t("storm.result.bestCombo"), value: number(0).format(score.bestCombo) },
          {
            label: t("storm.result.accuracy"),
            value: `${number(0).format(score.moves > 0 ? (100 * (score.moves - score.errors)) / score.moves : 0)}%`,
          },
          { label: t("storm.result.time"), value: clockText(score.durationMs) },
        ]}
        status={status}
        puzzlesTitle={t("storm.result.puzzles")}
        puzzles={score.results.flatMap((result, index) => {
          const puzzle = puzzles[index];
          if (!puzzle) return [];
          return [
            {
              id: puzzle.id,
              label: t("storm.result.puzzle", { n: index + 1, rating: puzzle.rating }),
              result,
              resultLabel: t(`storm.result.${result}`),
              href: `/training/${moduleForPhase(puzzle.phase)}?puzzle=${puzzle.id}`,
            },
          ];
        })}
        replayLabel={t("storm.result.replay")}
        again={{ label: t("storm.result.again"), onClick: onAgain }}
        renderLink={renderRouterLink}
        locale={i18n.language}
      />
    </div>
  );
}
