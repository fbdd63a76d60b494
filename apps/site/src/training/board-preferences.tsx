import {
  Board,
  type BoardProps,
  BoardSettings,
  type BoardSettingsValue,
  type BoardSound,
  loadBoardRules,
  moveSoundOf,
  playBoardSound,
} from "@ct/ui";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { storage } from "../lib/storage";
import {
  ANIMATION_SPEEDS,
  animationSpeedOf,
  BOARD_LOOK_STORAGE_KEY,
  type BoardPreferences,
  DEFAULT_BOARD_PREFERENCES,
  keepBoardPreferences,
  readBoardLook,
  subscribeBoardPreferences,
} from "./board-look";
import { type Announcer, ScreenReaderPageBoard, ScreenReaderSetting } from "./screen-reader-board";
import { useScreenReaderMode } from "./screen-reader-mode";

/**
 * The player's board preferences for every interactive board (issue 42): one hook reads them (and follows a change
 * made in the settings panel, another tab or the account's copy), `boardPreferenceProps` turns them into the
 * Board's props, and `BoardSettingsButton` opens the panel that changes them.
 */
export function useBoardPreferences(): BoardPreferences & {
  choose: (patch: Partial<BoardPreferences>) => void;
} {
  const text = useSyncExternalStore(
    subscribeBoardPreferences,
    () => storage.get(BOARD_LOOK_STORAGE_KEY),
    () => null,
  );
  return useMemo(
    () => ({ ...DEFAULT_BOARD_PREFERENCES, ...readBoardLook(text), choose: keepBoardPreferences }),
    [text],
  );
}

/** The props every interactive Board takes from the preferences; `natural` is the page's own orientation. */
export type PreferredBoardProps = Required<
  Pick<
    BoardProps,
    | "boardTheme"
    | "pieceSet"
    | "showCoordinates"
    | "showLegalMoves"
    | "showLastMove"
    | "highlightCheck"
    | "animationDurationInMs"
    | "autoQueen"
    | "orientation"
  >
>;

export function boardPreferenceProps(
  preferences: BoardPreferences,
  natural: "white" | "black" = "white",
): PreferredBoardProps {
  return {
    boardTheme: preferences.boardTheme,
    pieceSet: preferences.pieceSet,
    showCoordinates: preferences.showCoordinates,
    showLegalMoves: preferences.showLegalMoves,
    showLastMove: preferences.showLastMove,
    highlightCheck: preferences.highlightCheck,
    animationDurationInMs: preferences.animationDuration,
    autoQueen: preferences.autoQueen,
    orientation: preferences.orientation === "white" ? "white" : natural,
  };
}

/**
 * The Board's props from the player's preferences, and their sounds: a move's sound whenever `fen` changes by one
 * move (either side's), and `play` for the page's own (success, failure, the end of a run). Silent unless the
 * player turned sound on.
 */
export function usePreferredBoard(fen: string | null | undefined, natural: "white" | "black" = "white") {
  const preferences = useBoardPreferences();
  const props = useMemo(() => boardPreferenceProps(preferences, natural), [preferences, natural]);
  const { soundOn, volume } = preferences;
  const play = useCallback(
    (sound: BoardSound) => {
      if (soundOn) playBoardSound(sound, volume);
    },
    [soundOn, volume],
  );
  const previous = useRef(fen);
  useEffect(() => {
    const before = previous.current;
    previous.current = fen;
    if (!soundOn || !before || !fen || before === fen) return;
    let stale = false;
    void loadBoardRules()
      .then(({ Chess }) => {
        let inCheck = false;
        try {
          inCheck = new Chess(fen, { skipValidation: true }).inCheck();
        } catch {
          // A position chess.js cannot read: no check sound.
        }
        const sound = moveSoundOf(before, fen, inCheck);
        if (sound && !stale) playBoardSound(sound, volume);
      })
      .catch(() => {});
    return () => {
      stale = true;
    };
  }, [fen, soundOn, volume]);
  return { props, play, preferences };
}

