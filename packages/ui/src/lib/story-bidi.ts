import { expect } from "storybook/test";

/**
 * The characters of `text` as the screen shows them, from left to right: "+Rd1" when the bidi algorithm moved the
 * check sign of "Rd1+" to the other side in a right-to-left sentence. `text` is looked up in one text node of
 * `container` (isolated move text is one node: a `<bdi>`'s, or a sentence with LRI … PDI around the move).
 */
export function shownLeftToRight(container: Element, text: string): string {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(text) ?? -1;
    if (at === -1) continue;
    const range = document.createRange();
    const placed = Array.from(text, (character, index) => {
      range.setStart(node, at + index);
      range.setEnd(node, at + index + 1);
      const box = range.getBoundingClientRect();
      return { character, centre: box.left + box.width / 2 };
    });
    return placed
      .sort((a, b) => a.centre - b.centre)
      .map((placed) => placed.character)
      .join("");
  }
  return `(no text node holds "${text}")`;
}

/** Move text (SAN, move numbers, evaluations) reads left to right on the screen, in a sentence of either direction. */
export async function expectShownLeftToRight(container: Element, ...texts: string[]) {
  for (const text of texts) await expect(shownLeftToRight(container, text)).toBe(text);
}
