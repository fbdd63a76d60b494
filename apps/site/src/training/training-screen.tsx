import type { GamePhase, Position } from "@ct/contract";
import { DIFFICULTY_NAMES, type Difficulty } from "@ct/contract/library-rules";
import {
  createScenario,
  type MoveFeedback,
  type PuzzleOutcome,
  type PuzzleResult,
  sideToMove,
} from "@ct/machines";
import {
  Alert,
  BOARD_THEMES,
  Board,
  type BoardKeyboardLabels,
  Button,
  cn,
  Disclosure,
  DisclosureContent,
  DisclosureTrigger,
  FenBar,
  GameInfoCard,
  type GameInfoLabels,
  lazyPart,
  loadBoardRules,
  MoveList,
  type MoveStepperLabels,
  OpeningFilter,
  PIECE_SETS,
  type PieceCode,
  PuzzleIdInput,
  RatingBadge,
  SelectField,
  SettingToggles,
  Spinner,
  TaskPanel,
  TitleBar,
  TrainingControls,
  type TrainingControlsLabels,
} from "@ct/ui";
import type { TFunction } from "i18next";
import { SlidersHorizontal } from "lucide-react";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { positionsApi } from "../api/positions";
import { Link, useNavigate } from "../app/routing";
import { useHydrated } from "../lib/hydration";
import { Page } from "../pages/page";
import { type MistakeOnBoard, mistakeOnBoard, useMistakeStage } from "./mistake-on-board";
import { openingLabel, openingOptions, openingOptionsWithCounts } from "./openings";
import { progress, useOutcomeCounts, usePlayerRating, usePositionProgress, useSolvedCount } from "./progress";
import {
  type siteTrainingFlowMachine,
  TrainingFlowProvider,
  useTrainingBoard,
  useTrainingBoardHints,
  useTrainingControls,
  useTrainingEmitted,
  useTrainingEvents,
  useTrainingFeedback,
  useTrainingHints,
  useTrainingMoves,
  useTrainingNavigation,
  useTrainingNotice,
  useTrainingPosition,
  useTrainingProgress,
  useTrainingRules,
  useTrainingScreen,
} from "./training-flow";
import {
  TrainingStoreProvider,
  useBoardLook,
  useBoardSettings,
  useSessionCounters,
  useTrainingStoreEvents,
} from "./training-store";
import { type RefutationState, useRefutation } from "./use-refutation";
import { useResource } from "./use-resource";

type Language = "en" | "ar";

/** The cards shown once the player acts (feedback, hints, replay): loaded right after the first paint. */
const laterParts = lazyPart(() => import("./later-parts"));

/** A text of the position in the page's language, English when the Arabic one is missing. */
function localized(language: Language, english: string, arabic: string | null | undefined): string {
  return language === "ar" && arabic ? arabic : english;
}

export const backLinkClass =
  "inline-flex items-center rounded-md border border-line-strong bg-surface px-4 py-2 text-sm font-semibold text-fg hover:bg-surface-sunken";

/**
 * What a training screen trains: a phase module (in the phase's order, or by rating), or a theme's puzzles across
 * the phases (by rating). The screen is the same for both.
 */
export interface TrainingSet {
  /** Keys the local progress records ('{clientPhase}-training' for a module, 'theme:{key}' for a theme). */
  scenarioId: string;
  /** The set's title and description in the page's language. */
  title: string;
  description: string;
  /** The module's phase; null for a theme's set. */
  phase: GamePhase | null;
  /** Only puzzles with these themes (a theme's set). */
  themes: readonly string[];
  /** Exactly these puzzles (the review of mistakes). */
  ids?: readonly number[];
  /** Puzzles in the set (the title bar's progress), 0 while unknown. */
  total: number;
  /** Where the Back link goes, and its text. */
  back: { to: string; label: string };
  /** Another flow with the same events (the streak's loads). */
  logic?: typeof siteTrainingFlowMachine;
  /** Told the first result of each puzzle (a streak counts and ends on them). */
  onResult?: (result: PuzzleResult) => void;
  /** The title bar's progress instead of the set's solved count (a streak: its length against the best). */
  progress?: { value: number; max: number; text: string };
  /** A message under the title bar (a streak's end). */
  notice?: ReactNode;
  /**
   * The tools (order, difficulty, opening, go to a puzzle by id). A streak has none: it picks every puzzle itself.
   * On a phone, without tools the Back link takes the menu button's place.
   */
  tools?: boolean;
}

/** The training screen of one set: its flow, its client store and the screen itself. */
export function TrainingSetScreen({ set }: { set: TrainingSet }) {
  // The screen starts from this browser's storage (the board's look, the order, the progress): the server and the
  // hydrating render show the loading page, which is also what the screen shows until its first position arrives.
  if (!useHydrated()) return <LoadingModule />;
  return <TrainingSetFlow set={set} />;
}

