import {
  AccessibleBoard,
  type AccessibleBoardLabels,
  type BoardMove,
  type BoardRules,
  type BoardWords,
  Button,
  loadBoardRules,
  moveWords,
  SettingSwitch,
  textWithMoveWords,
  useBoardRules,
} from "@ct/ui";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { setScreenReaderMode, useScreenReaderMode } from "./screen-reader-mode";

/**
 * The screen-reader mode (issue 42) on every interactive board besides the trainer's (Storm, Racer, the repertoire
 * trainer, the endgame exercises, position setup's practice): `PreferredBoard` shows `ScreenReaderPageBoard` instead
 * of the visual board while the mode is on. It is the trainer's accessible grid with its keys, and a polite live
 * region that says each move as words (the player's, and the opponent's reply, found from the positions the board
 * is given) and what the page has to say (`useAnnouncer`: its feedback, a new puzzle), in the page's language.
 */

/** The last lines said, kept in the live region (a screen reader reads each line as it is added). */
const KEPT_LINES = 6;

export interface Announcer {
  lines: readonly { id: number; text: string }[];
  /** Adds a line to the live region (nothing while the mode is off). Stable across renders. */
  say: (text: string) => void;
}

/** A live region's lines and the function that adds one; a page holds one to say its own feedback. */
export function useAnnouncer(): Announcer {
  const on = useScreenReaderMode();
  const [lines, setLines] = useState<{ id: number; text: string }[]>([]);
  const nextId = useRef(0);
  const onRef = useRef(on);
  onRef.current = on;
  const say = useCallback((text: string) => {
    if (!onRef.current || !text.trim()) return;
    nextId.current += 1;
    const id = nextId.current;
    setLines((before) => [...before.slice(-(KEPT_LINES - 1)), { id, text }]);
  }, []);
  return useMemo(() => ({ lines, say }), [lines, say]);
}

/** The live region itself: read by a screen reader as lines are added, never seen. */
export function Announcements({ lines }: { lines: Announcer["lines"] }) {
  return (
    <div role="status" aria-live="polite" data-slot="screen-reader-announcements" className="sr-only">
      {lines.map((line) => (
        <p key={line.id}>{line.text}</p>
      ))}
    </div>
  );
}

/** Says a page's text each time it changes (its moves read as words), e.g. a panel's status; nothing when empty. */
export function useSayOnChange(announcer: Announcer, text: string | null | undefined) {
  const words = useBoardWords();
  const { say } = announcer;
  useEffect(() => {
    if (text?.trim()) say(textWithMoveWords(text, words));
  }, [text, words, say]);
}

/** The words the board is read with, in the page's language (one object per language). */
export function useBoardWords(): BoardWords {
  const { t } = useTranslation();
  return useMemo(() => t("board.screenReader.words", { returnObjects: true }) as BoardWords, [t]);
}

/** The mode's row in the board settings panel: a switch, remembered like the skip link's choice. */
export function ScreenReaderSetting() {
  const { t } = useTranslation();
  const on = useScreenReaderMode();
  return (
    <SettingSwitch
      label={t("board.screenReader.toggle")}
      description={t("board.screenReader.toggleHelp")}
      checked={on}
      onCheckedChange={setScreenReaderMode}
    />
  );
}

/** The placement and the side to move: two positions are the same when these are. */
const sameAs = (a: string, b: string) =>
  a.split(" ").slice(0, 2).join(" ") === b.split(" ").slice(0, 2).join(" ");

type Played = { san: string; color: "w" | "b" };

/**
 * The moves (one or two, e.g. the player's move and the reply shown with it) that lead from `before` to `after`,
 * or null when `after` is not reached so (a new puzzle, a move taken back).
 */
export function movesBetween(rules: BoardRules, before: string, after: string): Played[] | null {
  let board: InstanceType<BoardRules["Chess"]>;
  try {
    board = new rules.Chess(before);
  } catch {
    return null;
  }
  for (const first of board.moves({ verbose: true })) {
    if (sameAs(first.after, after)) return [{ san: first.san, color: first.color }];
  }
  for (const first of board.moves({ verbose: true })) {
    const next = new rules.Chess(first.after);
    for (const second of next.moves({ verbose: true })) {
      if (sameAs(second.after, after))
        return [
          { san: first.san, color: first.color },
          { san: second.san, color: second.color },
        ];
    }
  }
  return null;
}

export type ScreenReaderPageBoardProps = {
  fen: string;
  /** The grid's name, e.g. "Storm board, White to move". */
  label: string;
  orientation: "white" | "black";
  /** Whose moves are the player's ("You played …"); the other side's are the opponent's. */
  player: "white" | "black" | "both";
  interactive: boolean;
  onMove?: ((move: BoardMove) => boolean | undefined) | undefined;
  /** The move that led to `fen` when the page knows it (its squares). */
  lastMove?: { from: string; to: string } | null | undefined;
  /** The page's lines, when it says things of its own (its feedback); the board keeps its own otherwise. */
  announcer?: Announcer | undefined;
};

/**
 * The accessible grid with its live region: each move (the player's as played, on the grid or in the move box; the
 * opponent's as the position shows it) is said as words; a new position whose last move the page gives says that
 * move; and a button turns the mode off.
 */
