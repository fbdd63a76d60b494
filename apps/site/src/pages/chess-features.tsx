import { START_FEN } from "@ct/chess";
import { Board, Button, FenBar, MoveList, SettingSwitch } from "@ct/ui";
import { ArrowLeft, RotateCcw, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../app/routing";
import { lineFrom } from "../demos/lines";
import { useBoardTexts, useLine, useSideName } from "../demos/use-line";
import { Page } from "./page";

/**
 * The chess features demo (spec section 2; its path is ours: /chess-features): a board to play both sides on,
 * and a notation panel (the move list and the position string) that a switch shows or hides.
 */
export function Component() {
  const { t } = useTranslation();
  const boardTexts = useBoardTexts();
  const sideName = useSideName();
  const panelId = useId();
  const [showNotation, setShowNotation] = useState(true);
  const game = useLine(() => lineFrom(START_FEN));
  const { line } = game;

  return (
    <Page title={t("features.title")}>
      <div className="flex flex-col gap-6">
        <p className="m-0 max-w-3xl text-fg-muted">{t("features.intro")}</p>

        <SettingSwitch
          className="max-w-xl rounded-lg border border-line bg-surface px-4 shadow-sm"
          label={t("features.showNotation")}
          description={t("features.showNotationHelp")}
          checked={showNotation}
          onCheckedChange={setShowNotation}
          aria-controls={panelId}
        />

        <div
          data-notation={showNotation ? "shown" : "hidden"}
          className="grid items-start gap-6 data-[notation=shown]:lg:grid-cols-[minmax(0,560px)_minmax(0,1fr)]"
        >
          <div className="flex min-w-0 flex-col gap-3">
            <Board
              boardId="features"
              fen={game.fen}
              label={t("features.boardLabel", { side: sideName(game.fen) })}
              {...boardTexts}
              onMove={game.play}
              lastMove={game.lastMove}
              className="max-w-[560px]"
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={game.undo} disabled={line.moves.length === 0}>
                <Undo2 aria-hidden className="rtl:-scale-x-100" />
                {t("features.undo")}
              </Button>
              <Button
                variant="secondary"
                onClick={() => game.load(lineFrom(START_FEN))}
                disabled={line.moves.length === 0}
              >
                <RotateCcw aria-hidden />
                {t("features.reset")}
              </Button>
            </div>
          </div>

          <section
            id={panelId}
            aria-label={t("features.panel")}
            hidden={!showNotation}
            data-testid="notation-panel"
            className="flex min-w-0 flex-col gap-4 rounded-lg border border-line bg-surface p-4 shadow-sm"
          >
            <MoveList
              moves={game.sans}
              startColor={game.startColor}
              startMoveNumber={game.startMoveNumber}
              currentIndex={line.current}
              onSelectMove={game.show}
              title={t("training.moves.title")}
              emptyLabel={t("training.moves.empty")}
            />
            <FenBar
              fen={game.fen}
              label={t("training.fen.label")}
              copyLabel={t("training.fen.copy")}
              copiedLabel={t("training.fen.copied")}
              copyFailedLabel={t("training.fen.copyFailed")}
            />
          </section>
        </div>

        <Link
          to="/notation"
          className="inline-flex items-center gap-1 self-start font-semibold text-brand underline underline-offset-4 hover:no-underline"
        >
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t("features.backToNotation")}
        </Link>
      </div>
    </Page>
  );
}
