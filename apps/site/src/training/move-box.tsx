import { type BoardMove, MoveInput, type MoveInputLabels } from "@ct/ui";
import { useTranslation } from "react-i18next";

/**
 * The move box (issue 42) with the site's texts, for a page's interactive board: the same `fen` and `onMove` as the
 * board's, disabled whenever the board takes no moves.
 */
export function MoveBox({
  fen,
  onMove,
  disabled,
  className,
}: {
  fen: string;
  onMove: (move: BoardMove) => boolean | undefined;
  disabled: boolean;
  className?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <MoveInput
      className={className}
      fen={fen}
      disabled={disabled}
      onMove={onMove}
      labels={t("board.moveInput", { returnObjects: true }) as MoveInputLabels}
    />
  );
}
