import { applyMove, describeRefutation, type PlayerColor } from "@ct/chess";
import type { FirstLoad, FirstLoadInput } from "@ct/machines";
import {
  Alert,
  AnalysisProgress,
  type AnalysisProgressState,
  Button,
  buttonVariants,
  cn,
  SelectField,
  Spinner,
} from "@ct/ui";
import type { TFunction } from "i18next";
import { Download, Upload } from "lucide-react";
import { type ChangeEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { Link, useSearchParams } from "../app/routing";
import { numberedLine, refutationSentence } from "../engine/refutation-text";
import type { RunView } from "../my-games/controller";
import { exportJson, exportPgn, parseExport } from "../my-games/export";
import { playersOf, sideOf } from "../my-games/games";
import { MY_GAMES_SCENARIO } from "../my-games/ids";
import { myGamesPositions } from "../my-games/positions";
import type { GameProblem, GameSummary } from "../my-games/protocol";
import { type MyGamePuzzle, toPosition } from "../my-games/puzzle";
import { RunReport } from "../my-games/run-report";
import { useMyGames } from "../my-games/use-my-games";
import { progress } from "../training/progress";
import { siteTrainingFlowMachine, useTrainingPosition } from "../training/training-flow";
import { backLinkClass, TrainingSetScreen } from "../training/training-screen";
import { Page } from "./page";

/**
 * /training/my-games (issue 22): the visitor's own games become puzzles. Paste PGN or open a file, say which side was
 * theirs, and the analysis runs in a Web Worker (Stockfish and the shared generator), one game after another; the
 * puzzles are kept in this browser (IndexedDB) and trained in the training screen (`?train`).
 */
export function Component() {
  const [params] = useSearchParams();
  return params.has("train") ? <TrainMyGames /> : <MyGamesPage />;
}

/** The set's training flow: the same machine as every set, its positions read from this browser's store. */
const myGamesFlowMachine = siteTrainingFlowMachine.provide({
  actors: {
    loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async () => {
      const list = await myGamesPositions();
      return { position: list[0] ?? null, total: list.length, list };
    }),
  },
});

function TrainMyGames() {
  const { t } = useTranslation();
  const { view } = useMyGames();
  const byId = useMemo(
    () => new Map(view.puzzles.map((puzzle, index) => [toPosition(puzzle, index).id, puzzle])),
    [view.puzzles],
  );
  if (!view.loaded) {
    return (
      <Page title={t("training.loadingModule")}>
        <Spinner label={t("training.loadingModule")} layout="inline" size="lg" />
      </Page>
    );
  }
  const ids = view.puzzles.map((_, index) => -(index + 1));
  return (
    <TrainingSetScreen
      set={{
        scenarioId: MY_GAMES_SCENARIO,
        title: t("myGames.set.setTitle"),
        description: t("myGames.set.setDescription"),
        phase: null,
        themes: [],
        ids,
        total: ids.length,
        back: { to: "/training/my-games", label: t("myGames.set.back") },
        logic: myGamesFlowMachine,
        tools: false,
        notice: <CurrentGameNote byId={byId} />,
      }}
    />
  );
}

/** The note of the puzzle on the board (rendered inside the training flow, under the title bar). */
function CurrentGameNote({ byId }: { byId: ReadonlyMap<number, MyGamePuzzle> }) {
  const { t } = useTranslation();
  const position = useTrainingPosition();
  const puzzle = position ? byId.get(position.id) : undefined;
  return puzzle ? <GameNote puzzle={puzzle} t={t} /> : null;
}

/** "In the game you played 4. d3?" and what the engine answers to it. */
function GameNote({ puzzle, t }: { puzzle: MyGamePuzzle; t: TFunction }) {
  const afterFen = useMemo(() => fenAfterPlayed(puzzle), [puzzle]);
  const summary = useMemo(() => describeRefutation(afterFen, puzzle.refutation), [afterFen, puzzle]);
  const move = `\u2066${numberedLine(puzzle.fen, puzzle.played.san, []).replace("?", "")}\u2069`;
  return (
    <div
      data-slot="game-note"
      className="flex flex-col gap-1 rounded-lg border border-line bg-surface px-4 py-2 text-sm text-fg shadow-sm"
    >
      <p className="m-0">
        {t("myGames.note.played", { move })}{" "}
        {refutationSentence(t, `\u2066${puzzle.played.san}\u2069`, summary)}
      </p>
      {summary.line.length > 0 ? (
        <p className="m-0 text-fg-muted max-lg:hidden" data-slot="game-note-line">
          {t("myGames.note.line", {
            line: `\u2066${numberedLine(puzzle.fen, puzzle.played.san, summary.line.slice(0, 6))}\u2069`,
          })}
        </p>
      ) : null}
    </div>
  );
}

