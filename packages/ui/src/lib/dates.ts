/**
 * The one way the admin area writes a moment (a job queued, the last update, a message received): the date in the
 * medium style and the time, in the page's language ("Nov 28, 2026, 11:21 AM"; Arabic digits and month names in
 * Arabic).
 */
export function formatDateTime(locale: string, value: string | number | Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
}