/** Plays one of the board's sounds at the player's volume, when they turned sound on (a page's own events). */
export function useBoardSound(): (sound: BoardSound) => void {
  const { soundOn, volume } = useBoardPreferences();
  return useCallback(
    (sound: BoardSound) => {
      if (soundOn) playBoardSound(sound, volume);
    },
    [soundOn, volume],
  );
}

/** The panel's value from the stored preferences, and a change of the panel as preferences to keep. */
function panelValueOf(preferences: BoardPreferences): BoardSettingsValue {
  return {
    boardTheme: preferences.boardTheme,
    pieceSet: preferences.pieceSet,
    showCoordinates: preferences.showCoordinates,
    showLegalMoves: preferences.showLegalMoves,
    showLastMove: preferences.showLastMove,
    highlightCheck: preferences.highlightCheck,
    animationSpeed: animationSpeedOf(preferences.animationDuration),
    orientation: preferences.orientation,
    autoQueen: preferences.autoQueen,
    soundOn: preferences.soundOn,
    volume: preferences.volume,
  };
}

export function preferencesOfPanel(patch: Partial<BoardSettingsValue>): Partial<BoardPreferences> {
  const { animationSpeed, ...rest } = patch;
  return animationSpeed === undefined
    ? rest
    : { ...rest, animationDuration: ANIMATION_SPEEDS[animationSpeed] };
}

/**
 * The "Board settings" button and its panel, in the page's language, changing every board's preferences; the
 * screen-reader mode's switch is its last row (every board with the panel follows the mode).
 */
export function BoardSettingsButton({
  className,
  iconOnly,
  children,
}: {
  className?: string;
  iconOnly?: boolean;
  /** A page's own setting rows, after the built-in ones. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const preferences = useBoardPreferences();
  const texts = t("boardSettings", { returnObjects: true }) as Parameters<typeof BoardSettings>[0]["texts"];
  return (
    <BoardSettings
      value={panelValueOf(preferences)}
      onChange={(patch) => {
        const chosen = preferencesOfPanel(patch);
        keepBoardPreferences(chosen);
        // Turning sound on (or moving the volume) lets the player hear it at once.
        if (patch.soundOn || patch.volume !== undefined)
          playBoardSound("move", patch.volume ?? preferences.volume);
      }}
      texts={texts}
      {...(className ? { className } : {})}
      {...(iconOnly ? { iconOnly } : {})}
    >
      {children}
      <ScreenReaderSetting />
    </BoardSettings>
  );
}

/**
 * A Board that follows the player's preferences (its `orientation` is the page's own, which "White at the bottom"
 * overrides), plays the moves' sounds, and has the settings button under it, at the end of the row. In the
 * screen-reader mode it is the accessible grid, which says every move (and what the page's `announcer` is given).
 */
export function PreferredBoard({
  settings = true,
  player,
  announcer,
  ...props
}: BoardProps & {
  settings?: boolean;
  /** Whose moves are the player's, for the screen-reader mode; the page's orientation by default. */
  player?: "white" | "black" | "both";
  /** The page's live region for the screen-reader mode (its own feedback said there too). */
  announcer?: Announcer;
}) {
  const preferred = usePreferredBoard(props.fen, props.orientation ?? "white");
  const screenReader = useScreenReaderMode();
  const board = screenReader ? (
    <ScreenReaderPageBoard
      fen={props.fen}
      label={props.label}
      orientation={preferred.props.orientation}
      player={player ?? props.orientation ?? "white"}
      interactive={props.interactive ?? props.onMove !== undefined}
      onMove={props.onMove}
      lastMove={props.lastMove}
      announcer={announcer}
    />
  ) : (
    <Board {...props} {...preferred.props} />
  );
  if (!settings) return board;
  return (
    <div data-slot="preferred-board" className="flex w-full min-w-0 flex-col gap-2">
      {board}
      <div className="flex justify-end">
        <BoardSettingsButton />
      </div>
    </div>
  );
}
