import { OPENINGS, openingForName } from "@ct/chess";
import type { OpeningOption } from "@ct/ui";

/**
 * The opening filter's choices (spec section 2: the 29 named openings): the value is the English name the server
 * compares with a position's opening; the label is in the page's language, sorted by it.
 */
export function openingOptions(language: string): OpeningOption[] {
  const collator = new Intl.Collator(language);
  return OPENINGS.map((opening) => ({
    value: opening.name,
    label: language === "ar" ? opening.name_ar : opening.name,
  })).sort((a, b) => collator.compare(a.label, b.label));
}

/**
 * The filter's choices for one module: only the openings its positions have, each with its count ("Italian Game
 * (12)"), named in the page's language and sorted by that name.
 */
export function openingOptionsWithCounts(
  openings: readonly { name: string; count: number }[],
  language: string,
): OpeningOption[] {
  const collator = new Intl.Collator(language);
  const number = new Intl.NumberFormat(language);
  return openings
    .map((opening) => ({
      value: opening.name,
      label: `${openingLabel(opening.name, language)} (${number.format(opening.count)})`,
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** A position's opening in the page's language: the list's Arabic name when it is one of the 29. */
export function openingLabel(name: string, language: string): string {
  if (language !== "ar") return name;
  const opening = openingForName(name);
  return opening && opening.name === name ? opening.name_ar : name;
}
