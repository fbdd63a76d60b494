import { sideToMove } from "@ct/machines";
import { Board, type BoardKeyboardLabels, cn, type PieceCode } from "@ct/ui";
import { type ReactNode, useContext, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { BoardSettingsButton, usePreferredBoard } from "../board-preferences";
import { MoveBox } from "../move-box";
import { useScreenReaderMode } from "../screen-reader-mode";
import {
  useTrainingBoard,
  useTrainingBoardHints,
  useTrainingEmitted,
  useTrainingEvents,
  useTrainingMoves,
  useTrainingPosition,
  useTrainingScreen,
} from "../training-flow";

import { ScreenReaderBoard } from "./screen-reader";
import { MistakeContext, ReplayContext } from "./shared";

/** Room kept under the board on a wide screen (px), so its last rank is not flush with the window's edge. */
export const BOARD_BOTTOM_GAP = 16;
/** The smallest board the fit allows (px): on a very short window the page scrolls instead. */
export const BOARD_MIN = 280;

/**
 * The board and the side panel: one column below 992 px, the board beside the panel from there. The board is as
 * large as the window allows: `--board-fit` is the height left under the board's top (less the action bar on a
 * phone), measured again whenever the window or the header above the board changes size.
 */
export function BoardLayout({ children }: { children: ReactNode }) {
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
    // The first fit comes with the observer's first report, after the browser's own layout of the page: measured
    // here at once, it forced that layout inside hydration's commit (a fifth of the trainer's start on a phone).
    const observer = new ResizeObserver(fit);
    observer.observe(grid);
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

export function BoardColumn() {
  // The screen-reader mode (issue 42) shows the board as a grid of named squares instead.
  const screenReader = useScreenReaderMode();
  return (
    <div
      data-slot="board-column"
      className="mx-auto w-full max-w-[min(800px,var(--board-fit))] min-w-0 max-lg:order-1 lg:max-w-none"
    >
      {screenReader ? <ScreenReaderBoard /> : <TrainingBoard />}
    </div>
  );
}

export function TrainingBoard() {
  const { t } = useTranslation();
  const board = useTrainingBoard();
  const hints = useTrainingBoardHints();
  const replay = useContext(ReplayContext);
  const moves = useTrainingMoves();
  const position = useTrainingPosition();
  // After a wrong move: the move, then the opponent's reply with its arrow, before both are taken back; shown as
  // the board's interlude, which the player's next press or key ends at once (and the board takes that move).
  const { onBoard: mistake, endOnBoard } = useContext(MistakeContext);
  // Replaying: the board shows the chosen move of the line (or the start), and takes no moves.
  const replayed =
    replay.ply === null || !position
      ? null
      : replay.ply < 0
        ? { fen: position.fen, lastMove: null }
        : { fen: moves[replay.ply]?.fen ?? board.fen, lastMove: moves[replay.ply] ?? null };
  // The player's board settings (the panel's), and the sounds: each move, a wrong one, a solved puzzle.
  const preferred = usePreferredBoard(board.fen, board.orientation);
  const { play } = preferred;
  useTrainingEmitted(
    useMemo(
      () => ({
        "progress.move": (event: { evaluation: "best" | "mistake" }) => {
          if (event.evaluation === "mistake") play("failure");
        },
        "progress.solved": () => play("success"),
      }),
      [play],
    ),
  );
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
  return (
    <Board
      boardId="training"
      data-mistake={mistake?.stage}
      fen={replayed ? replayed.fen : board.fen}
      interlude={replayed ? null : mistake}
      onInterludeEnd={endOnBoard}
      label={t("training.boardLabel", { side: t(`training.game.sides.${side}`) })}
      pieceLabels={pieceLabels}
      keyboardLabels={keyboardLabels}
      interactive={board.canMove && !replayed}
      onMove={(move) => events.play(`${move.from}${move.to}${move.promotion ?? ""}`)}
      unreachable="deselect"
      hintSquares={hints}
      arrows={hints.arrows}
      lastMove={
        replayed
          ? replayed.lastMove
            ? { from: replayed.lastMove.from, to: replayed.lastMove.to }
            : null
          : board.lastMove
      }
      {...preferred.props}
    />
  );
}

/**
 * The typed-move box (issue 42): beside the board on a wide screen (the side panel's first card after the task); on a
 * phone under the board, after the feedback a move brought (which stays right under the board). A typed move is
 * played as a move made on the board.
 */
export function TrainingMoveInput({ className }: { className?: string }) {
  const board = useTrainingBoard();
  const events = useTrainingEvents();
  const replay = useContext(ReplayContext);
  const { empty } = useTrainingScreen();
  if (empty || !board.fen) return null;
  return (
    <MoveBox
      className={className}
      fen={board.fen}
      disabled={!board.canMove || replay.ply !== null}
      onMove={(move) => events.play(`${move.from}${move.to}${move.promotion ?? ""}`)}
    />
  );
}

/** The board settings button (issue 42): last in the side panel, after everything a puzzle needs. */
export function TrainingBoardSettings({ className }: { className?: string }) {
  return (
    <div data-slot="board-settings-row" className={cn("flex", className)}>
      <BoardSettingsButton />
    </div>
  );
}