/** The loading page of a training screen ('Loading Training Module', spec section 2). */
export function LoadingModule() {
  const { t } = useTranslation();
  return (
    <Page title={t("training.loadingModule")}>
      <Spinner label={t("training.loadingModule")} layout="inline" size="lg" />
    </Page>
  );
}

function TrainingSetFlow({ set }: { set: TrainingSet }) {
  // A module starts in the order the player chose last time (the spec's order by default); a theme is by rating.
  const [rated] = useState(() => !set.ids && (set.phase === null || progress.rating().order === "rated"));
  // chess.js (the board's legal-move dots and check highlight) and the cards shown once the player acts load right
  // after the first paint, beside the first position, so they are there by the time the board is; the flow loads
  // its own rules as it starts. What needs them before they arrive waits for them.
  useEffect(() => {
    loadBoardRules().catch(() => undefined);
    laterParts.preload().catch(() => undefined);
  }, []);
  return (
    <TrainingStoreProvider key={set.scenarioId}>
      <TrainingFlowProvider
        key={set.scenarioId}
        phase={set.phase}
        rated={rated}
        themes={set.themes}
        ids={set.ids}
        logic={set.logic}
      >
        <TrainingScreen set={set} />
      </TrainingFlowProvider>
    </TrainingStoreProvider>
  );
}

/** A session of the local progress records per visit, fed by the flow's emitted events (spec section 4). */
function useSessionRecording(set: TrainingSet) {
  const store = useTrainingStoreEvents();
  const totalRef = useRef(set.total);
  totalRef.current = set.total;
  // The scenario's title in the language of the moment it starts; switching language starts no new session.
  const titlesRef = useRef({ title: "", description: "" });
  titlesRef.current = { title: set.title, description: set.description };
  const { scenarioId, phase } = set;
  const onResultRef = useRef(set.onResult);
  onResultRef.current = set.onResult;
  // Reports a puzzle's first result of this visit once: to the rating (and the server, which the rating does only
  // for the first result ever), to the review list, and to the set's own listener. Later hints and wrong moves on
  // the same puzzle change none of them.
  const decided = useRef(new Set<number>());
  const result = useCallback((position: Position, outcome: PuzzleResult) => {
    if (decided.current.has(position.id)) return;
    decided.current.add(position.id);
    progress.reportResult(position, outcome);
    onResultRef.current?.(outcome);
  }, []);

  useEffect(() => {
    const start = () => progress.startSession(scenarioId);
    const end = () => progress.endSession(totalRef.current > 0 ? { totalPositions: totalRef.current } : {});
    // Closing or reloading the tab ends the visit too; a page restored from the back-forward cache starts anew.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) start();
    };
    start();
    store.start(createScenario({ phase: phase ?? "middlegame", ...titlesRef.current, positions: [] }));
    window.addEventListener("pagehide", end);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", end);
      window.removeEventListener("pageshow", onPageShow);
      end();
      store.end();
    };
  }, [scenarioId, phase, store]);

  const handlers = useMemo(
    () => ({
      "progress.move": (event: {
        position: Position;
        fen: string;
        move: string;
        evaluation: "best" | "mistake";
        timeSpentMs: number;
        answer: boolean;
      }) => {
        progress.recordMove({
          positionId: String(event.position.id),
          fen: event.fen,
          move: event.move,
          evaluation: event.evaluation,
          timeSpentMs: event.timeSpentMs,
        });
        store.recordMove(event.evaluation === "best");
        // A wrong move or a shown answer decides the first try: a loss, as on lichess.
        if (event.evaluation === "mistake" || event.answer) result(event.position, "loss");
      },
      "progress.hint": (event: { position: Position }) => {
        store.recordHint();
        // Asking for a hint makes the first try a loss.
        result(event.position, "loss");
      },
      "progress.solved": (event: { position: Position; outcome: PuzzleOutcome }) => {
        result(event.position, event.outcome === "clean" ? "win" : "loss");
        progress.recordOutcome({
          positionId: String(event.position.id),
          fen: event.position.fen,
          outcome: event.outcome,
        });
      },
      "progress.complete": () => {
        progress.endSession({
          completed: true,
          ...(totalRef.current > 0 ? { totalPositions: totalRef.current } : {}),
        });
        store.complete();
      },
    }),
    [store, result],
  );
  useTrainingEmitted(handlers);
}

