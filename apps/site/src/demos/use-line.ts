import type { BoardKeyboardLabels, BoardMove, PieceCode } from "@ct/ui";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { fenOf, type Line, lastMoveOf, playMove, showMove, turnOf, undoMove } from "./lines";

/**
 * A line of moves on a demo board: the position on show, the move that led to it, and the intents a page needs
 * (play a move on the board, show another move, take back, load another line).
 */
export function useLine(initial: () => Line) {
  const [line, setLine] = useState(initial);
  const play = useCallback(
    (move: BoardMove) => {
      const next = playMove(line, `${move.from}${move.to}${move.promotion ?? ""}`);
      if (!next) return false;
      setLine(next);
      return true;
    },
    [line],
  );
  const show = useCallback((index: number) => setLine((current) => showMove(current, index)), []);
  const undo = useCallback(() => setLine((current) => undoMove(current)), []);
  const start = turnOf(line.startFen);
  return {
    line,
    fen: fenOf(line),
    lastMove: lastMoveOf(line),
    sans: useMemo(() => line.moves.map((move) => move.san), [line.moves]),
    startColor: start.color,
    startMoveNumber: start.moveNumber,
    load: setLine,
    play,
    show,
    undo,
  };
}

/** A move written with its number, as a board label reads it: "5... a6", "6. Be2". */
export function numberedSan(line: Line, index: number): string {
  const start = turnOf(line.startFen);
  const ply = index + (start.color === "b" ? 1 : 0);
  const moveNumber = start.moveNumber + Math.floor(ply / 2);
  const san = line.moves[index]?.san ?? "";
  return ply % 2 === 0 ? `${moveNumber}. ${san}` : `${moveNumber}... ${san}`;
}

/** The board's piece names and keyboard texts in the page's language. */
export function useBoardTexts() {
  const { t } = useTranslation();
  // One object per language: the board re-renders its pieces when their names change.
  return useMemo(
    () => ({
      pieceLabels: t("board.pieces", { returnObjects: true }) as Record<PieceCode, string>,
      keyboardLabels: t("board.keyboard", { returnObjects: true }) as BoardKeyboardLabels,
    }),
    [t],
  );
}

/** "White" or "Black" for the side to move in a FEN, in the page's language. */
export function useSideName() {
  const { t } = useTranslation();
  return (fen: string) => t(`training.game.sides.${turnOf(fen).color === "w" ? "white" : "black"}`);
}
