import { Alert, Button, EngineLines, type EngineLineView, FenBar, MoveList } from "@ct/ui";
import { ArrowLeft, RotateCcw, Undo2 } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { readAnalysisAddress, shownLines } from "../analysis/analysis-lines";
import { useEngineLines } from "../analysis/use-engine-lines";
import { Link, useLocation } from "../app/routing";
import { lineFrom } from "../demos/lines";
import { useBoardTexts, useLine, useSideName } from "../demos/use-line";
import { PreferredBoard } from "../training/board-preferences";
import { Page } from "./page";

/**
 * The analysis board (issue 39, "Around each puzzle"): a position from the address (`/analysis?fen=…&back=…`), any
 * legal move playable on the board, and the engine's three best lines for the position on show, computed in the
 * browser. "Back to the puzzle" returns to the page that opened it.
 */
export function Component() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const address = useMemo(() => readAnalysisAddress(search), [search]);
  // A new address (another puzzle's Analyse) starts a new line.
  return <AnalysisBoard key={`${address.fen}|${address.back ?? ""}`} {...address} t={t} />;
}

function AnalysisBoard({
  fen: startFen,
  invalid,
  back,
  t,
}: ReturnType<typeof readAnalysisAddress> & { t: ReturnType<typeof useTranslation>["t"] }) {
  const boardTexts = useBoardTexts();
  const sideName = useSideName();
  const game = useLine(() => lineFrom(startFen));
  const engine = useEngineLines(game.fen);
  const lines = engine.status === "ready" ? shownLines(game.fen, engine.lines) : [];
  const over = engine.status === "ready" && lines.length === 0;
  const views: EngineLineView[] = lines.map((line, index) => ({
    evaluation: line.evaluation.text,
    favours: line.evaluation.favours,
    ...(line.evaluation.mate !== undefined
      ? { evaluationLabel: t("aroundPuzzle.board.lines.mate", { count: line.evaluation.mate }) }
      : {}),
    moves: line.moves,
    label: t("aroundPuzzle.board.lines.line", { n: index + 1 }),
    depth: t("aroundPuzzle.board.lines.depth", { depth: line.depth }),
    playLabel: t("aroundPuzzle.board.lines.play", { move: line.firstSan }),
  }));
  const playLine = (index: number) => {
    const move = lines[index]?.firstMove;
    if (move)
      game.play({ from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] as "q" | undefined });
  };

  return (
    <Page title={t("aroundPuzzle.board.title")}>
      <div className="flex flex-col gap-4" data-slot="analysis-board">
        {back ? (
          <p className="m-0">
            <Link
              to={back}
              data-slot="analysis-back"
              className="inline-flex items-center gap-1 font-semibold text-brand underline underline-offset-4 hover:no-underline"
            >
              <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
              {t("aroundPuzzle.board.back")}
            </Link>
          </p>
        ) : null}
        <p className="m-0 max-w-3xl text-fg-muted">{t("aroundPuzzle.board.intro")}</p>
        {invalid ? <Alert variant="warning">{t("aroundPuzzle.board.invalid")}</Alert> : null}
        {/* From 992 px the board is as tall as the screen leaves it (at most 520 px), so it is whole at 1366×768. */}
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,min(520px,max(360px,calc(100svh_-_300px))))_minmax(0,1fr)]">
          <PreferredBoard
            boardId="analysis"
            fen={game.fen}
            orientation={startFen.split(" ")[1] === "b" ? "black" : "white"}
            label={t("aroundPuzzle.board.boardLabel", { side: sideName(game.fen) })}
            {...boardTexts}
            onMove={game.play}
            lastMove={game.lastMove}
            player="both"
          />
          <div className="flex min-w-0 flex-col gap-4 rounded-lg border border-line bg-surface p-4 shadow-sm">
            <EngineLines
              title={t("aroundPuzzle.board.lines.title")}
              status={over ? "over" : engine.status}
              statusText={
                over
                  ? t("aroundPuzzle.board.lines.over")
                  : engine.status === "failed"
                    ? t("aroundPuzzle.board.lines.failed")
                    : t("aroundPuzzle.board.lines.thinking")
              }
              lines={views}
              onPlayLine={playLine}
            />
            <MoveList
              moves={game.sans}
              startColor={game.startColor}
              startMoveNumber={game.startMoveNumber}
              currentIndex={game.line.current}
              onSelectMove={game.show}
              title={t("aroundPuzzle.board.moves.title")}
              emptyLabel={t("aroundPuzzle.board.moves.empty")}
              className="min-h-16"
            />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={game.undo}
                disabled={game.line.moves.length === 0}
              >
                <Undo2 aria-hidden className="rtl:-scale-x-100" />
                {t("aroundPuzzle.board.undo")}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => game.load(lineFrom(startFen))}
                disabled={game.line.moves.length === 0}
              >
                <RotateCcw aria-hidden className="rtl:-scale-x-100" />
                {t("aroundPuzzle.board.reset")}
              </Button>
            </div>
            <FenBar
              fen={game.fen}
              label={t("training.fen.label")}
              copyLabel={t("training.fen.copy")}
              copiedLabel={t("training.fen.copied")}
              copyFailedLabel={t("training.fen.copyFailed")}
            />
          </div>
        </div>
      </div>
    </Page>
  );
}
