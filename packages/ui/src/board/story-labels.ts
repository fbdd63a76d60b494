import { useTranslation } from "react-i18next";
import { PIECE_CODES, type PieceCode } from "./board";

/** The pieces' names in the story's locale, as boards take them. Stories only; not exported from the package. */
export function usePieceLabels(): Record<PieceCode, string> {
  const { t } = useTranslation();
  return Object.fromEntries(PIECE_CODES.map((code) => [code, t(`board.pieces.${code}`)])) as Record<
    PieceCode,
    string
  >;
}
