import { DEFAULT_UI_SETTINGS, selectUiSettings, trainingStoreMachine, type UiSettings } from "@ct/machines";
import { BOARD_COLORS, Button, SettingSlider, SettingSwitch, SettingToggles } from "@ct/ui";
import { useActorRef, useSelector } from "@xstate/react";
import { RotateCcw } from "lucide-react";
import { type CSSProperties, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { HIGHLIGHT_START, lineFrom, turnOf } from "../demos/lines";
import { useBoardTexts, useLine, useSideName } from "../demos/use-line";
import { type BoardSwitches, keepBoardPreferences } from "../training/board-look";
import { PreferredBoard, useBoardPreferences } from "../training/board-preferences";
import { Page } from "./page";

const SWITCHES = ["showLegalMoves", "showCoordinates", "showLastMove", "highlightCheck"] as const;

/** Animation duration choices on the slider: off to one second, in steps of 50 ms (spec default 300). */
const DURATION = { min: 0, max: 1000, step: 50 } as const;

const startLine = () => lineFrom(HIGHLIGHT_START.startFen, HIGHLIGHT_START.moves);

/** The swatches of the legend, drawn the way the board draws each highlight. */
const SWATCHES: { key: "lastMove" | "legalMove" | "check"; style: CSSProperties }[] = [
  {
    key: "lastMove",
    style: { backgroundImage: `linear-gradient(${BOARD_COLORS.lastMove}, ${BOARD_COLORS.lastMove})` },
  },
  {
    key: "legalMove",
    style: { backgroundImage: `radial-gradient(circle, ${BOARD_COLORS.legal} 22%, transparent 24%)` },
  },
  {
    key: "check",
    style: { backgroundImage: `radial-gradient(circle, ${BOARD_COLORS.check} 40%, transparent 75%)` },
  },
];

/**
 * Move highlighting (spec section 2): a board to play on with the last-move (translucent yellow), legal-move
 * (translucent green) and check highlights, and the UI settings of spec section 3 as switches and a slider. The
 * settings live in the client training store, whose defaults are the spec's and which restores them on reset; they
 * are kept in this browser (training/board-look.ts), and the trainer's board follows them.
 */
export function Component() {
  const { t } = useTranslation();
  const boardTexts = useBoardTexts();
  const sideName = useSideName();
  const store = useActorRef(trainingStoreMachine, { input: {} });
  const settings = useSelector(store, selectUiSettings);
  const game = useLine(startLine);
  // The settings chosen last time, once hydrated (the server renders the defaults), and again whenever they change
  // (the board settings panel under the board, another tab, the account's copy).
  const preferences = useBoardPreferences();
  const { showLegalMoves, showCoordinates, showLastMove, highlightCheck, animationDuration } = preferences;
  useEffect(() => {
    store.send({
      type: "settings.update",
      patch: { showLegalMoves, showCoordinates, showLastMove, highlightCheck, animationDuration },
    });
  }, [store, showLegalMoves, showCoordinates, showLastMove, highlightCheck, animationDuration]);
  const keep = (patch: Partial<BoardSwitches>) => keepBoardPreferences(patch);
  const update = (patch: Partial<UiSettings>) => {
    store.send({ type: "settings.update", patch });
    keep(patch);
  };
  const restoreDefaults = () => {
    store.send({ type: "settings.reset" });
    const { showLegalMoves, showCoordinates, showLastMove, highlightCheck, animationDuration } =
      DEFAULT_UI_SETTINGS;
    keep({ showLegalMoves, showCoordinates, showLastMove, highlightCheck, animationDuration });
  };

  const lastSan = game.lastMove?.san ?? "";
  const mover = sideName(game.fen);
  const status = lastSan.endsWith("#")
    ? t("moveHighlighting.status.checkmate", {
        side: t(`training.game.sides.${turnOf(game.fen).color === "w" ? "black" : "white"}`),
      })
    : lastSan.endsWith("+")
      ? t("moveHighlighting.status.check", { side: mover })
      : t("moveHighlighting.status.toMove", { side: mover });

  return (
    <Page title={t("moveHighlighting.title")}>
      <div className="flex flex-col gap-6">
        <div className="flex max-w-3xl flex-col gap-2 text-fg-muted">
          <p className="m-0">{t("moveHighlighting.intro")}</p>
          <p className="m-0">{t("moveHighlighting.start")}</p>
        </div>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,560px)_380px]">
          <div className="flex min-w-0 flex-col gap-3">
            {/* The board as every board: the player's colours, pieces, orientation, promotion and sounds too. */}
            <PreferredBoard
              boardId="highlighting"
              fen={game.fen}
              label={t("moveHighlighting.boardLabel", { side: mover })}
              {...boardTexts}
              onMove={game.play}
              lastMove={game.lastMove}
              player="both"
              className="max-w-[560px]"
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p role="status" className="m-0 font-semibold text-fg" data-testid="board-status">
                {status}
              </p>
              <Button variant="secondary" onClick={() => game.load(startLine())}>
                <RotateCcw aria-hidden />
                {t("moveHighlighting.reset")}
              </Button>
            </div>
          </div>

          <div className="flex flex-col gap-4">
            <SettingToggles title={t("moveHighlighting.settings.title")}>
              {SWITCHES.map((key) => (
                <SettingSwitch
                  key={key}
                  label={t(`moveHighlighting.settings.${key}`)}
                  checked={settings[key]}
                  onCheckedChange={(checked) => update({ [key]: checked })}
                />
              ))}
              <SettingSlider
                label={t("moveHighlighting.settings.animationDuration")}
                value={settings.animationDuration}
                onValueChange={(value) => update({ animationDuration: value })}
                {...DURATION}
                valueText={t("moveHighlighting.settings.duration", { value: settings.animationDuration })}
              />
              <Button variant="secondary" className="mt-2 self-start" onClick={restoreDefaults}>
                {t("moveHighlighting.settings.restoreDefaults")}
              </Button>
            </SettingToggles>

            <section
              aria-labelledby="highlight-legend"
              className="rounded-lg border border-line bg-surface p-4 shadow-sm"
            >
              <h2 id="highlight-legend" className="m-0 mb-2 text-base font-bold text-fg">
                {t("moveHighlighting.legend.label")}
              </h2>
              <ul className="m-0 flex list-none flex-col gap-2 p-0">
                {SWATCHES.map(({ key, style }) => (
                  <li key={key} className="flex items-center gap-3 text-sm text-fg-soft">
                    <span aria-hidden className="size-8 shrink-0 rounded-sm bg-board-light" style={style} />
                    {t(`moveHighlighting.legend.${key}`)}
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      </div>
    </Page>
  );
}
