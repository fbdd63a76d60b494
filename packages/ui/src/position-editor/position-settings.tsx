import type * as React from "react";
import { useId } from "react";
import { cn } from "../lib/cn";

export type CastlingRightKey = "K" | "Q" | "k" | "q";
export type CastlingFlags = Readonly<Record<CastlingRightKey, boolean>>;

/** Texts of the settings, in the page's language. */
export interface PositionSettingsLabels {
  /** Legend of the side-to-move radios, e.g. "Side to move". */
  sideToMove: string;
  white: string;
  black: string;
  /** Legend of the castling checkboxes, e.g. "Castling rights". */
  castling: string;
  /** One label per right: K white kingside, Q white queenside, k and q black's. */
  castlingRights: Record<CastlingRightKey, string>;
  /** Why a right cannot be ticked, shown while one is unavailable, e.g. "Needs the king and rook at home.". */
  castlingUnavailable: string;
  /** Label of the en passant select, e.g. "En passant square". */
  enPassant: string;
  /** The select's first choice, e.g. "None". */
  enPassantNone: string;
}

export type PositionSettingsProps = Omit<React.ComponentProps<"div">, "children" | "onChange"> & {
  turn: "w" | "b";
  onTurnChange: (turn: "w" | "b") => void;
  /** The rights asked for. A right is shown ticked only while the board allows it. */
  castling: CastlingFlags;
  /** The rights the board allows (king and rook on their starting squares); the others are disabled. */
  castlingAllowed: CastlingFlags;
  onCastlingChange: (right: CastlingRightKey, value: boolean) => void;
  enPassant: string | null;
  /** Squares the en passant field may name on this board; the current value is listed even when not among them. */
  enPassantOptions: readonly string[];
  onEnPassantChange: (square: string | null) => void;
  labels: PositionSettingsLabels;
};

const RIGHTS: readonly CastlingRightKey[] = ["K", "Q", "k", "q"];

const legendClass = "mb-1 p-0 text-sm font-semibold text-fg-soft";
const choiceClass =
  "inline-flex items-center gap-2 text-sm text-fg has-[:disabled]:text-fg-subtle has-[:disabled]:cursor-not-allowed";
const inputClass = "size-4 accent-brand";

/**
 * The position editor's settings (spec section 5): side to move, the four castling rights and the en passant
 * square. Castling rights the board contradicts are disabled and left out of the position.
 */
export function PositionSettings({
  turn,
  onTurnChange,
  castling,
  castlingAllowed,
  onCastlingChange,
  enPassant,
  enPassantOptions,
  onEnPassantChange,
  labels,
  className,
  ...props
}: PositionSettingsProps) {
  const name = useId();
  const selectId = useId();
  const castlingHintId = useId();
  const someUnavailable = RIGHTS.some((right) => !castlingAllowed[right]);
  const options =
    enPassant && !enPassantOptions.includes(enPassant)
      ? [enPassant, ...enPassantOptions]
      : [...enPassantOptions];

  return (
    <div data-slot="position-settings" className={cn("flex flex-col gap-4", className)} {...props}>
      <fieldset className="m-0 border-0 p-0">
        <legend className={legendClass}>{labels.sideToMove}</legend>
        <div className="flex flex-wrap gap-4">
          {(["w", "b"] as const).map((side) => (
            <label key={side} className={choiceClass}>
              <input
                type="radio"
                name={name}
                value={side}
                checked={turn === side}
                onChange={() => onTurnChange(side)}
                className={inputClass}
              />
              {side === "w" ? labels.white : labels.black}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="m-0 border-0 p-0" aria-describedby={someUnavailable ? castlingHintId : undefined}>
        <legend className={legendClass}>{labels.castling}</legend>
        <div className="flex flex-col gap-2">
          {RIGHTS.map((right) => (
            <label key={right} className={choiceClass} data-right={right}>
              <input
                type="checkbox"
                checked={castling[right] && castlingAllowed[right]}
                disabled={!castlingAllowed[right]}
                onChange={(event) => onCastlingChange(right, event.target.checked)}
                className={inputClass}
              />
              {labels.castlingRights[right]}
            </label>
          ))}
        </div>
        {someUnavailable ? (
          <p id={castlingHintId} className="m-0 mt-1 text-sm text-fg-muted">
            {labels.castlingUnavailable}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-semibold text-fg-soft">
          {labels.enPassant}
        </label>
        <select
          id={selectId}
          value={enPassant ?? ""}
          onChange={(event) => onEnPassantChange(event.target.value === "" ? null : event.target.value)}
          className="h-10 w-40 rounded-md border border-line-input bg-surface px-3 text-sm text-fg"
        >
          <option value="">{labels.enPassantNone}</option>
          {options.map((square) => (
            <option key={square} value={square}>
              {square}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
