import {
  cn,
  FenBar,
  GameInfoCard,
  type GameInfoLabels,
  isolateLtr,
  MoveList,
  type MoveStepperLabels,
} from "@ct/ui";
import type { TFunction } from "i18next";
import { useContext, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { numberedSans } from "../../analysis/address";
import { openingLabel } from "../openings";
import {
  useTrainingBoard,
  useTrainingEvents,
  useTrainingMoves,
  useTrainingNavigation,
  useTrainingPosition,
} from "../training-flow";

import { laterParts, ReplayContext } from "./shared";

/** The FEN of the position on the board: the one the replay of a solved line shows, else the position as it stands. */
export function PositionString({ className }: { className?: string }) {
  const { t } = useTranslation();
  const board = useTrainingBoard();
  const replay = useContext(ReplayContext);
  const moves = useTrainingMoves();
  const position = useTrainingPosition();
  const fen =
    replay.ply === null || !position
      ? board.fen
      : replay.ply < 0
        ? position.fen
        : (moves[replay.ply]?.fen ?? board.fen);
  if (!fen) return null;
  return (
    <FenBar
      className={className}
      fen={fen}
      label={t("training.fen.label")}
      copyLabel={t("training.fen.copy")}
      copiedLabel={t("training.fen.copied")}
      copyFailedLabel={t("training.fen.copyFailed")}
    />
  );
}

/** The standard start, where a game without a FEN tag begins (written out: no chess library on this screen). */
const STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/**
 * Our own puzzles (from an analysed game) carry the game's moves up to the position: they head the notation list,
 * folded, numbered from the game's start (issue 39, around each puzzle).
 */
function GameMoves() {
  const { t } = useTranslation();
  const position = useTrainingPosition();
  const moves = position?.game_metadata.moves ?? [];
  if (moves.length === 0 || !position) return null;
  return (
    <details data-slot="game-moves" className="text-sm">
      <summary className="cursor-pointer font-semibold text-fg">{t("aroundPuzzle.after.gameMoves")}</summary>
      <p className="m-0 mt-1 leading-6 text-fg-soft">
        <bdi dir="ltr">{numberedSans(position.game_metadata.start_fen ?? STANDARD_START, moves)}</bdi>
      </p>
    </details>
  );
}

export function Moves({ className }: { className?: string }) {
  const { t } = useTranslation();
  const moves = useTrainingMoves();
  const position = useTrainingPosition();
  const fields = position?.fen.trim().split(/\s+/) ?? [];
  const startColor = fields[1] === "b" ? "b" : "w";
  const startMoveNumber = Number(fields[5] ?? 1) || 1;
  const sans = useMemo(() => moves.map((move) => move.san), [moves]);
  const { solved } = useTrainingBoard();
  const replay = useContext(ReplayContext);
  const parts = laterParts.useLoaded();
  const current = replay.ply ?? moves.length - 1;
  useReplayKeys(solved && moves.length > 0, current, moves.length, replay.setPly);
  return (
    <div
      className={cn("flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm", className)}
    >
      <GameMoves />
      <MoveList
        moves={sans}
        startColor={startColor}
        startMoveNumber={startMoveNumber}
        title={t("training.moves.title")}
        emptyLabel={t("training.moves.empty")}
        {...(solved ? { currentIndex: current, onSelectMove: replay.setPly } : {})}
      />
      {solved && moves.length > 0 && parts ? (
        <div data-slot="replay" className="flex flex-col gap-2 border-t border-line pt-3">
          <p className="m-0 text-sm font-semibold text-fg">{t("training.replay.title")}</p>
          <parts.MoveStepper
            labels={t("notation.stepper", { returnObjects: true }) as MoveStepperLabels}
            index={current}
            count={moves.length}
            onIndexChange={replay.setPly}
            status={
              current < 0
                ? t("notation.stepper.atStart")
                : t("notation.stepper.atMove", { n: current + 1, total: moves.length })
            }
          />
          <p className="m-0 text-sm text-fg-soft" data-slot="replay-note" aria-live="polite">
            {replayNote(t, moves, current)}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Once a line is solved, the arrow keys step its replay wherever the focus is on the page (the board included),
 * in reading order as the move list does: right is forwards in a left-to-right page, backwards in a right-to-left
 * one. Fields keep their arrow keys, and the move list handles its own.
 */
function useReplayKeys(
  active: boolean,
  current: number,
  count: number,
  setPly: (ply: number | null) => void,
) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (
        target?.closest(
          "input, textarea, select, [contenteditable=true], [data-slot=move-list], [role=dialog]",
        )
      )
        return;
      const rtl = getComputedStyle(document.documentElement).direction === "rtl";
      const step = (event.key === "ArrowRight") !== rtl ? 1 : -1;
      const next = Math.min(count - 1, Math.max(-1, current + step));
      event.preventDefault();
      if (next !== current) setPly(next === count - 1 ? null : next);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active, current, count, setPly]);
}

/**
 * A note for a move of the solved line: whose move it was and what it did (a capture, a check, a mate, a
 * promotion), read from the move's own notation.
 */
export function replayNote(
  t: TFunction,
  moves: readonly { san: string; by: "player" | "opponent" }[],
  ply: number,
): string {
  const move = moves[ply];
  if (!move) return t("training.replay.start");
  const san = isolateLtr(move.san);
  const what = move.san.includes("#")
    ? t("training.replay.mate")
    : move.san.includes("=")
      ? t("training.replay.promotes")
      : move.san.includes("x") && move.san.includes("+")
        ? t("training.replay.capturesWithCheck")
        : move.san.includes("+")
          ? t("training.replay.check")
          : move.san.includes("x")
            ? t("training.replay.captures")
            : "";
  const who =
    move.by === "player"
      ? t("training.replay.player", { move: san })
      : t("training.replay.opponent", { move: san });
  return what ? `${who} ${what}` : who;
}

export function GameInfo({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const position = useTrainingPosition();
  const { canFilter } = useTrainingNavigation();
  const events = useTrainingEvents();
  if (!position) return null;
  const info = position.game_metadata;
  return (
    <GameInfoCard
      className={className}
      info={info}
      labels={t("training.game", { returnObjects: true }) as GameInfoLabels}
      locale={i18n.language}
      openingLabel={info.opening ? openingLabel(info.opening, i18n.language) : undefined}
      {...(canFilter ? { onOpeningClick: (opening: string) => events.filter(opening) } : {})}
    />
  );
}
