import { sideToMove } from "@ct/machines";
import {
  AccessibleBoard,
  type AccessibleBoardLabels,
  type BoardWords,
  Button,
  moveWords,
  textWithMoveWords,
} from "@ct/ui";
import { useContext, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { usePreferredBoard } from "../board-preferences";
import { setScreenReaderMode } from "../screen-reader-mode";
import {
  useTrainingBoard,
  useTrainingEmitted,
  useTrainingEvents,
  useTrainingFeedback,
  useTrainingHints,
  useTrainingMoves,
  useTrainingPosition,
  useTrainingScreen,
} from "../training-flow";
import { useHintTexts } from "../use-step-hints";
import { type Language, laterParts, localized, MistakeContext, ReplayContext } from "./shared";
import { FEEDBACK_TEXT } from "./side-panel";

/** The grid's square in the tab order, which the skip link focuses. */
const focusGrid = () =>
  document.querySelector<HTMLElement>("[data-slot=accessible-board] [role=grid] [tabindex='0']")?.focus();

/**
 * The training screen's first link (issue 42): "Screen-reader mode" turns the mode on and puts the focus on the
 * board's grid. Shown when focused, as skip links are; a button, as it acts rather than goes somewhere.
 */
export function ScreenReaderSkipLink() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-slot="screen-reader-skip-link"
      className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      onClick={() => {
        flushSync(() => setScreenReaderMode(true));
        focusGrid();
      }}
    >
      {t("board.screenReader.skipLink")}
    </button>
  );
}

/** The last lines said, kept in the live region (a screen reader reads each line as it is added). */
const KEPT_LINES = 6;

/**
 * The trainer's board in the screen-reader mode: the accessible grid, a polite live region that says, in the page's
 * language, the player's move and the opponent's reply (as words), the feedback (with the refutation of a wrong
 * move), each hint as it opens and the explanation of a solved puzzle, and a button that turns the mode off.
 */
