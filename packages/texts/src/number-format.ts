const formats = new Map<string, Intl.NumberFormat>();

/**
 * An Intl.NumberFormat made once per locale and options: making one costs far more than formatting with it, and a
 * counting number renders sixty times a second. For the texts' `{{count, number}}` (core.ts) and the components that
 * format numbers in the page's language (packages/ui); it imports nothing, so a component takes no i18next with it.
 */
export function numberFormat(
  locale: string | undefined,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `${locale ?? ""} ${options ? JSON.stringify(options) : ""}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
