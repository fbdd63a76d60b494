const formats = new Map<string, Intl.NumberFormat>();

/**
 * An Intl.NumberFormat made once per locale and options: making one costs far more than formatting with it, and a
 * counting number renders sixty times a second.
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