export function ScreenReaderPageBoard({
  fen,
  label,
  orientation,
  player,
  interactive,
  onMove,
  lastMove,
  announcer,
}: ScreenReaderPageBoardProps) {
  const { t } = useTranslation();
  const own = useAnnouncer();
  const { lines, say } = announcer ?? own;
  const words = useBoardWords();
  const labels = useMemo(
    () => t("board.screenReader", { returnObjects: true }) as AccessibleBoardLabels,
    [t],
  );
  const [spokenLast, setSpokenLast] = useState<string | null>(null);
  const rules = useBoardRules();

  const sayMove = useCallback(
    (move: Played, played = false) => {
      // The player's own move, said after the position has moved on, may be of the side the next puzzle gives them.
      const mine = played || player === "both" || move.color === player[0];
      say(
        t(mine ? "board.screenReader.announce.you" : "board.screenReader.announce.opponent", {
          move: moveWords(move.san, words),
        }),
      );
    },
    [player, say, t, words],
  );

  // Each change of position: the moves that led to it, or, for a new position, the last move the page names.
  const previous = useRef(fen);
  const said = useRef<string | null>(null);
  const lastMoveRef = useRef(lastMove);
  lastMoveRef.current = lastMove;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  // The player's move taken before chess.js had arrived (a move played at once on a slow phone): said from the
  // position it was played in when the rules come, before what the position after it says.
  const pendingMove = useRef<{ before: string; move: BoardMove } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = fen;
    // Said already (the player's own move as played), or the same position drawn again.
    if (fen === said.current) return;
    said.current = fen;
    const speak = (loaded: BoardRules) => {
      let from = before;
      const pending = pendingMove.current;
      pendingMove.current = null;
      const played = pending?.before === before ? sanOf(loaded, pending.before, pending.move) : null;
      if (played) {
        sayMove({ san: played.san, color: played.color }, true);
        setSpokenLast(played.san);
        from = played.after;
        if (from === fen) return;
      }
      const moves = from === fen ? null : movesBetween(loaded, from, fen);
      if (moves) {
        for (const move of moves) sayMove(move);
        setSpokenLast(moves.at(-1)?.san ?? null);
        return;
      }
      // A new position: its last move from the squares the page gives, in standard notation when it can be
      // rebuilt (the piece on the target square moved back; a capture is not known, so it is read as a move).
      const last = lastMoveRef.current;
      if (!last) return setSpokenLast(null);
      const san = sanOfLastMove(loaded, fen, last);
      setSpokenLast(san);
      // After what the page says of the new position (its effects run after this one): "Puzzle solved. You play
      // Black." first, then the move that set the new puzzle.
      if (san) queueMicrotask(() => sayMove({ san, color: fen.split(" ")[1] === "b" ? "w" : "b" }));
    };
    // At once when the rules are here (the move is said before what the page says of it), else when they come.
    if (rulesRef.current) {
      speak(rulesRef.current);
      return;
    }
    let stale = false;
    void loadBoardRules()
      .then((loaded) => {
        if (!stale) speak(loaded);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [fen, sayMove]);

  return (
    <div data-slot="screen-reader-board" className="flex w-full flex-col gap-3">
      <AccessibleBoard
        fen={fen}
        orientation={orientation}
        label={label}
        labels={labels}
        words={words}
        lastMove={spokenLast}
        interactive={interactive && onMove !== undefined}
        onMove={(move) => {
          // The player's move is said as played (the position after it may be the next puzzle's already); without
          // the rules yet, once they come (pendingMove).
          const san = rules ? sanOf(rules, fen, move) : null;
          if (!rules) pendingMove.current = { before: fen, move };
          const taken = onMove?.(move) ?? false;
          if (!taken) pendingMove.current = null;
          if (taken && san) {
            sayMove({ san: san.san, color: san.color });
            previous.current = san.after;
            said.current = san.after;
            setSpokenLast(san.san);
          }
          return taken;
        }}
        onAnnounce={say}
      />
      <Announcements lines={lines} />
      <Button variant="secondary" className="self-start" onClick={() => setScreenReaderMode(false)}>
        {t("board.screenReader.turnOff")}
      </Button>
    </div>
  );
}

/** The last move's notation from the position after it and its squares (null when it cannot be rebuilt). */
function sanOfLastMove(rules: BoardRules, fen: string, last: { from: string; to: string }): string | null {
  try {
    const after = new rules.Chess(fen);
    const piece = after.get(last.to as Parameters<typeof after.get>[0]);
    if (!piece) return null;
    const before = new rules.Chess(fen);
    before.remove(last.to as Parameters<typeof after.get>[0]);
    before.put(piece, last.from as Parameters<typeof after.get>[0]);
    const parts = before.fen().split(" ");
    parts[1] = piece.color;
    parts[3] = "-";
    const board = new rules.Chess(parts.join(" "), { skipValidation: true });
    return board.move({ from: last.from, to: last.to, promotion: "q" }).san;
  } catch {
    return null;
  }
}

/** A legal move's notation, mover and resulting position (null when it is not legal). */
function sanOf(rules: BoardRules, fen: string, move: BoardMove) {
  try {
    const played = new rules.Chess(fen).move({
      from: move.from,
      to: move.to,
      ...(move.promotion ? { promotion: move.promotion } : {}),
    });
    return { san: played.san, color: played.color, after: played.after };
  } catch {
    return null;
  }
}
