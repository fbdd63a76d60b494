import { selectSettingUploading } from "@ct/machines";
import { Button, cn, inputClassName, TextField } from "@ct/ui";
import { type ComponentProps, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";

/* The post settings' own fields (post-editor-settings.tsx): a longer text with its count, and an image setting. */

export function count(t: ReturnType<typeof useTranslation>["t"], text: string, max: number): string {
  return t("admin.postSettings.count", { count: Array.from(text.trim()).length, max });
}

/** A labelled text area with its hint and a character count (the settings' longer texts). */
export function TextAreaField({
  label,
  hint,
  value,
  max,
  invalid,
  onValue,
  ...props
}: Omit<ComponentProps<"textarea">, "value"> & {
  label: string;
  hint: string;
  value: string;
  max: number;
  invalid: boolean;
  onValue: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-fg-soft">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        dir="auto"
        value={value}
        aria-describedby={`${id}-hint`}
        aria-invalid={invalid ? true : undefined}
        className={cn(inputClassName, "h-auto min-h-20 py-2")}
        onChange={(event) => onValue(event.currentTarget.value)}
        {...props}
      />
      <p id={`${id}-hint`} className="m-0 text-sm text-fg-subtle">
        {hint} {count(t, value, max)}
      </p>
    </div>
  );
}

/** An image setting: its preview, its address (an upload's or an https one), Upload (or Replace) and Remove. */
export function ImageSetting({
  field,
  value,
  invalid,
}: {
  field: "featuredImage" | "socialImage";
  value: string;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const uploading = PostEditorActor.useSelector(selectSettingUploading) === field;
  const picker = useRef<HTMLInputElement>(null);
  const label = t(`admin.postSettings.${field}Label`);
  return (
    <div
      data-slot={`post-${field === "featuredImage" ? "featured-image" : "social-image"}`}
      className="flex flex-col gap-2"
    >
      {value ? (
        <img
          src={value}
          alt={t("admin.postSettings.imageAlt", { name: label })}
          className="max-h-40 w-full rounded-md border border-line object-cover"
        />
      ) : null}
      <TextField
        label={label}
        hint={t(`admin.postSettings.${field}Hint`)}
        value={value}
        dir="ltr"
        inputMode="url"
        spellCheck={false}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => events.changeSetting(field, event.currentTarget.value)}
      />
      <div className="flex flex-wrap gap-2">
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          aria-label={`${label}: ${t("admin.postSettings.upload")}`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) events.uploadSetting(field, file);
            event.currentTarget.value = "";
          }}
        />
        <Button variant="secondary" size="sm" disabled={uploading} onClick={() => picker.current?.click()}>
          {uploading
            ? t("admin.postSettings.uploading")
            : value
              ? t("admin.postSettings.replace")
              : t("admin.postSettings.upload")}
        </Button>
        {value ? (
          <Button variant="ghost" size="sm" onClick={() => events.changeSetting(field, "")}>
            {t("admin.postSettings.remove")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
