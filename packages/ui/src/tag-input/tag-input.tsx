import { tagKey } from "@ct/contract/blog-rules";
import { X } from "lucide-react";
import { Label } from "radix-ui";
import type * as React from "react";
import { useId, useRef, useState } from "react";
import { inputClassName } from "../field";
import { cn } from "../lib/cn";

export type TagInputProps = Omit<React.ComponentProps<"div">, "children" | "onChange"> & {
  /** Visible label of the input, e.g. "Tags". */
  label: string;
  /** 'Add tags (press Enter)'. */
  placeholder: string;
  /** Help under the input, tied to it. */
  hint?: string | undefined;
  tags: readonly string[];
  /**
   * Called with each tag typed: what was typed when Enter is pressed, or each part of what was typed or pasted
   * between commas. The caller trims and ignores empty ones. A tag the list has already (in any case) is refused
   * here and never handed over.
   */
  onAdd: (value: string) => void;
  onRemove: (tag: string) => void;
  /** Accessible name of a chip's remove button, e.g. `Remove tag ${tag}`. */
  removeLabel: (tag: string) => string;
  disabled?: boolean;
  /** Longest tag that can be typed. */
  maxLength?: number;
  /** Id of the input (a label elsewhere can point at it). */
  inputId?: string;
  /** The message shown when a tag is refused because the list has it already (in any case), e.g. "“x” is already a tag". */
  duplicateMessage?: ((tag: string) => string) | undefined;
};

/** What separates tags typed or pasted on one line: the comma, and the Arabic comma. */
const SEPARATOR = /[,\u060c]/;

/**
 * A tag field (spec section 2): typing and pressing Enter adds a tag, and so does a comma (or the Arabic comma «،»):
 * "King walk, Study", typed or pasted, is two tags. Tags show as chips, each with a remove button. A tag the list
 * has already, in any case, is refused with `duplicateMessage`, which the input is described by until the next
 * change. Removing a chip puts the focus back in the input, so the keyboard never loses its place.
 */
export function TagInput({
  label,
  placeholder,
  hint,
  tags,
  onAdd,
  onRemove,
  removeLabel,
  disabled = false,
  maxLength,
  inputId,
  duplicateMessage,
  className,
  ...props
}: TagInputProps) {
  const generated = useId();
  const id = inputId ?? generated;
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const [text, setText] = useState("");
  /** The message of the last tag refused, until the text changes. */
  const [refused, setRefused] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  /** True right after a comma, until something other than a space is typed. */
  const afterSeparator = useRef(false);

  /** Hands each value over, except those the list (or an earlier value of the same batch) has already. */
  const add = (values: readonly string[]) => {
    const taken = new Set(tags.map(tagKey));
    let duplicate: string | null = null;
    for (const value of values) {
      const key = tagKey(value);
      if (key !== "" && taken.has(key)) {
        duplicate = value.trim();
        continue;
      }
      taken.add(key);
      onAdd(value);
    }
    setRefused(duplicate !== null && duplicateMessage ? duplicateMessage(duplicate) : null);
  };

  /** The parts of a text between separators that hold something, each at most `maxLength` long. */
  const parts = (value: string) =>
    value
      .split(SEPARATOR)
      .filter((part) => part.trim() !== "")
      .map((part) => (maxLength ? part.slice(0, maxLength) : part));

  const keyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    // Enter adds a tag; it never submits the surrounding form.
    event.preventDefault();
    add([text]);
    setText("");
  };

  const change = (value: string) => {
    if (!SEPARATOR.test(value)) {
      setRefused(null);
      // The space typed after a comma starts no tag.
      setText(text === "" && afterSeparator.current ? value.trimStart() : value);
      afterSeparator.current = afterSeparator.current && value.trim() === "";
      return;
    }
    // A comma typed (or text with commas dropped in): what comes before the last one is tags; the rest is kept.
    const pieces = value.split(SEPARATOR);
    const rest = (pieces.pop() ?? "").trimStart();
    add(parts(pieces.join(",")));
    setText(rest);
    afterSeparator.current = rest === "";
  };

  const paste = (event: React.ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text/plain");
    if (!SEPARATOR.test(pasted)) return;
    // A pasted list is tags, all of it, joined with what the input held around the caret.
    event.preventDefault();
    const field = event.currentTarget;
    const start = field.selectionStart ?? text.length;
    const end = field.selectionEnd ?? text.length;
    add(parts(`${text.slice(0, start)}${pasted}${text.slice(end)}`));
    setText("");
  };

  const remove = (tag: string) => {
    onRemove(tag);
    input.current?.focus();
  };

  return (
    <div data-slot="tag-input" className={cn("flex flex-col gap-1", className)} {...props}>
      <Label.Root htmlFor={id} className="text-sm font-semibold text-fg-soft">
        {label}
      </Label.Root>
      {tags.length > 0 ? (
        <ul aria-label={label} className="m-0 flex list-none flex-wrap gap-2 p-0">
          {tags.map((tag) => (
            <li
              key={tag}
              data-slot="tag-chip"
              className="inline-flex items-center gap-1 rounded-full bg-brand-soft py-1 ps-3 pe-1 text-sm font-semibold text-brand"
            >
              <span>{tag}</span>
              <button
                type="button"
                aria-label={removeLabel(tag)}
                title={removeLabel(tag)}
                disabled={disabled}
                onClick={() => remove(tag)}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-surface disabled:opacity-50 [&_svg]:size-3.5"
              >
                <X aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id}
        type="text"
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        maxLength={maxLength}
        enterKeyHint="enter"
        aria-invalid={refused ? true : undefined}
        aria-describedby={
          [refused ? messageId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined
        }
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={keyDown}
        onPaste={paste}
        className={inputClassName}
      />
      {/* Always there, so that a screen reader announces the message when it appears. */}
      <p id={messageId} role="status" className={cn("m-0 text-sm text-danger", !refused && "sr-only")}>
        {refused}
      </p>
      {hint ? (
        <p id={hintId} className="m-0 text-sm text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