export function ScreenReaderBoard() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const board = useTrainingBoard();
  const moves = useTrainingMoves();
  const events = useTrainingEvents();
  const position = useTrainingPosition();
  const feedback = useTrainingFeedback();
  const hints = useTrainingHints();
  const replay = useContext(ReplayContext);
  const { refutation } = useContext(MistakeContext);
  const { empty } = useTrainingScreen();
  const parts = laterParts.useLoaded();
  const hintTexts = useHintTexts(position, hints.ply, hints.level !== "none");
  // The player's board preferences hold here too: the orientation, and the sounds (a move, a wrong one, a solve).
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
  // Built once per language: i18next builds a new object on every call, and the effects below depend on them.
  const words = useMemo(() => t("board.screenReader.words", { returnObjects: true }) as BoardWords, [t]);
  const labels = useMemo(
    () => t("board.screenReader", { returnObjects: true }) as AccessibleBoardLabels,
    [t],
  );
  const [lines, setLines] = useState<{ id: number; text: string }[]>([]);
  const nextId = useRef(0);
  const say = (text: string) => {
    if (!text.trim()) return;
    nextId.current += 1;
    const id = nextId.current;
    setLines((before) => [...before.slice(-(KEPT_LINES - 1)), { id, text }]);
  };
  const sayRef = useRef(say);
  sayRef.current = say;

  // Each puzzle's task as it comes (its description, e.g. "White to move: mate in 2").
  useEffect(() => {
    const task = position ? localized(language, position.description_en, position.description_ar) : "";
    if (task.trim()) sayRef.current(task);
  }, [position, language]);

  // The moves as they are played: the player's, then the opponent's reply. A new puzzle starts the count again.
  const seenMoves = useRef(moves.length);
  useEffect(() => {
    if (moves.length < seenMoves.current) seenMoves.current = 0;
    for (const move of moves.slice(seenMoves.current)) {
      const spoken = moveWords(move.san, words);
      sayRef.current(
        t(move.by === "player" ? "board.screenReader.announce.you" : "board.screenReader.announce.opponent", {
          move: spoken,
        }),
      );
    }
    seenMoves.current = moves.length;
  }, [moves, words, t]);

  // The feedback of each move (a wrong move named, as it never joins the moves).
  useEffect(() => {
    if (!feedback || feedback.kind === "checking") return;
    const text = t(FEEDBACK_TEXT[feedback.message]);
    sayRef.current(
      feedback.kind === "mistake" || feedback.kind === "invalid"
        ? t("board.screenReader.announce.wrong", { move: moveWords(feedback.move, words), feedback: text })
        : text,
    );
  }, [feedback, words, t]);

  // The engine's refutation of a wrong move, once it has found it.
  useEffect(() => {
    if (refutation.status !== "done" || !parts) return;
    sayRef.current(
      parts.refutationSentence(t, moveWords(refutation.move, words), {
        ...refutation.summary,
        reply: moveWords(refutation.summary.reply, words),
      }),
    );
  }, [refutation, parts, words, t]);

  // Each hint as it opens: its text (its moves as words), then the target square or the move it shows. Said once
  // per level and text: the expected move goes while a wrong move is shown, and comes back, without a new hint.
  const hintText =
    hints.level === "none" || hintTexts.status !== "ready" || !hintTexts.hints
      ? null
      : localized(language, hintTexts.hints[`${hints.level}_en`], hintTexts.hints[`${hints.level}_ar`]);
  const shows =
    hints.level === "moderate" && hints.expected
      ? ` ${t("training.hint.targetSquare")} ${hints.expected.to}`
      : hints.level === "explicit" && hints.expected
        ? ` ${t("training.hint.suggestedMove")} ${moveWords(hints.expected.san, words)}`
        : "";
  const hintSpeech = useRef("");
  hintSpeech.current = t("board.screenReader.announce.hint", {
    text: `${textWithMoveWords(hintText?.trim() || t("training.hint.none"), words)}${shows}`,
  });
  const hintKey = hintText === null ? null : `${hints.level}\n${hintText}`;
  useEffect(() => {
    if (hintKey !== null) sayRef.current(hintSpeech.current);
  }, [hintKey]);

  // The explanation, once the puzzle is solved.
  const explanation =
    board.solved && position ? localized(language, position.explanation_en, position.explanation_ar) : null;
  useEffect(() => {
    if (explanation?.trim())
      sayRef.current(
        t("board.screenReader.announce.explanation", { text: textWithMoveWords(explanation, words) }),
      );
  }, [explanation, words, t]);

  if (empty || !board.fen) return null;
  const replayed = replay.ply !== null;
  const fen = replayed
    ? replay.ply !== null && replay.ply >= 0
      ? (moves[replay.ply]?.fen ?? board.fen)
      : (position?.fen ?? board.fen)
    : board.fen;
  const side = sideToMove(fen);
  return (
    <div id="screen-reader-board" data-slot="screen-reader-board" className="flex flex-col gap-3">
      <AccessibleBoard
        // The grid as tall as the window leaves it under the keys' disclosure (the layout's fit is the board's).
        className="[&_[role=grid]]:max-w-[calc(var(--board-fit)-2.5rem)]"
        fen={fen}
        orientation={preferred.props.orientation}
        label={t("training.boardLabel", { side: t(`training.game.sides.${side}`) })}
        labels={labels}
        words={words}
        lastMove={moves.at(-1)?.san ?? null}
        interactive={board.canMove && !replayed}
        onMove={(move) => events.play(`${move.from}${move.to}${move.promotion ?? ""}`)}
        onAnnounce={say}
      />
      <div role="status" aria-live="polite" data-slot="screen-reader-announcements" className="sr-only">
        {lines.map((line) => (
          <p key={line.id}>{line.text}</p>
        ))}
      </div>
      <Button variant="secondary" className="self-start" onClick={() => setScreenReaderMode(false)}>
        {t("board.screenReader.turnOff")}
      </Button>
    </div>
  );
}
