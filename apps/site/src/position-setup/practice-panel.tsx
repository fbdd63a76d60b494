import {
  Alert,
  type BoardKeyboardLabels,
  type BoardMove,
  Button,
  FenBar,
  MoveList,
  type PieceCode,
} from "@ct/ui";
import { ArrowLeft, RotateCcw, Undo2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PreferredBoard } from "../training/board-preferences";
import { MoveBox } from "../training/move-box";
import { useAnnouncer, useSayOnChange } from "../training/screen-reader-board";
import {
  isOver,
  type PracticeOutcome,
  playPracticeMove,
  practiceFen,
  practiceOutcome,
  startPractice,
  undoPracticeMove,
} from "./practice";

function outcomeText(t: ReturnType<typeof useTranslation>["t"], outcome: PracticeOutcome): string {
  const side = (color: "w" | "b") => t(`positionSetup.current.sides.${color}`);
  switch (outcome.kind) {
    case "to-move":
      return t("positionSetup.practise.toMove", { side: side(outcome.side) });
    case "check":
      return t("positionSetup.practise.check", { side: side(outcome.side) });
    case "checkmate":
      return t("positionSetup.practise.checkmate", { side: side(outcome.winner) });
    case "stalemate":
      return t("positionSetup.practise.stalemate");
    case "draw":
      return t(`positionSetup.practise.draw.${outcome.reason}`);
  }
}

/**
 * "Practise from here": the set-up position on a playable board. Legal moves only (for both sides, by click, drag
 * or keyboard), the move list, Undo, Restart and Back to editor.
 */
export function PracticePanel({
  fen,
  orientation,
  onBack,
}: {
  fen: string;
  orientation: "white" | "black";
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [practice, setPractice] = useState(() => startPractice(fen));
  const [invalid, setInvalid] = useState(false);
  const current = practiceFen(practice);
  const outcome = practiceOutcome(practice);
  const over = isOver(outcome);
  const last = practice.moves.at(-1) ?? null;
  const turn = current.split(" ")[1] === "b" ? "b" : "w";
  const startColor = fen.split(" ")[1] === "b" ? "b" : "w";

  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  // The screen-reader mode says the outcome as it changes (both sides' moves are the player's; the board says them).
  const announcer = useAnnouncer();
  useSayOnChange(announcer, outcomeText(t, outcome));

  const onMove = (move: BoardMove) => {
    const next = playPracticeMove(practice, `${move.from}${move.to}${move.promotion ?? ""}`);
    setInvalid(next === null);
    if (next) setPractice(next);
    return next !== null;
  };

  return (
    <section aria-labelledby="practice-title" data-slot="practice-panel" className="flex flex-col gap-4">
      <h2
        id="practice-title"
        ref={headingRef}
        tabIndex={-1}
        className="m-0 text-xl font-bold text-fg focus:outline-none"
      >
        {t("positionSetup.practise.title")}
      </h2>
      <p className="m-0 text-fg-muted">{t("positionSetup.practise.intro")}</p>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="w-full max-w-[560px]">
          <PreferredBoard
            boardId="practice"
            fen={current}
            orientation={orientation}
            label={t("positionSetup.practise.boardLabel", { side: t(`positionSetup.current.sides.${turn}`) })}
            pieceLabels={t("board.pieces", { returnObjects: true }) as Record<PieceCode, string>}
            keyboardLabels={t("board.keyboard", { returnObjects: true }) as BoardKeyboardLabels}
            interactive={!over}
            onMove={onMove}
            lastMove={last ? { from: last.from, to: last.to } : null}
            player="both"
            announcer={announcer}
          />
        </div>
        <div className="flex flex-col gap-4">
          <Alert variant={over ? "success" : "info"} data-testid="practice-status">
            {outcomeText(t, outcome)}
          </Alert>
          <MoveBox fen={current} onMove={onMove} disabled={over} />
          {/* Always present, so the message is announced when it appears. */}
          <div role="alert">
            {invalid ? (
              <Alert variant="error" role="none">
                {t("positionSetup.practise.invalidMove")}
              </Alert>
            ) : null}
          </div>
          <MoveList
            moves={practice.moves.map((move) => move.san)}
            startColor={startColor}
            title={t("positionSetup.practise.moves")}
            emptyLabel={t("positionSetup.practise.noMoves")}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={practice.moves.length === 0}
              onClick={() => {
                setPractice(undoPracticeMove(practice));
                setInvalid(false);
              }}
            >
              <Undo2 aria-hidden className="rtl:-scale-x-100" />
              {t("positionSetup.practise.undo")}
            </Button>
            <Button
              variant="secondary"
              disabled={practice.moves.length === 0}
              onClick={() => {
                setPractice(startPractice(fen));
                setInvalid(false);
              }}
            >
              <RotateCcw aria-hidden />
              {t("positionSetup.practise.restart")}
            </Button>
            <Button variant="primary" onClick={onBack}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t("positionSetup.practise.back")}
            </Button>
          </div>
          <FenBar
            fen={current}
            label={t("positionSetup.practise.fenLabel")}
            copyLabel={t("positionSetup.current.copy")}
            copiedLabel={t("positionSetup.current.copied")}
            copyFailedLabel={t("positionSetup.current.copyFailed")}
          />
        </div>
      </div>
    </section>
  );
}
