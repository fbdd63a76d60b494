import {
  Board,
  FenBar,
  isolateLtr,
  MoveList,
  MoveStepper,
  type MoveStepperLabels,
  PositionPresets,
} from "@ct/ui";
import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../app/routing";
import { NOTATION_LINE_IDS, type NotationLineId, notationLine } from "../demos/lines";
import { numberedSan, useBoardTexts, useLine } from "../demos/use-line";
import { Page } from "./page";

/**
 * Notation demo (spec section 2): Starting Position, Sicilian Defense and Simple Endgame load their lines; the
 * moves are listed in standard notation with move numbers, and a click (or the arrow keys) on a move shows its
 * position. Moves played on the board join the list.
 */
export function Component() {
  const { t } = useTranslation();
  const boardTexts = useBoardTexts();
  const [preset, setPreset] = useState<NotationLineId>("start");
  const game = useLine(() => notationLine("start"));
  const { line } = game;
  const count = line.moves.length;

  const load = (id: string) => {
    const chosen = NOTATION_LINE_IDS.find((candidate) => candidate === id);
    if (!chosen) return;
    setPreset(chosen);
    game.load(notationLine(chosen));
  };

  const position =
    line.current < 0
      ? t("notation.startingPosition")
      : t("notation.afterMove", { move: isolateLtr(numberedSan(line, line.current)) });

  return (
    <Page title={t("notation.title")}>
      <div className="flex flex-col gap-6">
        <p className="m-0 max-w-3xl text-fg-muted">{t("notation.intro")}</p>

        <div className="flex flex-col gap-2">
          <PositionPresets
            label={t("notation.presets.label")}
            presets={NOTATION_LINE_IDS.map((id) => ({ value: id, label: t(`notation.presets.${id}`) }))}
            value={preset}
            onValueChange={load}
          />
          <p className="m-0 max-w-3xl text-sm text-fg-muted" data-testid="preset-description">
            {t(`notation.descriptions.${preset}`)}
          </p>
        </div>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,520px)_minmax(0,1fr)]">
          <Board
            boardId="notation"
            fen={game.fen}
            label={t("notation.boardLabel", { position })}
            {...boardTexts}
            onMove={game.play}
            lastMove={game.lastMove}
          />
          <div className="flex min-w-0 flex-col gap-4 rounded-lg border border-line bg-surface p-4 shadow-sm">
            <MoveList
              moves={game.sans}
              startColor={game.startColor}
              startMoveNumber={game.startMoveNumber}
              currentIndex={line.current}
              onSelectMove={game.show}
              title={t("notation.moves.title")}
              emptyLabel={t("notation.moves.empty")}
              className="min-h-16"
            />
            <p className="m-0 text-sm text-fg-subtle">{t("notation.moves.help")}</p>
            <MoveStepper
              labels={t("notation.stepper", { returnObjects: true }) as MoveStepperLabels}
              index={line.current}
              count={count}
              onIndexChange={game.show}
              status={
                line.current < 0
                  ? t("notation.stepper.atStart")
                  : t("notation.stepper.atMove", { n: line.current + 1, total: count })
              }
            />
            <FenBar
              fen={game.fen}
              label={t("training.fen.label")}
              copyLabel={t("training.fen.copy")}
              copiedLabel={t("training.fen.copied")}
              copyFailedLabel={t("training.fen.copyFailed")}
            />
          </div>
        </div>

        <p className="m-0 flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to="/chess-features"
            className="inline-flex items-center gap-1 font-semibold text-brand underline underline-offset-4 hover:no-underline"
          >
            {t("notation.featuresLink")}
            <ArrowRight aria-hidden className="size-4 rtl:rotate-180" />
          </Link>
          <span className="text-sm text-fg-subtle">{t("notation.featuresLinkHelp")}</span>
        </p>
      </div>
    </Page>
  );
}
