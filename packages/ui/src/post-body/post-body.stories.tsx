import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { PIECE_CODES, type PieceCode } from "../board";
import type { DiagramPosition } from "../chess-diagram";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import type { RenderLinkProps } from "../nav-bar";
import { PostBody, type PostBodyDiagramTexts } from "./post-body";

const ARTICLE = `
<h2>Why the Sicilian?</h2>
<p>After <strong>1.e4 c5</strong> Black fights for the centre from the side. Read the
<a href="https://en.wikipedia.org/wiki/Sicilian_Defence">history of the opening</a> or practise it in
<a href="/training/opening">the opening module</a>.</p>
<div data-type="chess-diagram" data-fen="rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"></div>
<h3>Plans for White</h3>
<ul><li>Open the centre with d4.</li><li>Develop quickly and castle.</li></ul>
<ol start="3"><li>Third idea</li><li>Fourth idea</li></ol>
<blockquote><p>Every chess master was once a beginner.</p></blockquote>
<div data-type="youtube" data-src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></div>
<p style="text-align: center">The end.</p>`;

const ARABIC_ARTICLE = `
<h2 dir="rtl">لماذا الدفاع الصقلي؟</h2>
<p>بعد <strong>1.e4 c5</strong> يقاتل الأسود على المركز من الجناح.</p>
<div data-type="chess-diagram" data-fen="rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"></div>
<ul><li>افتح المركز بالنقلة d4.</li><li>طوّر قطعك بسرعة وبيّت ملكك.</li></ul>
<div data-type="youtube" data-src="https://youtu.be/dQw4w9WgXcQ"></div>`;

function useDiagramTexts(): PostBodyDiagramTexts {
  const { t } = useTranslation();
  return {
    label: ({ turn }: DiagramPosition) => t("post.diagram.label", { side: t(`post.diagram.sides.${turn}`) }),
    pieceLabels: Object.fromEntries(PIECE_CODES.map((code) => [code, t(`board.pieces.${code}`)])) as Record<
      PieceCode,
      string
    >,
    invalidMessage: t("post.diagram.invalid"),
  };
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A blog post's body (spec section 2): the HTML is sanitised in the browser with the same policy
the server applies, then rendered; \`div[data-type=chess-diagram]\` blocks become boards and
\`div[data-type=youtube]\` blocks (and YouTube iframes) become players. Use it for the post page, and for the editor's
preview so both show the same.

**Do**
- Pass the stored HTML as it is: the body sanitises it itself, whatever its source.
- Give \`diagram\` and \`video\` their texts in the page's language: each diagram's accessible name, piece names and
  invalid message, and each video's title and link text.
- Pass the site's router link as \`renderLink\`, so links to the site's own pages do not reload it.

**Don't**
- Don't render post HTML anywhere with \`dangerouslySetInnerHTML\`: it would skip the sanitising and the diagrams.
- Don't style a post's elements one by one: the body's typography (\`postBodyClassName\`) is shared with the editor.`;

const meta = {
  title: "Blog/PostBody",
  component: PostBody,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    html: ARTICLE,
    diagram: { label: "", pieceLabels: {} as Record<PieceCode, string>, invalidMessage: "" },
    video: { title: "", invalidMessage: "", watchLabel: "" },
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <PostBody
        {...args}
        {...textsOr(args, {
          diagram: useDiagramTexts(),
          video: {
            title: t("post.video.title"),
            invalidMessage: t("post.video.invalid"),
            watchLabel: t("post.video.watch"),
          },
        })}
        className="max-w-[860px]"
      />
    );
  },
} satisfies Meta<typeof PostBody>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Article fixture's blocks, split: its text blocks, and its diagram and video blocks. */
const BLOCKS = /<div data-type="[^"]+" data-[a-z]+="[^"]*"><\/div>/g;
const OVERVIEW_BODIES = [
  { label: "Text, lists, quote", own: () => ({ html: ARTICLE.replace(BLOCKS, "") }) },
  { label: "Diagram and video blocks", own: () => ({ html: (ARTICLE.match(BLOCKS) ?? []).join("\n") }) },
  { label: "Invalid diagram", own: () => InvalidDiagram.args },
];

/** What a post's body renders: text with headings, lists and a quote; a diagram and a video; a broken diagram. */
export const Overview: Story = {
  // The broken diagram's board rasterises one tile edge either way from run to run (InvalidDiagram's TILE_EDGE_NOISE).
  parameters: { visual: { maxDiffPixels: 24 } },
  render: (args, context) => (
    <Variants className="grid grid-cols-2 gap-x-6">
      {OVERVIEW_BODIES.map(({ label, own }) => (
        <Variant key={label} label={label} className="min-w-0 items-stretch">
          <FromStory meta={meta} globals={context.globals} args={{ ...args, ...own() }} />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_BODIES.map(({ label }) => label),
    );
    const text = within(shown["Text, lists, quote"] as HTMLElement);
    await expect(text.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(text.getAllByRole("list")).toHaveLength(2);
    await expect(text.queryByRole("group")).toBeNull();
    const blocks = within(shown["Diagram and video blocks"] as HTMLElement);
    await expect(
      blocks.getByRole("group", { name: t("post.diagram.label", { side: t("post.diagram.sides.b") }) }),
    ).toBeVisible();
    await expect(blocks.getByTitle(t("post.video.title")).tagName).toBe("IFRAME");
    await expect(within(shown["Invalid diagram"] as HTMLElement).getByRole("alert")).toHaveTextContent(
      t("post.diagram.invalid"),
    );
  },
};

/** Text, lists, a quote, a diagram block and a video block, as the editor stores them. */
export const Article: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2 })).toHaveTextContent("Why the Sicilian?");
    await expect(canvas.getAllByRole("listitem")).toHaveLength(4);
    await expect(canvasElement.querySelector("ol")).toHaveAttribute("start", "3");
    await expect(canvas.getByText("The end.")).toHaveStyle({ textAlign: "center" });
    const board = canvas.getByRole("group", {
      name: t("post.diagram.label", { side: t("post.diagram.sides.b") }),
    });
    await expect(board).toBeVisible();
    const frame = canvas.getByTitle(t("post.video.title"));
    await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    const link = canvas.getByRole("link", { name: "history of the opening" });
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(canvas.queryByRole("alert")).toBeNull();
    // Under the player, a link to the video on YouTube: the way to watch it where the player cannot load.
    await expect(canvas.getByRole("link", { name: t("post.video.watch") })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
  },
};

