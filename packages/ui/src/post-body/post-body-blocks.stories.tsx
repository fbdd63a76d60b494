import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectShownLeftToRight } from "../lib/story-bidi";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { PostBody } from "./post-body";

/** The editor's blocks as it stores them: paragraphs with dir="auto", a code block, a rule, a table, a figure. */
const BLOCKS = `
<p dir="auto">The bridge wins the Lucena position in five moves.</p>
<p dir="auto">بناء الجسر هو طريقة الفوز في وضعية لوسينا.</p>
<pre><code>1. Rd1+ Ke7 2. Rd4 Ra2 3. Kc7 Rc2+ 4. Kb6 Rb2+ 5. Kc6 Rc2+ 6. Rc4</code></pre>
<hr>
<table><tbody>
<tr><th><p dir="auto">Move</p></th><th><p dir="auto">Idea</p></th><th><p dir="auto">النقلة</p></th></tr>
<tr><td><p dir="auto">Rd1+</p></td><td><p dir="auto">Cut the king off</p></td><td><p dir="auto">اعزل الملك</p></td></tr>
<tr><td><p dir="auto">Rd4</p></td><td><p dir="auto">Build the bridge</p></td><td><p dir="auto">ابنِ الجسر</p></td></tr>
</tbody></table>
<figure><img src="https://images.example.org/none.png" alt="The Lucena position" width="120" height="80"><figcaption dir="auto">White to move builds a bridge</figcaption></figure>`;

/** A table wider than a phone: the words in its cells do not break. */
const WIDE_TABLE = `<table><tbody>
<tr><th>Zwischenzug</th><th>Candidates</th><th>Evaluation</th><th>Explanation</th><th>Continuation</th></tr>
<tr><td>Rd1+</td><td>Ke7</td><td>+5.2</td><td>Cut-off</td><td>Rd4</td></tr>
</tbody></table>`;

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The post body's blocks from the editor: paragraphs that run the way their own text goes
(\`dir="auto"\`: an Arabic line in an English post runs right to left), a code block (always left to right), a
horizontal rule, a table (ruled cells, a tinted header row, in a box of its own that scrolls sideways when it is wider
than the column: a named region, focusable so a keyboard can scroll it) and an image with its caption.

**Do**
- Pass \`table\` with the region's name in the page's language.

**Don't**
- Don't let a wide table widen the page: it scrolls in its own box.`;

const meta = {
  title: "Blog/PostBody Blocks",
  component: PostBody,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    html: BLOCKS,
    diagram: { label: "", pieceLabels: {} as never, invalidMessage: "" },
    video: { title: "", invalidMessage: "", watchLabel: "" },
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return <PostBody {...args} table={{ label: t("post.table.label") }} className="max-w-[860px]" />;
  },
} satisfies Meta<typeof PostBody>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The blocks in an English post and in an Arabic one, whatever the toolbar's locale (each paragraph its own way, the
 * code left to right, the table the post's way), and a table wider than its column scrolling in its own box (a
 * phone's 320 px column).
 */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  // One post under the other, each as wide as a post's column: two side by side would squeeze the code block into a
  // box that scrolls.
  render: (args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="English post" className="min-w-0 items-stretch">
        <FromStory
          meta={meta}
          story={Blocks}
          globals={context.globals}
          args={{ ...args, dir: "ltr", lang: "en" }}
        />
      </Variant>
      <Variant label="Arabic post" className="min-w-0 items-stretch">
        <FromStory meta={meta} story={Arabic} globals={context.globals} args={args} />
      </Variant>
      <Variant label="Wide table, narrow column" className="w-[320px] min-w-0 items-stretch">
        <FromStory meta={meta} story={WideTableOnAPhone} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      "English post",
      "Arabic post",
      "Wide table, narrow column",
    ]);
    const direction = (element: Element | null | undefined) => element && getComputedStyle(element).direction;
    const english = shown["English post"] as HTMLElement;
    const [englishLine, arabicLine] = Array.from(english.querySelectorAll("[data-slot=post-body] > p"));
    await expect(direction(englishLine)).toBe("ltr");
    await expect(direction(arabicLine)).toBe("rtl");
    await expect(direction(english.querySelector("pre"))).toBe("ltr");
    await expect(direction(english.querySelector("table"))).toBe("ltr");
    const arabic = shown["Arabic post"] as HTMLElement;
    await expect(direction(arabic.querySelector("table"))).toBe("rtl");
    await expect(direction(arabic.querySelector("pre"))).toBe("ltr");
    const region = within(shown["Wide table, narrow column"] as HTMLElement).getByRole("region", {
      name: t("post.table.label"),
    });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
  },
};

