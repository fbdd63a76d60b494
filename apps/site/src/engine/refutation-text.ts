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

/**
 * The player's wrong move and the engine's answer as a numbered line, e.g. "23. Qd7? Rxd7 24. a4 cxd4", or
 * "23... Qd7? 24. Rxd7 Kf8" when black went wrong. `fenBefore` is the position the wrong move was played in (its
 * side to move and fullmove number start the count), `playerMove` that move in standard notation, `line` the
 * refutation (the opponent's reply first, as the engine gives it). Digits stay Western in both languages, as in
 * every move the site shows.
 */
export function numberedLine(fenBefore: string, playerMove: string, line: readonly string[]): string {
  const [, side, , , , fullmove] = fenBefore.trim().split(/\s+/);
  let number = Math.max(1, Number.parseInt(fullmove ?? "", 10) || 1);
  let white = side !== "b";
  const moves = [playerMove.endsWith("?") ? playerMove : `${playerMove}?`, ...line];
  const parts: string[] = [];
  for (const [index, move] of moves.entries()) {
    if (white) parts.push(`${number}. ${move}`);
    else parts.push(index === 0 ? `${number}... ${move}` : move);
    if (!white) number += 1;
    white = !white;
  }
  return parts.join(" ");
}