/** The position after the move played in the game: where the engine's refutation starts. */
function fenAfterPlayed(puzzle: MyGamePuzzle): string {
  const result = applyMove(puzzle.fen, puzzle.played.uci);
  return result.ok ? result.fen : puzzle.fen;
}

function MyGamesPage() {
  const { t } = useTranslation();
  const { view } = useMyGames();
  const active = view.run && (view.run.state === "running" || view.run.state === "paused");
  return (
    <Page title={t("myGames.title")}>
      <div className="flex max-w-4xl flex-col gap-6">
        <p className="m-0 text-fg-muted">{t("myGames.intro")}</p>
        {!view.loaded ? (
          <Spinner label={t("common.loading")} layout="inline" />
        ) : (
          <>
            {view.run ? <RunPanel view={view} /> : null}
            {active ? null : <GamesInput />}
            <SetPanel puzzles={view.puzzles} />
          </>
        )}
      </div>
    </Page>
  );
}

function duration(t: TFunction, seconds: number): string {
  return seconds < 90
    ? t("myGames.progress.seconds", { count: Math.max(1, Math.round(seconds)) })
    : t("myGames.progress.minutes", { count: Math.round(seconds / 60) });
}

function RunPanel({ view }: { view: RunView }) {
  const { t } = useTranslation();
  const { controller } = useMyGames();
  const run = view.run;
  if (!run) return null;
  const games = run.games.filter((game) => game.side);
  const done = games.filter((game) => game.status !== "pending").length;
  const failed = games.filter((game) => game.status === "failed").length;
  const current = view.current ? run.games[view.current.place] : undefined;
  const puzzles = games.reduce((sum, game) => sum + (game.puzzles ?? 0), 0);
  const status =
    run.state === "paused"
      ? t("myGames.progress.paused")
      : run.state === "cancelled"
        ? t("myGames.progress.cancelled")
        : run.state === "done"
          ? t("myGames.progress.done", { puzzles, games: done })
          : null;
  return (
    <div className="flex flex-col gap-3">
      <AnalysisProgress
        state={run.state as AnalysisProgressState}
        done={done}
        total={games.length}
        labels={{
          title: t("myGames.progress.title"),
          progress: t("myGames.progress.label"),
          games: t("myGames.progress.games", { done, total: games.length }),
          current:
            current && view.current
              ? t("myGames.progress.current", {
                  n: view.current.place + 1,
                  white: current.white || "?",
                  black: current.black || "?",
                })
              : null,
          stage: view.current
            ? t(
                view.current.stage === "scan" ? "myGames.progress.stageScan" : "myGames.progress.stageSolve",
                {
                  done: view.current.done,
                  total: view.current.total,
                },
              )
            : null,
          speed:
            view.speed === null
              ? t("myGames.progress.speedUnknown")
              : t("myGames.progress.speed", { speed: Math.round(view.speed * 10) / 10 }),
          left:
            view.secondsLeft !== null && run.state === "running"
              ? t("myGames.progress.left", { time: duration(t, view.secondsLeft) })
              : null,
          status,
          pause: t("myGames.progress.pause"),
          resume: t("myGames.progress.resume"),
          cancel: t("myGames.progress.cancel"),
        }}
        onPause={() => void controller.pause()}
        onResume={() => void controller.resume()}
        onCancel={() => void controller.cancel()}
      />
      {failed > 0 ? <Alert variant="warning">{t("myGames.progress.failed", { count: failed })}</Alert> : null}
      <RunReport run={run} />
      {run.state === "done" || run.state === "cancelled" ? (
        <div>
          <Button variant="secondary" onClick={() => void controller.dismissRun()}>
            {t("myGames.progress.newRun")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

type Choice = PlayerColor | "skip";

function GamesInput() {
  const { t } = useTranslation();
  const { controller, view } = useMyGames();
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState("");
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<{ games: GameSummary[]; problems: GameProblem[] } | null>(null);
  const [player, setPlayer] = useState("");
  const [sides, setSides] = useState<Choice[]>([]);
  const players = useMemo(() => (parsed ? playersOf(parsed.games) : []), [parsed]);
  // A run already finished is shown above; a new one starts from here.
  const busy = reading || view.run?.state === "running";

  const read = async (source: string) => {
    setError(null);
    setParsed(null);
    if (!source.trim()) {
      setError(t("myGames.input.empty"));
      return;
    }
    setReading(true);
    try {
      const result = await controller.parse(source);
      if (result.games.length === 0 && result.problems.length === 0) setError(t("myGames.input.none"));
      setParsed(result);
      // The one most frequent player is most likely the visitor; on a tie (one game, say) the visitor chooses.
      const [first, second] = playersOf(result.games);
      choosePlayer(first && first.games !== second?.games ? first.name : "", result.games);
    } finally {
      setReading(false);
    }
  };

  const choosePlayer = (name: string, games: readonly GameSummary[]) => {
    setPlayer(name);
    setSides(games.map((game) => sideOf(game, name) ?? "skip"));
  };

  const openFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    let content: string;
    try {
      content = await file.text();
    } catch {
      setError(t("myGames.input.fileFailed"));
      return;
    }
    setText(content.length > 200_000 ? `${content.slice(0, 200_000)}\n…` : content);
    await read(content);
  };

  const selected = sides.filter((side) => side !== "skip").length;
  const sideOptions = (["white", "black", "skip"] as const).map((value) => ({
    value,
    label: t(`myGames.games.sides.${value}`),
  }));

  return (
    <section data-slot="my-games-input" className="flex flex-col gap-3">
      <label htmlFor={textId} className="text-sm font-semibold text-fg">
        {t("myGames.input.label")}
      </label>
      <textarea
        id={textId}
        dir="ltr"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t("myGames.input.placeholder")}
        rows={8}
        spellCheck={false}
        className="w-full rounded-md border border-line-strong bg-surface p-3 font-mono text-sm text-fg"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void read(text)} disabled={busy}>
          {reading ? t("myGames.input.reading") : t("myGames.input.read")}
        </Button>
        <input
          id={fileId}
          type="file"
          accept=".pgn,application/x-chess-pgn,text/plain"
          className="peer sr-only"
          onChange={(event) => void openFile(event)}
        />
        <label
          htmlFor={fileId}
          className={cn(
            buttonVariants({ variant: "secondary" }),
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand",
          )}
        >
          <Upload aria-hidden />
          {t("myGames.input.file")}
        </label>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {parsed && parsed.games.length + parsed.problems.length > 0 ? (
        <div data-slot="my-games-read" className="flex flex-col gap-3">
          <p className="m-0 font-semibold text-fg" role="status">
            {t("myGames.games.found", { count: parsed.games.length })}
          </p>
          {parsed.problems.length > 0 ? (
            <Alert variant="warning" data-slot="my-games-problems">
              <p className="m-0">{t("myGames.games.problems", { count: parsed.problems.length })}</p>
              <ul className="m-0 mt-1 ps-5">
                {parsed.problems.slice(0, 20).map((problem) => (
                  <li key={problem.index}>
                    {t("myGames.games.problem", {
                      n: problem.index + 1,
                      players: `\u2068${problem.white || "?"} – ${problem.black || "?"}\u2069`,
                      message: `\u2068${problem.message}\u2069`,
                    })}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {parsed.games.length > 0 ? (
            <>
              <SelectField
                data-slot="my-games-player"
                label={t("myGames.games.player")}
                value={player}
                options={[
                  { value: "", label: t("myGames.games.playerNone") },
                  ...players.map((each) => ({
                    value: each.name,
                    label: t("myGames.games.playerGames", { name: each.name, count: each.games }),
                  })),
                ]}
                onValueChange={(name) => choosePlayer(name, parsed.games)}
              />
              <details
                className="rounded-md border border-line bg-surface p-3"
                open={parsed.games.length <= 5}
              >
                <summary className="cursor-pointer font-semibold text-fg">
                  {t("myGames.games.perGame")}
                </summary>
                <ol className="m-0 mt-2 flex max-h-96 list-none flex-col gap-2 overflow-auto p-0">
                  {parsed.games.map((game, index) => (
                    <li
                      key={game.index}
                      data-slot="my-games-game"
                      className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-2"
                    >
                      <span className="text-sm text-fg">
                        <bdi>
                          {t("myGames.games.vs", { white: game.white || "?", black: game.black || "?" })}
                        </bdi>
                        {game.date ? <span className="text-fg-muted"> · {game.date}</span> : null}
                      </span>
                      <SelectField<Choice>
                        layout="inline"
                        label={t("myGames.games.side")}
                        value={sides[index] ?? "skip"}
                        options={sideOptions}
                        onValueChange={(side) =>
                          setSides((current) => current.map((each, at) => (at === index ? side : each)))
                        }
                      />
                    </li>
                  ))}
                </ol>
              </details>
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  data-slot="my-games-start"
                  disabled={selected === 0 || busy}
                  onClick={() => {
                    void controller.start(
                      parsed.games,
                      sides.map((side) => (side === "skip" ? null : side)),
                      parsed.problems,
                    );
                    setParsed(null);
                    setText("");
                  }}
                >
                  {t("myGames.games.start")}
                </Button>
                <span className="text-sm text-fg-muted">
                  {selected === 0
                    ? t("myGames.games.noneSelected")
                    : t("myGames.games.selected", { count: selected })}
                </span>
              </div>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** Saves a text as a file through a temporary link. */
function download(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function SetPanel({ puzzles }: { puzzles: MyGamePuzzle[] }) {
  const { t } = useTranslation();
  const { controller } = useMyGames();
  const importId = useId();
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const stamp = () => new Date().toISOString().slice(0, 10);

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    setMessage(null);
    const parsed = parseExport(await file.text().catch(() => ""));
    if (!parsed) {
      setMessage({ kind: "error", text: t("myGames.transfer.invalid") });
      return;
    }
    const added = await controller.addPuzzles(parsed.puzzles);
    const skipped = parsed.skipped > 0 ? ` ${t("myGames.transfer.skipped", { count: parsed.skipped })}` : "";
    setMessage({ kind: "success", text: `${t("myGames.transfer.imported", { count: added })}${skipped}` });
  };

  return (
    <section aria-labelledby="my-games-set" data-slot="my-games-set" className="flex flex-col gap-3">
      <h2 id="my-games-set" className="m-0 text-xl font-bold text-fg">
        {t("myGames.set.title")}
      </h2>
      <p className="m-0 text-fg" data-testid="my-games-count">
        {puzzles.length > 0 ? t("myGames.set.count", { count: puzzles.length }) : t("myGames.set.empty")}
      </p>
      {puzzles.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          <Link to="/training/my-games?train" className={buttonVariants({ variant: "primary" })}>
            {t("myGames.set.train")}
          </Link>
          <Link to="/training/dashboard" className={backLinkClass}>
            {t("myGames.set.dashboard")}
          </Link>
        </div>
      ) : null}
      <h3 className="m-0 mt-2 text-lg font-bold text-fg">{t("myGames.transfer.title")}</h3>
      <p className="m-0 text-sm text-fg-muted">{t("myGames.transfer.intro")}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={puzzles.length === 0}
          onClick={() => download(exportJson(puzzles), `my-games-${stamp()}.json`, "application/json")}
        >
          <Download aria-hidden />
          {t("myGames.transfer.json")}
        </Button>
        <Button
          variant="secondary"
          disabled={puzzles.length === 0}
          onClick={() => download(exportPgn(puzzles), `my-games-${stamp()}.pgn`, "application/x-chess-pgn")}
        >
          <Download aria-hidden />
          {t("myGames.transfer.pgn")}
        </Button>
        <input
          id={importId}
          type="file"
          accept="application/json,.json"
          className="peer sr-only"
          onChange={(event) => void importFile(event)}
        />
        <label
          htmlFor={importId}
          className={cn(
            buttonVariants({ variant: "secondary" }),
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand",
          )}
        >
          <Upload aria-hidden />
          {t("myGames.transfer.import")}
        </label>
        {puzzles.length > 0 && !confirming ? (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t("myGames.set.clear")}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <Alert variant="warning" className="flex flex-col gap-3">
          <p className="m-0">{t("myGames.set.clearConfirm")}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              onClick={() => {
                setConfirming(false);
                // The next puzzles take the same places (ids) in the set: they start without the old ones' scores.
                void controller.clearPuzzles().then(() => progress.forgetMyGames());
              }}
            >
              {t("myGames.set.clearYes")}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("myGames.set.clearNo")}
            </Button>
          </div>
        </Alert>
      ) : null}
      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
    </section>
  );
}