/** Each block as the editor wrote it: the Arabic paragraph right to left, the code left to right. */
export const Blocks: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const body = within(canvasElement);
    const direction = (element: Element) => getComputedStyle(element).direction;
    const [english, arabic] = Array.from(canvasElement.querySelectorAll("[data-slot=post-body] > p"));
    await expect(english && direction(english)).toBe("ltr");
    await expect(arabic && direction(arabic)).toBe("rtl");
    const code = canvasElement.querySelector("pre");
    await expect(code && direction(code)).toBe("ltr");
    // The code block scrolls sideways when it is wider than the column: a tab stop, so a keyboard can scroll it.
    await expect(code).toHaveAttribute("tabindex", "0");
    await expect(canvasElement.querySelectorAll("hr")).toHaveLength(1);
    const region = body.getByRole("region", { name: t("post.table.label") });
    await expect(region).toHaveAttribute("tabindex", "0");
    await expect(within(region).getAllByRole("columnheader")).toHaveLength(3);
    await expect(within(region).getAllByRole("row")).toHaveLength(3);
    const figure = body.getByRole("figure");
    await expect(within(figure).getByRole("img", { name: "The Lucena position" })).toBeInTheDocument();
    await expect(figure.querySelector("figcaption")).toHaveTextContent("White to move builds a bridge");
  },
};

/** A phone: a table wider than the column scrolls sideways in its own box; the page keeps its width. */
export const WideTableOnAPhone: Story = {
  args: { html: WIDE_TABLE },
  globals: { viewport: { value: "mobile1" } },
  parameters: chromaticParameters({ viewport: "mobile1" }),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const region = within(canvasElement).getByRole("region", { name: t("post.table.label") });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** An Arabic post (the body right to left): the English paragraph runs left to right, the table right to left. */
export const Arabic: Story = {
  ...ARABIC_STORY,
  render: function Render(args) {
    const { t } = useTranslation();
    return <PostBody {...args} dir="rtl" lang="ar" table={{ label: t("post.table.label") }} />;
  },
  play: async ({ canvasElement }) => {
    const [english] = Array.from(canvasElement.querySelectorAll("[data-slot=post-body] > p"));
    await expect(english && getComputedStyle(english).direction).toBe("ltr");
    const table = canvasElement.querySelector("table");
    await expect(table && getComputedStyle(table).direction).toBe("rtl");
    await expectShownLeftToRight(table as HTMLTableElement, "Rd1+");
  },
};

/**
 * A pasted table in an Arabic post, its cells bare text: each cell runs the way its own text goes, so "Rd1+" and
 * "+5.2" keep their signs where they were written.
 */
export const ArabicWideTable: Story = {
  ...ARABIC_STORY,
  args: { html: WIDE_TABLE },
  render: function Render(args) {
    const { t } = useTranslation();
    return <PostBody {...args} dir="rtl" lang="ar" table={{ label: t("post.table.label") }} />;
  },
  play: async ({ canvasElement }) => {
    const table = canvasElement.querySelector("table");
    await expect(table && getComputedStyle(table).direction).toBe("rtl");
    await expectShownLeftToRight(table as HTMLTableElement, "Rd1+", "Ke7", "+5.2");
  },
};