function TrainingScreen({ set }: { set: TrainingSet }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screen = useTrainingScreen();
  const events = useTrainingEvents();
  const position = useTrainingPosition();
  useSessionRecording(set);

  // Every puzzle shown joins the recently seen ones, which the library's next choice leaves out.
  const shownId = position?.id;
  useEffect(() => {
    if (shownId !== undefined) progress.markSeen(shownId);
  }, [shownId]);

  useEffect(() => {
    if (screen.complete) navigate(set.back.to);
  }, [screen.complete, navigate, set.back.to]);

  // The whole screen mounts when the first position arrives: as a deferred render, which React does in slices
  // between which the browser stays responsive, instead of one long task.
  const loading = useDeferredValue(screen.loading);
  if (loading && !screen.loadError) return <LoadingModule />;
  if (screen.loadError) {
    return (
      <Page title={t("training.errorLoadingModule")}>
        <div className="flex flex-col items-start gap-4">
          <Alert variant="error">{t(`training.loadError.${screen.loadError}`)}</Alert>
          <div className="flex flex-wrap gap-2">
            <Button onClick={events.retry}>{t("training.retry")}</Button>
            {screen.canDismissError ? (
              <Button variant="secondary" onClick={events.dismissError}>
                {t("training.backToPosition")}
              </Button>
            ) : null}
            <Link to={set.back.to} className={backLinkClass}>
              {set.back.label}
            </Link>
          </div>
        </div>
      </Page>
    );
  }
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-[1240px] flex-col gap-3 px-4 pt-2 pb-24 lg:pt-3 lg:pb-4"
    >
      <ModuleHeader set={set} />
      {set.notice}
      <OpeningComplete />
      <ReplayProvider>
        <MistakeProvider>
          <BoardLayout>
            <BoardColumn />
            {/*
          The side panel from 992 px: the task, the buttons and the feedback first, so they fit one screen beside
          the board. Narrower, the panel's cards join the page's single column (display: contents) in the order a
          player on a phone needs them: the board, its feedback right under it, the hint, then the task and the
          rest; the buttons sit in an action bar fixed to the bottom of the screen.
        */}
            <div data-slot="side-panel" className="max-lg:contents lg:flex lg:min-w-0 lg:flex-col lg:gap-3">
              <Task scenarioId={set.scenarioId} className="max-lg:order-4" />
              <ActionBar />
              <Feedback className="max-lg:order-2" />
              <Hints className="max-lg:order-3" />
              <Moves className="max-lg:order-5" />
              <GameInfo className="max-lg:order-6" />
              <PositionString className="max-lg:order-7" />
              <BoardAppearance className="max-lg:order-8" />
            </div>
          </BoardLayout>
        </MistakeProvider>
      </ReplayProvider>
    </main>
  );
}

/**
 * Replay after a solve: which move of the line the board shows (-1 the starting position), or null for the
 * position as it stands. Shared by the board and the moves card; a new position or a new try ends it.
 */
const ReplayContext = createContext<{ ply: number | null; setPly: (ply: number | null) => void }>({
  ply: null,
  setPly: () => undefined,
});

function ReplayProvider({ children }: { children: ReactNode }) {
  const [ply, setPly] = useState<number | null>(null);
  const position = useTrainingPosition();
  const { solved } = useTrainingBoard();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new position or a new try leaves the replay
  useEffect(() => setPly(null), [position, solved]);
  const value = useMemo(() => ({ ply: solved ? ply : null, setPly }), [ply, solved]);
  return <ReplayContext.Provider value={value}>{children}</ReplayContext.Provider>;
}

/**
 * The latest wrong move: the engine's refutation ("Why not my move?", in the feedback card) and what the board shows
 * of it (the move, then the reply with its arrow, then both taken back). One engine search serves both.
 */
const MistakeContext = createContext<{ refutation: RefutationState; onBoard: MistakeOnBoard | null }>({
  refutation: { status: "idle" },
  onBoard: null,
});

function MistakeProvider({ children }: { children: ReactNode }) {
  const feedback = useTrainingFeedback();
  const rules = useTrainingRules();
  const refutation = useRefutation(feedback, rules);
  const stage = useMistakeStage(feedback, refutation);
  const value = useMemo(
    () => ({ refutation, onBoard: mistakeOnBoard(rules, feedback, refutation, stage) }),
    [rules, feedback, refutation, stage],
  );
  return <MistakeContext.Provider value={value}>{children}</MistakeContext.Provider>;
}

/** Below 992 px the layout is one column with the action bar fixed to the bottom of the screen. */
const NARROW = "(max-width: 991.98px)";

/**
 * On a phone, a card that appears or changes under the board (the feedback, a hint) is scrolled into view when it
 * is hidden behind the action bar or below the screen, so a tap on Hint shows its answer. Wide screens keep the
 * cards beside the board and never scroll.
 */
function useRevealOnPhone<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || key === null || key === undefined || !window.matchMedia(NARROW).matches) return;
    const bar = document.querySelector<HTMLElement>("[data-slot=action-bar]");
    const bottom = window.innerHeight - (bar?.offsetHeight ?? 0);
    const box = element.getBoundingClientRect();
    if (box.bottom > bottom || box.top < 0) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      element.scrollIntoView({ block: "nearest", behavior: reduce ? "auto" : "smooth" });
    }
  }, [key]);
  return ref;
}

