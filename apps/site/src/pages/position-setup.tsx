import {
  allowedCastling,
  type CastlingRight,
  checkSetup,
  enPassantCandidates,
  loadSetupFen,
  type Setup,
  type SetupProblem,
  START_SETUP,
  withTurn,
} from "@ct/chess";
import {
  Alert,
  Board,
  Button,
  type EditorTool,
  FenBar,
  FenInput,
  type PieceCode,
  PositionEditor,
  type PositionEditorLabels,
  PositionSettings,
  type PositionSettingsLabels,
} from "@ct/ui";
import type { TFunction } from "i18next";
import { Play } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PracticePanel } from "../position-setup/practice-panel";
import { Page } from "./page";

type LoadMessage = { kind: "error" | "success"; text: string } | null;

function sideName(t: TFunction, color: "w" | "b"): string {
  return t(`positionSetup.current.sides.${color}`);
}

/** The message for a position that cannot be played: the spec's three, and clearer ones for the rest. */
function problemText(t: TFunction, language: string, problem: SetupProblem): string {
  switch (problem.kind) {
    case "kings":
      return t("positionSetup.errors.kings");
    case "board":
      return t("positionSetup.errors.board");
    case "pawns-on-back-rank":
      return t("positionSetup.errors.pawnsOnBackRank", {
        squares: new Intl.ListFormat(language, { type: "conjunction" }).format(problem.squares),
      });
    case "opposite-check":
      return t("positionSetup.errors.oppositeCheck", {
        side: sideName(t, problem.side),
        toMove: sideName(t, problem.side === "w" ? "b" : "w"),
      });
  }
}

/**
 * /position-setup (spec sections 2 and 5): the board editor, its settings, the current position (FEN with Copy, a
 * preview, whether it can be played), loading a pasted FEN, and "Practise from here", which plays the position out
 * on the same page.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const [setup, setSetup] = useState<Setup>(START_SETUP);
  const [orientation, setOrientation] = useState<"white" | "black">("white");
  const [tool, setTool] = useState<EditorTool>("wP");
  const [loadMessage, setLoadMessage] = useState<LoadMessage>(null);
  const [practising, setPractising] = useState<string | null>(null);
  const practiseButton = useRef<HTMLButtonElement>(null);

  const check = useMemo(() => checkSetup(setup), [setup]);
  const allowed = useMemo(() => allowedCastling(setup.placement), [setup.placement]);
  const enPassantOptions = useMemo(
    () => enPassantCandidates(setup.placement, setup.turn),
    [setup.placement, setup.turn],
  );
  const pieceLabels = t("board.pieces", { returnObjects: true }) as Record<PieceCode, string>;

  if (practising) {
    return (
      <Page title={t("positionSetup.title")}>
        <PracticePanel
          fen={practising}
          orientation={orientation}
          onBack={() => {
            setPractising(null);
            requestAnimationFrame(() => practiseButton.current?.focus());
          }}
        />
      </Page>
    );
  }

  const load = (text: string) => {
    const loaded = loadSetupFen(text);
    if (!loaded.ok) {
      setLoadMessage({ kind: "error", text: t("positionSetup.errors.fen") });
      return;
    }
    setSetup(loaded.setup);
    const notes = [
      loaded.added.length > 0
        ? t("positionSetup.load.completed", { fields: loaded.added.join(" ") })
        : t("positionSetup.load.loaded"),
    ];
    if (loaded.droppedCastling.length > 0) {
      notes.push(t("positionSetup.load.droppedCastling", { rights: loaded.droppedCastling.join("") }));
    }
    setLoadMessage({ kind: "success", text: notes.join(" ") });
  };

  return (
    <Page title={t("positionSetup.title")}>
      <p className="mb-6 max-w-3xl text-fg-muted">{t("positionSetup.intro")}</p>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section aria-labelledby="setup-editor-title" className="flex flex-col gap-3">
          <h2 id="setup-editor-title" className="sr-only">
            {t("positionSetup.editorTitle")}
          </h2>
          {/* From 992 px the palette stands beside the board, and the board is no taller than the window leaves
              under the page's heading, so the whole board shows at 1366×768. */}
          <PositionEditor
            className="max-w-[560px] lg:grid lg:max-w-none lg:grid-cols-[6.5rem_minmax(0,35rem)] lg:items-start lg:gap-x-4 lg:[&>[role=group]]:col-start-2 lg:[&_[data-slot=position-editor-board]]:max-w-[max(20rem,min(35rem,calc(100svh-17rem)))]"
            pieces={setup.placement}
            onPiecesChange={(placement) => setSetup((current) => ({ ...current, placement }))}
            onClear={() => setSetup((current) => ({ ...current, placement: {}, enPassant: null }))}
            onStartPosition={() => setSetup(START_SETUP)}
            orientation={orientation}
            onOrientationChange={setOrientation}
            tool={tool}
            onToolChange={setTool}
            labels={t("positionSetup.editor", { returnObjects: true }) as PositionEditorLabels}
            pieceLabels={pieceLabels}
          />
        </section>

        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="setup-settings-title"
            className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm"
          >
            <h2 id="setup-settings-title" className="m-0 text-lg font-bold text-fg">
              {t("positionSetup.settingsTitle")}
            </h2>
            <PositionSettings
              turn={setup.turn}
              onTurnChange={(turn) => setSetup((current) => withTurn(current, turn))}
              castling={setup.castling}
              castlingAllowed={allowed}
              onCastlingChange={(right: CastlingRight, value) =>
                setSetup((current) => ({ ...current, castling: { ...current.castling, [right]: value } }))
              }
              enPassant={setup.enPassant}
              enPassantOptions={enPassantOptions}
              onEnPassantChange={(enPassant) => setSetup((current) => ({ ...current, enPassant }))}
              labels={t("positionSetup.settings", { returnObjects: true }) as PositionSettingsLabels}
            />
          </section>

          <section
            aria-labelledby="setup-current-title"
            data-testid="current-position"
            className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm"
          >
            <h2 id="setup-current-title" className="m-0 text-lg font-bold text-fg">
              {t("positionSetup.current.title")}
            </h2>
            <Alert variant={check.ok ? "success" : "error"} role="status" data-testid="setup-validation">
              {check.ok
                ? t("positionSetup.current.valid", { side: sideName(t, setup.turn) })
                : problemText(t, i18n.language, check.problem)}
            </Alert>
            <FenBar
              fen={check.fen}
              label={t("positionSetup.current.fenLabel")}
              copyLabel={t("positionSetup.current.copy")}
              copiedLabel={t("positionSetup.current.copied")}
              copyFailedLabel={t("positionSetup.current.copyFailed")}
            />
            <div className="w-44">
              <Board
                boardId="setup-preview"
                fen={check.fen}
                orientation={orientation}
                showCoordinates={false}
                animationDurationInMs={0}
                label={t("positionSetup.current.preview", { side: sideName(t, setup.turn) })}
                pieceLabels={pieceLabels}
              />
            </div>
            <Button
              ref={practiseButton}
              className="self-start"
              disabled={!check.ok}
              onClick={() => {
                if (check.ok) setPractising(check.fen);
              }}
            >
              <Play aria-hidden className="rtl:-scale-x-100" />
              {t("positionSetup.practise.action")}
            </Button>
          </section>

          <FenInput
            className="rounded-lg border border-line bg-surface p-4 shadow-sm"
            label={t("positionSetup.load.label")}
            placeholder={t("positionSetup.load.placeholder")}
            loadLabel={t("positionSetup.load.action")}
            onLoad={load}
            message={loadMessage}
          />
        </div>
      </div>
    </Page>
  );
}
