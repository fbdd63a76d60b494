import { publishAtProblem } from "@ct/contract";
import { HttpError } from "../http/errors";
import { type BlogPostBody, type BlogPostRow, withoutControls } from "./rows";

/** The settings columns a save writes (zod has checked their bounds and addresses: blogPostInputSchema). */
export interface SettingsColumns {
  custom_excerpt: string | null;
  seo_title: string | null;
  seo_description: string | null;
  social_image: string | null;
  publish_at: string | null;
}

type SettingKey = Exclude<keyof SettingsColumns, "publish_at">;
const SETTING_KEYS: readonly SettingKey[] = [
  "custom_excerpt",
  "seo_title",
  "seo_description",
  "social_image",
];

/** A setting as stored: control characters gone, whitespace collapsed (one line) and trimmed; "" is none. */
function settingValue(value: string | null): string | null {
  const text = withoutControls(value ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text === "" ? null : text;
}

/**
 * The settings a save leaves on a post: each one the body gives (null or "" clears it), else the post's own (`old`,
 * on update; none on create). The publish time: none for a published post; else the body's (a later time than
 * `now`, or the one the post is already scheduled for; null unschedules), else the post's own. A refused time is a
 * 400 naming `body.publish_at`.
 */
export function settingsOf(body: BlogPostBody, old: BlogPostRow | undefined, now: Date): SettingsColumns {
  const columns = {} as SettingsColumns;
  for (const key of SETTING_KEYS) {
    const given = body[key];
    columns[key] = given === undefined ? (old?.[key] ?? null) : settingValue(given);
  }
  columns.publish_at = publishAtOf(body, old, now);
  return columns;
}

function publishAtOf(body: BlogPostBody, old: BlogPostRow | undefined, now: Date): string | null {
  if (body.published) return null;
  const stored = old && Number(old.published) === 0 ? old.publish_at : null;
  if (body.publish_at === undefined) return stored;
  if (body.publish_at === null) return null;
  const problem = publishAtProblem(body.publish_at, now, stored);
  if (problem !== null)
    throw new HttpError(400, "validation", problem, [{ path: "body.publish_at", message: problem }]);
  return new Date(body.publish_at).toISOString();
}
