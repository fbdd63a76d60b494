/**
 * Move text (SAN, a numbered line, an evaluation, an address) isolated left to right, LRI … PDI, for a sentence the
 * texts compose: "مع \u2066Rd1+\u2069 …" keeps "Rd1+" and "4...Nf6" in their order inside Arabic, where the bidi
 * algorithm would show "+Rd1" and "Nf6...4". For a value that is an element of its own, `<bdi dir="ltr">` does it.
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}