/** A diagram block whose position is broken: the alert, and the start position. */
/**
 * The board under the error sits at a fractional height on the page, and Chromium rasterises one tile edge of its
 * first rank either way from run to run (10 pixels in the dark modes, over the suite's 8): up to 24 are tolerated.
 */
const TILE_EDGE_NOISE = { visual: { maxDiffPixels: 24 } };

export const InvalidDiagram: Story = {
  parameters: TILE_EDGE_NOISE,
  args: {
    html: '<p>A broken diagram:</p><div data-type="chess-diagram" data-fen="8/8/8/8 w"></div>',
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(t("post.diagram.invalid"));
    await expect(canvas.getAllByRole("img", { name: t("board.pieces.wP") })).toHaveLength(8);
  },
};

declare global {
  interface Window {
    __postBodyXss?: number;
  }
}

/** Script payloads are removed before anything reaches the page. */
export const HostileHtml: Story = {
  args: {
    html: `<p>Safe text</p>
<script>window.__postBodyXss = 1</script>
<img src="x" onerror="window.__postBodyXss = 2">
<a href="javascript:window.__postBodyXss = 3">click me</a>
<iframe src="https://evil.example/embed"></iframe>
<div onclick="window.__postBodyXss = 4" data-type="chess-diagram" data-fen="<b>">x</div>
<p style="background-image: url(javascript:alert(1)); color: #b91c1c">Styled</p>`,
  },
  beforeEach: () => {
    window.__postBodyXss = 0;
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Safe text")).toBeVisible();
    await expect(canvasElement.querySelector("script, [onerror], [onclick], img")).toBeNull();
    const link = canvas.getByText("click me");
    await expect(link).not.toHaveAttribute("href");
    await userEvent.click(link);
    await expect(canvasElement.querySelector("iframe")).toBeNull();
    // The diagram block lost its bad FEN, so it shows the invalid-position fallback.
    await expect(canvas.getByRole("alert")).toHaveTextContent(t("post.diagram.invalid"));
    await expect(canvas.getByText("Styled").getAttribute("style")).not.toContain("url");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(window.__postBodyXss).toBe(0);
  },
};

/** Images never overflow the column. */
export const WideImage: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    // An https address (the only kind besides /uploads/ the sanitiser keeps); it need not load.
    const src = "https://images.example.org/wide-board.png";
    return (
      <PostBody
        {...args}
        html={`<p>Below, a wide image.</p><img src="${src}" alt="A wide board" width="1600" height="400">`}
        {...textsOr(args, {
          diagram: useDiagramTexts(),
          video: {
            title: t("post.video.title"),
            invalidMessage: t("post.video.invalid"),
            watchLabel: t("post.video.watch"),
          },
        })}
        className="w-[400px]"
      />
    );
  },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole("img", { name: "A wide board" });
    await expect(image.getBoundingClientRect().width).toBeLessThanOrEqual(400);
  },
};

/** Links to the site's own pages go through the router's link (here a spy). */
export const InternalLinks: Story = {
  args: {
    renderLink: fn(({ href, className, children }: RenderLinkProps) => (
      <a href={href} className={className} data-router-link="">
        {children}
      </a>
    )),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "the opening module" })).toHaveAttribute(
      "data-router-link",
    );
    await expect(canvas.getByRole("link", { name: "history of the opening" })).not.toHaveAttribute(
      "data-router-link",
    );
    await expect(args.renderLink).toHaveBeenCalledOnce();
  },
};

export const Arabic: Story = {
  args: { html: ARABIC_ARTICLE },
  ...ARABIC_STORY,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2 })).toHaveTextContent("لماذا الدفاع الصقلي؟");
    await expect(
      canvas.getByRole("group", { name: t("post.diagram.label", { side: t("post.diagram.sides.w") }) }),
    ).toHaveAttribute("dir", "ltr");
    await waitFor(() =>
      expect(canvas.getByTitle(t("post.video.title"))).toHaveAttribute(
        "src",
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      ),
    );
    await expect(canvas.getByRole("link", { name: t("post.video.watch") })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
    // Bullets sit on the start side: the list is indented from the right in Arabic.
    const list = canvasElement.querySelector("ul");
    await expect(list && getComputedStyle(list).paddingInlineStart).toBe("24px");
  },
};

export const ArabicInvalidDiagram: Story = {
  args: InvalidDiagram.args,
  ...ARABIC_STORY,
  parameters: { ...ARABIC_STORY.parameters, ...TILE_EDGE_NOISE },
  play: InvalidDiagram.play,
};
