import {
  type DiagramPosition,
  PIECE_CODES,
  type PieceCode,
  type PostBodyDiagramTexts,
  type PostBodyTableTexts,
  type PostBodyVideoTexts,
} from "@ct/ui";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/**
 * Texts of the post body's blocks in the current language: the chess diagrams (board name, piece names, the
 * invalid-position alert) and the videos. Shared by the post page and the editor's preview.
 */
export function usePostBodyTexts(): {
  diagram: PostBodyDiagramTexts;
  video: PostBodyVideoTexts;
  table: PostBodyTableTexts;
} {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      diagram: {
        label: ({ turn }: DiagramPosition) =>
          t("post.diagram.label", { side: t(`post.diagram.sides.${turn}`) }),
        pieceLabels: Object.fromEntries(
          PIECE_CODES.map((code) => [code, t(`board.pieces.${code}`)]),
        ) as Record<PieceCode, string>,
        invalidMessage: t("post.diagram.invalid"),
      },
      video: {
        title: t("post.video.title"),
        invalidMessage: t("post.video.invalid"),
        watchLabel: t("post.video.watch"),
      },
      table: { label: t("post.table.label") },
    }),
    [t],
  );
}

/** A date in the long local format of the language (year, month name, day), e.g. "14 March 2025" / "١٤ مارس ٢٠٢٥". */
export function formatLongDate(iso: string | null | undefined, language: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(language, { year: "numeric", month: "long", day: "numeric" }).format(date);
}
