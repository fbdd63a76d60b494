import type { BoardArrow, BoardMove } from "@ct/ui";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { useBoardTexts, useSideName } from "../../demos/use-line";
import { BackLink } from "../../pages/page";
import { PreferredBoard } from "../board-preferences";
import { MoveBox } from "../move-box";
import { useAnnouncer, useSayOnChange } from "../screen-reader-board";

/**
 * The repertoire pages' frame (issue 40): the way back, then the board and the side panel, the board as tall as the
 * screen leaves it from 992 px (at most 520 px), so it is whole at 1366×768. The trainer (Learn, Drill) and the
 * editor of a player's own repertoire share it.
 */
export function RepertoireLayout({
  id,
  mode,
  back,
  board,
  panel,
}: {
  id: string;
  mode: string;
  back: { to: string; label: string };
  board: React.ReactNode;
  panel: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4" data-slot="repertoire-trainer" data-opening={id} data-mode={mode}>
      <BackLink to={back.to} label={back.label} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,min(520px,max(360px,calc(100svh_-_300px))))_minmax(0,1fr)]">
        {board}
        {panel}
      </div>
    </div>
  );
}

/** The repertoire's board, turned to the player's side, with the move box under it when it takes moves. */
export function RepertoireBoard({
  fen,
  orientation,
  interactive,
  lastMove,
  arrows,
  onMove,
  label,
  status,
}: {
  fen: string;
  orientation: "white" | "black";
  interactive: boolean;
  lastMove?: { from: string; to: string } | null;
  arrows?: readonly BoardArrow[];
  onMove?: (move: BoardMove) => boolean;
  /** The board's name with `{{side}}` to move; the trainer's by default. */
  label?: (side: string) => string;
  /** The trainer's state (the panel's), said in the screen-reader mode as it changes. */
  status?: string;
}) {
  const { t } = useTranslation();
  const announcer = useAnnouncer();
  useSayOnChange(announcer, status);
  const boardTexts = useBoardTexts();
  const sideName = useSideName();
  return (
    <div className="flex w-full min-w-0 flex-col gap-3">
      <PreferredBoard
        boardId="repertoire"
        fen={fen}
        orientation={orientation}
        label={label ? label(sideName(fen)) : t("repertoire.boardLabel", { side: sideName(fen) })}
        {...boardTexts}
        interactive={interactive}
        lastMove={lastMove ?? null}
        arrows={arrows ?? []}
        {...(onMove ? { onMove } : {})}
        announcer={announcer}
      />
      {onMove ? <MoveBox fen={fen} onMove={onMove} disabled={!interactive} /> : null}
    </div>
  );
}
