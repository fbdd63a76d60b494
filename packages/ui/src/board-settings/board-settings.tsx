import { SettingsIcon, XIcon } from "lucide-react";
import { Dialog, RadioGroup } from "radix-ui";
import type * as React from "react";
import { useId } from "react";
import { BOARD_THEMES, type BoardTheme, PIECE_SETS, type PieceSet, piecesOfSet } from "../board/board";
import { Button } from "../button";
import { ChoiceChips } from "../set-builder";
import { SettingSlider, SettingSwitch } from "../setting-toggles";

export const ANIMATION_SPEED_CHOICES = ["off", "fast", "normal", "slow"] as const;
export type AnimationSpeedChoice = (typeof ANIMATION_SPEED_CHOICES)[number];
export const ORIENTATION_CHOICES = ["auto", "white"] as const;
export type OrientationChoice = (typeof ORIENTATION_CHOICES)[number];

/** What the panel shows and changes: the board's look, its switches, orientation, promotion and sound. */
export interface BoardSettingsValue {
  boardTheme: BoardTheme;
  pieceSet: PieceSet;
  showCoordinates: boolean;
  showLegalMoves: boolean;
  showLastMove: boolean;
  highlightCheck: boolean;
  animationSpeed: AnimationSpeedChoice;
  orientation: OrientationChoice;
  autoQueen: boolean;
  soundOn: boolean;
  /** 0 to 100. */
  volume: number;
}

/** The panel's texts, in the page's language (the site's `boardSettings` group). */
export interface BoardSettingsTexts {
  button: string;
  title: string;
  description: string;
  close: string;
  colors: string;
  pieces: string;
  themes: Record<BoardTheme, string>;
  pieceSets: Record<PieceSet, string>;
  showCoordinates: string;
  showLegalMoves: string;
  showLastMove: string;
  highlightCheck: string;
  animation: string;
  speeds: Record<AnimationSpeedChoice, string>;
  orientation: string;
  orientations: Record<OrientationChoice, string>;
  autoQueen: string;
  autoQueenHelp: string;
  sound: string;
  volume: string;
  /** The volume as read, e.g. "{{value}} %". */
  volumeValue: string;
}

export type BoardSettingsProps = {
  value: BoardSettingsValue;
  /** Called with each change as it is made (the panel has no Save). */
  onChange: (patch: Partial<BoardSettingsValue>) => void;
  texts: BoardSettingsTexts;
  /** More rows after the built-in ones (another page's setting, e.g. a screen-reader mode). */
  children?: React.ReactNode;
  /** Controlled opening; leave both out to let the button open and close it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button's classes (where it sits on the page). */
  className?: string;
  /** Shows only the gear, the name kept for screen readers (a tight toolbar). */
  iconOnly?: boolean;
};

const SWITCHES = ["showCoordinates", "showLegalMoves", "showLastMove", "highlightCheck"] as const;

/** A board theme's preview: four squares in its colours. */
function ThemeSwatch({ theme }: { theme: BoardTheme }) {
  return (
    <span
      aria-hidden
      data-board-theme={theme}
      className="grid size-10 shrink-0 grid-cols-2 overflow-hidden rounded-sm border border-line"
    >
      {[0, 1, 2, 3].map((index) => (
        <span
          key={index}
          style={{ backgroundColor: index === 0 || index === 3 ? "var(--board-light)" : "var(--board-dark)" }}
        />
      ))}
    </span>
  );
}

/** A piece set's preview: its white knight and black king. */
function PiecePreview({ set }: { set: PieceSet }) {
  const pieces = piecesOfSet(set);
  return (
    <span
      aria-hidden
      data-board-theme="green"
      className="flex h-10 shrink-0 overflow-hidden rounded-sm"
      style={{ backgroundColor: "var(--board-light)" }}
    >
      <span className="size-10">{pieces.wN?.()}</span>
      <span className="size-10" style={{ backgroundColor: "var(--board-dark)" }}>
        {pieces.bK?.()}
      </span>
    </span>
  );
}

const CARD =
  "flex cursor-pointer items-center gap-2 rounded-md border border-line-strong bg-surface p-1.5 pe-3 text-start text-sm font-semibold text-fg hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand data-[state=checked]:border-brand data-[state=checked]:ring-2 data-[state=checked]:ring-brand";

