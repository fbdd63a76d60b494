import type { RepertoireProblem } from "@ct/chess";
import type { TFunction } from "i18next";

/** Moves isolated left to right (LRI … PDI), so "1.e4 e5 2.Nf3" keeps its order inside an Arabic sentence. */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** A game's name in a message: its [Event] tag, or "Game 2" for an unnamed one ("#2"). */
function gameName(t: TFunction, game: string): string {
  const number = /^#(\d+)$/.exec(game)?.[1];
  return number ? t("myRepertoires.problem.game", { number: Number(number) }) : game;
}

/** Why an import, a pick or an edit of a repertoire was refused, in the page's language. */
export function problemMessage(t: TFunction, problem: RepertoireProblem): string {
  switch (problem.code) {
    case "empty":
      return t("myRepertoires.problem.empty");
    case "tooBig":
      return t("myRepertoires.problem.tooBig");
    case "tooManyMoves":
      return t("myRepertoires.problem.tooManyMoves", { limit: problem.limit });
    case "fromPosition":
      return t("myRepertoires.problem.fromPosition", { game: gameName(t, problem.game) });
    case "illegal":
      return t("myRepertoires.problem.illegal", { game: gameName(t, problem.game), move: ltr(problem.move) });
    case "conflict":
      return t("myRepertoires.problem.conflict", {
        position: ltr(problem.position),
        move: ltr(problem.move),
        other: ltr(problem.other),
      });
  }
}