/** Room kept under the board on a wide screen (px), so its last rank is not flush with the window's edge. */
const BOARD_BOTTOM_GAP = 16;
/** The smallest board the fit allows (px): on a very short window the page scrolls instead. */
const BOARD_MIN = 280;

/**
 * The board and the side panel: one column below 992 px, the board beside the panel from there. The board is as
 * large as the window allows: `--board-fit` is the height left under the board's top (less the action bar on a
 * phone), measured again whenever the window or the header above the board changes size.
 */
function BoardLayout({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const grid = ref.current;
    if (!grid) return;
    const fit = () => {
      const top = grid.getBoundingClientRect().top + window.scrollY;
      const bar = grid.querySelector<HTMLElement>("[data-slot=action-bar]");
      const fixedBar = bar && getComputedStyle(bar).position === "fixed" ? bar.offsetHeight : 0;
      const room = window.innerHeight - top - (fixedBar ? fixedBar + 8 : BOARD_BOTTOM_GAP);
      grid.style.setProperty("--board-fit", `${Math.max(BOARD_MIN, Math.floor(room))}px`);
      // What the keyboard focuses or a link scrolls to stops above the fixed bar, never hidden under it.
      document.documentElement.style.scrollPaddingBottom = fixedBar ? `${fixedBar + 8}px` : "";
    };
    fit();
    const observer = new ResizeObserver(fit);
    const header = grid.previousElementSibling;
    if (header) observer.observe(header);
    window.addEventListener("resize", fit);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", fit);
      document.documentElement.style.scrollPaddingBottom = "";
    };
  }, []);
  return (
    <div
      ref={ref}
      data-slot="training-layout"
      className="grid grid-cols-1 gap-3 [--board-fit:800px] lg:grid-cols-[minmax(0,var(--board-fit))_360px] lg:items-start lg:justify-center lg:gap-x-6 min-[1280px]:grid-cols-[minmax(0,var(--board-fit))_minmax(360px,460px)]"
    >
      {children}
    </div>
  );
}

function BoardColumn() {
  return (
    <div
      data-slot="board-column"
      className="mx-auto w-full max-w-[min(800px,var(--board-fit))] min-w-0 max-lg:order-1 lg:max-w-none"
    >
      <TrainingBoard />
    </div>
  );
}

/** The title bar; the opening filter and Go to Puzzle by ID beside it, folded behind a button below 992 px. */
function ModuleHeader({ set }: { set: TrainingSet }) {
  const { t } = useTranslation();
  const solved = useSolvedCount(set.scenarioId);
  const outcomes = useOutcomeCounts(set.scenarioId);
  const total = set.total;
  const tools = set.tools !== false;
  const progressText = t("training.progressValue", { completed: solved, total: Math.max(total, solved) });
  const session = useSessionCounters();
  const notice = useTrainingNotice();
  // On a phone the menu folds away once Go to Puzzle by ID has loaded the puzzle, so the board shows again.
  const [toolsOpen, setToolsOpen] = useState(false);
  useEffect(() => {
    if (notice?.kind === "loaded-puzzle") setToolsOpen(false);
  }, [notice]);
  return (
    <Disclosure fold="lg" open={toolsOpen} onOpenChange={setToolsOpen}>
      <TitleBar
        density="compact"
        title={set.title}
        subtitle={t("training.session", session)}
        {...(set.progress
          ? { value: set.progress.value, max: set.progress.max, progressText: set.progress.text }
          : {
              value: solved,
              max: Math.max(total, solved),
              progressText,
              segments: outcomes,
              valueText: `${progressText} · ${t("training.outcomeSplit", { ...outcomes })}`,
            })}
        progressLabel={t("training.progress")}
        meta={<PlayerRating />}
        actions={
          <>
            <Link to={set.back.to} className={cn(backLinkClass, tools && "max-lg:hidden")}>
              {set.back.label}
            </Link>
            {tools ? (
              <DisclosureTrigger data-slot="training-tools-toggle">
                <SlidersHorizontal aria-hidden />
                {t("training.tools.toggle")}
              </DisclosureTrigger>
            ) : null}
          </>
        }
      >
        {tools ? (
          <DisclosureContent
            data-slot="training-tools"
            className="flex flex-col gap-3 max-lg:mb-1 max-lg:rounded-lg max-lg:border max-lg:border-line max-lg:bg-surface max-lg:p-4 max-lg:shadow-sm lg:flex-row lg:flex-wrap lg:items-start lg:gap-x-8 lg:gap-y-2"
          >
            <OrderBar />
            {set.phase !== null ? <FilterBar phase={set.phase} /> : null}
            <PuzzleIdBar />
            <Link to={set.back.to} className={cn(backLinkClass, "self-start lg:hidden")}>
              {set.back.label}
            </Link>
          </DisclosureContent>
        ) : null}
      </TitleBar>
    </Disclosure>
  );
}

