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
  /** Called with what was typed when Enter is pressed; the caller trims and ignores empty or duplicate tags. */
  onAdd: (value: string) => void;
  onRemove: (tag: string) => void;
  /** Accessible name of a chip's remove button, e.g. `Remove tag ${tag}`. */
  removeLabel: (tag: string) => string;
  disabled?: boolean;
  /** Longest tag that can be typed. */
  maxLength?: number;
  /** Id of the input (a label elsewhere can point at it). */
  inputId?: string;
};

/**
 * A tag field (spec section 2): typing and pressing Enter adds a tag; tags show as chips, each with a remove button.
 * Removing a chip puts the focus back in the input, so the keyboard never loses its place.
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
  className,
  ...props
}: TagInputProps) {
  const generated = useId();
  const id = inputId ?? generated;
  const hintId = `${id}-hint`;
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement>(null);

  const keyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    // Enter adds a tag; it never submits the surrounding form.
    event.preventDefault();
    onAdd(text);
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
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={keyDown}
        className={inputClassName}
      />
      {hint ? (
        <p id={hintId} className="m-0 text-sm text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