/** A choice among pictures (themes, piece sets): a Radix radio group of cards, each with its preview and name. */
function PictureChoice<V extends string>({
  label,
  options,
  value,
  onValueChange,
  preview,
  names,
  slot,
}: {
  label: string;
  options: readonly V[];
  value: V;
  onValueChange: (value: V) => void;
  preview: (option: V) => React.ReactNode;
  names: Record<V, string>;
  slot: string;
}) {
  const labelId = useId();
  return (
    <div data-slot={slot} className="flex flex-col gap-2 py-2">
      <span id={labelId} className="text-sm font-semibold text-fg">
        {label}
      </span>
      <RadioGroup.Root
        aria-labelledby={labelId}
        value={value}
        onValueChange={(chosen) => {
          const option = options.find((candidate) => candidate === chosen);
          if (option) onValueChange(option);
        }}
        className="grid grid-cols-2 gap-2 sm:grid-cols-3"
      >
        {options.map((option) => (
          <RadioGroup.Item key={option} value={option} className={CARD}>
            {preview(option)}
            <span className="min-w-0">{names[option]}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/**
 * The board settings (issue 42): a "Board settings" button with a gear that opens a dialog of the board's colours
 * and pieces (each with a preview), coordinates, legal-move dots, last move, check, animation speed, orientation,
 * "always promote to a queen", sound and its volume. Every change applies at once through `onChange`.
 *
 * **Do**
 * - Put the button next to the board it changes, on every page with an interactive board, and give every board the
 *   same values (the site keeps them in one place).
 * - Add a page's own setting as a child row (a SettingSwitch): it goes after the built-in ones.
 *
 * **Don't**
 * - Don't save on close: each row applies as it changes.
 */
export function BoardSettings({
  value,
  onChange,
  texts,
  children,
  open,
  onOpenChange,
  className,
  iconOnly = false,
}: BoardSettingsProps) {
  const descriptionId = useId();
  return (
    <Dialog.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      <Dialog.Trigger asChild>
        <Button
          variant="secondary"
          size={iconOnly ? "icon" : "md"}
          data-slot="board-settings-button"
          aria-label={iconOnly ? texts.button : undefined}
          className={className}
        >
          <SettingsIcon aria-hidden />
          {iconOnly ? null : texts.button}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <Dialog.Content
          data-slot="board-settings"
          aria-describedby={descriptionId}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-line bg-surface shadow-lg"
        >
          <div className="flex items-start justify-between gap-4 border-b border-line p-4">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="m-0 text-lg font-bold text-fg">{texts.title}</Dialog.Title>
              <Dialog.Description id={descriptionId} className="m-0 text-sm text-fg-muted">
                {texts.description}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={texts.close}>
                <XIcon aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <div className="flex flex-col overflow-y-auto px-4 pb-4" data-slot="board-settings-rows">
            <PictureChoice
              slot="board-settings-themes"
              label={texts.colors}
              options={BOARD_THEMES}
              names={texts.themes}
              value={value.boardTheme}
              onValueChange={(boardTheme) => onChange({ boardTheme })}
              preview={(theme) => <ThemeSwatch theme={theme} />}
            />
            <PictureChoice
              slot="board-settings-pieces"
              label={texts.pieces}
              options={PIECE_SETS}
              names={texts.pieceSets}
              value={value.pieceSet}
              onValueChange={(pieceSet) => onChange({ pieceSet })}
              preview={(set) => <PiecePreview set={set} />}
            />
            {SWITCHES.map((key) => (
              <SettingSwitch
                key={key}
                label={texts[key]}
                checked={value[key]}
                onCheckedChange={(checked) => onChange({ [key]: checked })}
              />
            ))}
            <ChoiceChips
              size="sm"
              className="py-2 [&>span]:text-sm [&>span]:font-semibold"
              label={texts.animation}
              options={ANIMATION_SPEED_CHOICES.map((speed) => ({ value: speed, label: texts.speeds[speed] }))}
              value={value.animationSpeed}
              onValueChange={(animationSpeed) => onChange({ animationSpeed })}
            />
            <ChoiceChips
              size="sm"
              className="py-2 [&>span]:text-sm [&>span]:font-semibold"
              label={texts.orientation}
              options={ORIENTATION_CHOICES.map((choice) => ({
                value: choice,
                label: texts.orientations[choice],
              }))}
              value={value.orientation}
              onValueChange={(orientation) => onChange({ orientation })}
            />
            <SettingSwitch
              label={texts.autoQueen}
              description={texts.autoQueenHelp}
              checked={value.autoQueen}
              onCheckedChange={(autoQueen) => onChange({ autoQueen })}
            />
            <SettingSwitch
              label={texts.sound}
              checked={value.soundOn}
              onCheckedChange={(soundOn) => onChange({ soundOn })}
            />
            <SettingSlider
              label={texts.volume}
              value={value.volume}
              min={0}
              max={100}
              step={5}
              disabled={!value.soundOn}
              valueText={texts.volumeValue.replace("{{value}}", String(value.volume))}
              onValueChange={(volume) => onChange({ volume })}
            />
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