/** Complete with an opening filter: that opening's set is done, and the module goes on (said by the board too). */
function OpeningComplete() {
  const { t, i18n } = useTranslation();
  const notice = useTrainingNotice();
  if (notice?.kind !== "opening-complete") return null;
  return (
    <Alert variant="success" data-slot="opening-complete">
      {t("training.filter.complete", {
        opening: openingLabel(notice.opening, i18n.language),
        count: notice.count,
      })}
    </Alert>
  );
}

/** The player's rating and the last result's change. */
function PlayerRating() {
  const { t, i18n } = useTranslation();
  const player = usePlayerRating();
  const history = player.history;
  const last = history.at(-1);
  const before = history.at(-2)?.rating ?? 1500;
  return (
    <RatingBadge
      rating={player.rating}
      deviation={player.deviation}
      change={last ? last.rating - before : null}
      labels={{
        rating: t("training.rating.label"),
        provisional: t("training.rating.provisional"),
        change: t("training.rating.change"),
      }}
      locale={i18n.language}
      className="max-lg:py-0 max-lg:text-xs"
    />
  );
}

type Order = "sequence" | "rated";

/**
 * How Next picks puzzles: a module's own order or near the player's rating (a theme's set is always by rating),
 * and the difficulty of the rated choice. Both are remembered on the device.
 */
function OrderBar() {
  const { t } = useTranslation();
  const { rated, canChooseOrder } = useTrainingNavigation();
  const player = usePlayerRating();
  const events = useTrainingEvents();
  const orders: { value: Order; label: string }[] = [
    { value: "sequence", label: t("training.order.sequence") },
    { value: "rated", label: t("training.order.rated") },
  ];
  const difficulties = DIFFICULTY_NAMES.map((value) => ({ value, label: t(`training.difficulty.${value}`) }));
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center lg:gap-x-6">
      {canChooseOrder ? (
        <SelectField<Order>
          data-slot="puzzle-order"
          layout="inline-lg"
          label={t("training.order.label")}
          options={orders}
          value={rated ? "rated" : "sequence"}
          onValueChange={(order) => {
            progress.setOrder(order);
            events.order(order === "rated");
          }}
        />
      ) : null}
      {rated ? (
        <SelectField<Difficulty>
          data-slot="puzzle-difficulty"
          layout="inline-lg"
          label={t("training.difficulty.label")}
          options={difficulties}
          value={player.difficulty}
          onValueChange={(difficulty) => progress.setDifficulty(difficulty)}
        />
      ) : null}
    </div>
  );
}

function FilterBar({ phase }: { phase: GamePhase }) {
  const { t, i18n } = useTranslation();
  const phaseOpenings = useResource(() => positionsApi.openingsOfPhase(phase));
  const { opening, canFilter } = useTrainingNavigation();
  const { busy } = useTrainingScreen();
  const notice = useTrainingNotice();
  const events = useTrainingEvents();
  // The choice shows at once; the flow takes it over when its load is done.
  const [requested, setRequested] = useState<string | null | undefined>(undefined);
  // The module's own openings with their counts; all the named openings when that list cannot be had.
  const options = useMemo(
    () =>
      phaseOpenings.data
        ? openingOptionsWithCounts(phaseOpenings.data.openings, i18n.language)
        : openingOptions(i18n.language),
    [phaseOpenings.data, i18n.language],
  );
  const choose = (value: string | null) => {
    setRequested(value);
    events.filter(value);
  };
  return (
    <OpeningFilter
      layout="inline-lg"
      className="lg:max-w-xl lg:flex-1"
      openings={options}
      value={busy && requested !== undefined ? requested : opening}
      onValueChange={choose}
      onClear={() => choose(null)}
      label={t("training.filter.label")}
      allLabel={t("training.filter.all")}
      clearLabel={t("training.filter.clear")}
      message={
        notice?.kind === "no-positions-for-opening"
          ? t("training.filter.empty")
          : notice?.kind === "opening-complete"
            ? t("training.filter.complete", {
                opening: openingLabel(notice.opening, i18n.language),
                count: notice.count,
              })
            : null
      }
      disabled={!canFilter}
    />
  );
}

function PuzzleIdBar() {
  const { t } = useTranslation();
  const { busy } = useTrainingScreen();
  const notice = useTrainingNotice();
  const events = useTrainingEvents();
  const result =
    notice?.kind === "loaded-puzzle"
      ? { kind: "success" as const, text: t("training.puzzleId.loaded", { id: notice.id }) }
      : notice?.kind === "puzzle-not-found"
        ? { kind: "error" as const, text: t("training.puzzleId.notFound") }
        : null;
  return (
    <PuzzleIdInput
      layout="inline-lg"
      className="lg:max-w-md lg:flex-1"
      label={t("training.puzzleId.label")}
      goLabel={t("training.puzzleId.go")}
      invalidMessage={t("training.puzzleId.invalid")}
      onGo={events.goToId}
      loading={busy}
      result={result}
    />
  );
}

