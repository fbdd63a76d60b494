import type { RefutationSummary } from "@ct/chess";
import type { TFunction } from "i18next";

/**
 * The sentence for a refutation summary under `training.refutation`, e.g. 'After Qg4, your opponent answers Bxg4
 * and wins a queen.' `move` is the player's wrong move in standard notation.
 */
export function refutationSentence(t: TFunction, move: string, summary: RefutationSummary): string {
  const { reply } = summary;
  switch (summary.kind) {
    case "mate":
      return t("training.refutation.mate", { move, reply, n: summary.mateIn });
    case "material": {
      const { piece, points } = summary.material;
      const material = piece
        ? t(`training.refutation.material.${piece}`)
        : t("training.refutation.material.points", { points });
      return t("training.refutation.wins", { move, reply, material });
    }
    case "advantage":
      return t("training.refutation.advantage", { move, reply });
    case "reply":
      return t("training.refutation.reply", { move, reply });
  }
}