function TrainingBoard() {
  const { t } = useTranslation();
  const board = useTrainingBoard();
  const hints = useTrainingBoardHints();
  const replay = useContext(ReplayContext);
  const moves = useTrainingMoves();
  const position = useTrainingPosition();
  // After a wrong move: the move, then the opponent's reply with its arrow, before both are taken back.
  const mistake = useContext(MistakeContext).onBoard;
  // Replaying: the board shows the chosen move of the line (or the start), and takes no moves.
  const replayed =
    replay.ply === null || !position
      ? null
      : replay.ply < 0
        ? { fen: position.fen, lastMove: null }
        : { fen: moves[replay.ply]?.fen ?? board.fen, lastMove: moves[replay.ply] ?? null };
  const settings = useBoardSettings();
  const events = useTrainingEvents();
  const { empty } = useTrainingScreen();
  const pieceLabels = t("board.pieces", { returnObjects: true }) as Record<PieceCode, string>;
  const keyboardLabels = t("board.keyboard", { returnObjects: true }) as BoardKeyboardLabels;
  if (empty || !board.fen) {
    return (
      <div
        data-slot="board-placeholder"
        className="flex aspect-square w-full max-w-board items-center justify-center rounded bg-surface-strong p-6 text-center text-fg-muted"
      >
        {t("training.noPosition")}
      </div>
    );
  }
  const side = sideToMove(board.fen);
  const shown = replayed ?? mistake;
  return (
    <Board
      boardId="training"
      data-mistake={mistake?.stage}
      fen={shown ? shown.fen : board.fen}
      orientation={board.orientation}
      label={t("training.boardLabel", { side: t(`training.game.sides.${side}`) })}
      pieceLabels={pieceLabels}
      keyboardLabels={keyboardLabels}
      interactive={board.canMove && !shown}
      onMove={(move) => events.play(`${move.from}${move.to}${move.promotion ?? ""}`)}
      unreachable="deselect"
      hintSquares={mistake ? undefined : hints}
      arrows={mistake ? mistake.arrows : hints.arrows}
      lastMove={
        shown
          ? shown.lastMove
            ? { from: shown.lastMove.from, to: shown.lastMove.to }
            : null
          : board.lastMove
      }
      showLegalMoves={settings.showLegalMoves}
      showCoordinates={settings.showCoordinates}
      showLastMove={settings.showLastMove}
      highlightCheck={settings.highlightCheck}
      animationDurationInMs={settings.animationDuration}
      boardTheme={settings.boardTheme}
      pieceSet={settings.pieceSet}
    />
  );
}

/** The player's board colours and pieces: last in the side panel, after everything a puzzle needs; remembered. */
function BoardAppearance({ className }: { className?: string }) {
  const { t } = useTranslation();
  const look = useBoardLook();
  return (
    <SettingToggles
      data-slot="board-appearance"
      title={t("board.appearance.title")}
      className={cn("gap-2", className)}
    >
      <SelectField
        layout="inline"
        label={t("board.appearance.colors")}
        value={look.boardTheme}
        options={BOARD_THEMES.map((value) => ({ value, label: t(`board.appearance.themes.${value}`) }))}
        onValueChange={(boardTheme) => look.choose({ boardTheme })}
        className="justify-between"
      />
      <SelectField
        layout="inline"
        label={t("board.appearance.pieces")}
        value={look.pieceSet}
        options={PIECE_SETS.map((value) => ({ value, label: t(`board.appearance.pieceSets.${value}`) }))}
        onValueChange={(pieceSet) => look.choose({ pieceSet })}
        className="justify-between"
      />
    </SettingToggles>
  );
}

/** Previous, Reset, Hint, Show Answer and Next: in the side panel from 992 px, a bar fixed to the screen's bottom below. */
function ActionBar() {
  const { t } = useTranslation();
  const controls = useTrainingControls();
  const events = useTrainingEvents();
  return (
    <div
      data-slot="action-bar"
      className="max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:border-t max-lg:border-line max-lg:bg-surface max-lg:px-4 max-lg:pt-2 max-lg:pb-[max(0.5rem,env(safe-area-inset-bottom))] max-lg:shadow-[0_-2px_8px_rgb(0_0_0/0.08)]"
    >
      <TrainingControls
        layout="compact"
        className="mx-auto max-w-[800px]"
        labels={t("training.controls", { returnObjects: true }) as TrainingControlsLabels}
        onPrevious={events.previous}
        onReset={events.reset}
        onHint={events.hint}
        onShowAnswer={events.showAnswer}
        onNext={events.next}
        onComplete={events.complete}
        isLast={controls.atEnd}
        disabled={{
          previous: !controls.previous,
          reset: !controls.reset,
          hint: !controls.hint,
          showAnswer: !controls.showAnswer,
          next: controls.atEnd ? !controls.complete : !controls.next,
        }}
      />
    </div>
  );
}

function PositionString({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { fen } = useTrainingBoard();
  if (!fen) return null;
  return (
    <FenBar
      className={className}
      fen={fen}
      label={t("training.fen.label")}
      copyLabel={t("training.fen.copy")}
      copiedLabel={t("training.fen.copied")}
      copyFailedLabel={t("training.fen.copyFailed")}
    />
  );
}

function Task({ scenarioId, className }: { scenarioId: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const position = useTrainingPosition();
  const place = useTrainingProgress();
  const notice = useTrainingNotice();
  const { busy, empty } = useTrainingScreen();
  const record = usePositionProgress(scenarioId, position?.id ?? null);
  const label = place
    ? t("training.task.position", { n: place.current, total: place.total })
    : position
      ? t("training.task.puzzle", { id: position.id })
      : "";
  const status = busy
    ? t("training.loadingPosition")
    : empty
      ? notice?.kind === "no-positions-for-opening"
        ? t("training.filter.empty")
        : t("training.noPosition")
      : null;
  return (
    <TaskPanel
      density="compact"
      className={className}
      title={t("training.task.title")}
      position={label}
      description={position ? localized(language, position.description_en, position.description_ar) : null}
      status={status}
    >
      {record ? (
        <p
          className="m-0 flex flex-wrap items-center gap-2 text-sm text-fg-muted"
          data-testid="position-record"
        >
          {record.completed ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-success-muted px-2.5 py-0.5 font-semibold text-success-strong">
              <span aria-hidden>✓</span>
              {t("training.solvedBadge")}
            </span>
          ) : null}
          {record.outcome ? (
            <span data-outcome={record.outcome}>{t(`training.outcome.${record.outcome}`)}</span>
          ) : null}
          <span>{t("training.attempts", { count: record.attempts })}</span>
        </p>
      ) : null}
    </TaskPanel>
  );
}

const FEEDBACK_TEXT: Record<MoveFeedback["message"], string> = {
  correct: "training.feedback.correct",
  helped: "training.feedback.helped",
  continue: "training.feedback.continue",
  answer: "training.feedback.answer",
  mistake: "training.feedback.incorrect",
  invalid: "training.feedback.invalid",
};

function Feedback({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const feedback = useTrainingFeedback();
  const position = useTrainingPosition();
  const { solved } = useTrainingBoard();
  const { refutation } = useContext(MistakeContext);
  const parts = laterParts.useLoaded();
  const ref = useRevealOnPhone<HTMLDivElement>(parts ? feedback : null);
  if (!feedback || !parts) return null;
  return (
    <parts.FeedbackCard
      ref={ref}
      className={className}
      kind={feedback.kind}
      kindLabel={t(`training.feedback.kinds.${feedback.kind}`)}
      message={t(FEEDBACK_TEXT[feedback.message])}
      explanation={
        solved && position ? localized(language, position.explanation_en, position.explanation_ar) : null
      }
      extra={
        feedback.kind === "mistake" ? (
          <WhyNot state={refutation} fenBefore={feedback.fenBefore} t={t} parts={parts} />
        ) : null
      }
    />
  );
}

/** Plies of the engine's line shown under the refutation: the reply and what follows, not a whole game. */
const REFUTATION_PLIES = 6;

/** "Why not my move?": the engine's refutation of a wrong move, or the fallback when the engine cannot run. */
function WhyNot({
  state,
  fenBefore,
  t,
  parts,
}: {
  state: RefutationState;
  fenBefore: string;
  t: TFunction;
  parts: typeof import("./later-parts");
}) {
  if (state.status === "idle") return null;
  const { numberedLine, refutationSentence } = parts;
  const text =
    state.status === "analysing"
      ? t("training.refutation.analysing")
      : state.status === "failed"
        ? t("training.refutation.unavailable")
        : refutationSentence(t, state.move, state.summary);
  return (
    <div
      data-slot="refutation"
      data-state={state.status}
      className="mt-1 flex flex-col gap-1 border-t border-current/20 pt-2 text-sm"
    >
      <p className="m-0 font-semibold">{t("training.refutation.title")}</p>
      <p className="m-0">{text}</p>
      {state.status === "done" && state.summary.line.length > 0 ? (
        <p className="m-0 opacity-90" data-slot="refutation-line">
          {/* Numbered from the position ("23. Qd7? Rxd7 24. a4"); it stays left to right inside an Arabic sentence
              (LRI … PDI isolate it). */}
          {t("training.feedback.refutation", {
            line: `\u2066${numberedLine(fenBefore, state.move, state.summary.line.slice(0, REFUTATION_PLIES))}\u2069`,
          })}
        </p>
      ) : null}
    </div>
  );
}

function Hints({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const position = useTrainingPosition();
  const hints = useTrainingHints();
  const events = useTrainingEvents();
  const parts = laterParts.useLoaded();
  const ref = useRevealOnPhone<HTMLElement>(hints.level === "none" || !parts ? null : hints.level);
  if (hints.level === "none" || !position || !parts) return null;
  const level = hints.level;
  const text = position.hints
    ? localized(language, position.hints[`${level}_en`], position.hints[`${level}_ar`])
    : "";
  return (
    <parts.HintCard
      ref={ref}
      className={className}
      level={level}
      title={t("training.hint.title")}
      levelLabel={t(`training.hint.levels.${level}`)}
      text={text.trim() ? text : t("training.hint.none")}
      moreHelpLabel={t("training.hint.moreHelp")}
      onMoreHelp={events.moreHelp}
      targetSquare={hints.expected?.to ?? null}
      targetSquareLabel={t("training.hint.targetSquare")}
      move={hints.expected?.san ?? null}
      suggestedMoveLabel={t("training.hint.suggestedMove")}
      playMoveLabel={hints.expected ? t("training.hint.playMove", { move: hints.expected.san }) : undefined}
      // The hint's Play button shows the answer: the puzzle then counts as failed, as Show Answer does.
      onPlayMove={() => {
        if (hints.expected) events.showAnswer();
      }}
    />
  );
}

function Moves({ className }: { className?: string }) {
  const { t } = useTranslation();
  const moves = useTrainingMoves();
  const position = useTrainingPosition();
  const fields = position?.fen.trim().split(/\s+/) ?? [];
  const startColor = fields[1] === "b" ? "b" : "w";
  const startMoveNumber = Number(fields[5] ?? 1) || 1;
  const sans = useMemo(() => moves.map((move) => move.san), [moves]);
  const { solved } = useTrainingBoard();
  const replay = useContext(ReplayContext);
  const parts = laterParts.useLoaded();
  const current = replay.ply ?? moves.length - 1;
  return (
    <div
      className={cn("flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm", className)}
    >
      <MoveList
        moves={sans}
        startColor={startColor}
        startMoveNumber={startMoveNumber}
        title={t("training.moves.title")}
        emptyLabel={t("training.moves.empty")}
        {...(solved ? { currentIndex: current, onSelectMove: replay.setPly } : {})}
      />
      {solved && moves.length > 0 && parts ? (
        <div data-slot="replay" className="flex flex-col gap-2 border-t border-line pt-3">
          <p className="m-0 text-sm font-semibold text-fg">{t("training.replay.title")}</p>
          <parts.MoveStepper
            labels={t("notation.stepper", { returnObjects: true }) as MoveStepperLabels}
            index={current}
            count={moves.length}
            onIndexChange={replay.setPly}
            status={
              current < 0
                ? t("notation.stepper.atStart")
                : t("notation.stepper.atMove", { n: current + 1, total: moves.length })
            }
          />
          <p className="m-0 text-sm text-fg-soft" data-slot="replay-note" aria-live="polite">
            {replayNote(t, moves, current)}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A note for a move of the solved line: whose move it was and what it did (a capture, a check, a mate, a
 * promotion), read from the move's own notation.
 */
function replayNote(
  t: TFunction,
  moves: readonly { san: string; by: "player" | "opponent" }[],
  ply: number,
): string {
  const move = moves[ply];
  if (!move) return t("training.replay.start");
  const san = `\u2066${move.san}\u2069`;
  const what = move.san.includes("#")
    ? t("training.replay.mate")
    : move.san.includes("=")
      ? t("training.replay.promotes")
      : move.san.includes("x") && move.san.includes("+")
        ? t("training.replay.capturesWithCheck")
        : move.san.includes("+")
          ? t("training.replay.check")
          : move.san.includes("x")
            ? t("training.replay.captures")
            : "";
  const who =
    move.by === "player"
      ? t("training.replay.player", { move: san })
      : t("training.replay.opponent", { move: san });
  return what ? `${who} ${what}` : who;
}

function GameInfo({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const position = useTrainingPosition();
  const { canFilter } = useTrainingNavigation();
  const events = useTrainingEvents();
  if (!position) return null;
  const info = position.game_metadata;
  return (
    <GameInfoCard
      className={className}
      info={info}
      labels={t("training.game", { returnObjects: true }) as GameInfoLabels}
      locale={i18n.language}
      openingLabel={info.opening ? openingLabel(info.opening, i18n.language) : undefined}
      {...(canFilter ? { onOpeningClick: (opening: string) => events.filter(opening) } : {})}
    />
  );
}
