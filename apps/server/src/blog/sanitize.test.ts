import {
  cleanStyle,
  isAllowedEmbedUrl,
  isAllowedImageSrc,
  isAllowedLinkUrl,
  nestingDepth,
  SANITIZE_ALLOWED_TAGS,
  SANITIZE_MAX_NESTING,
  sanitizeWith,
} from "@ct/contract";
import createDOMPurify, { type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { SEED_POSTS } from "../seed/posts";
import { XSS_PAYLOADS } from "../testing/xss-payloads";
import { sanitizePostHtml } from "./sanitize";

const { document } = new JSDOM("").window;

/** The sanitised HTML parsed again, as a browser would when it renders the post. */
function elementsOf(html: string): Element[] {
  const template = document.createElement("template");
  template.innerHTML = html;
  return Array.from(template.content.querySelectorAll("*"));
}

const ALLOWED = new Set<string>(SANITIZE_ALLOWED_TAGS);
const EMBED = /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{11}(?:\?[A-Za-z0-9_=&.-]*)?$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a browser ignores these inside a URL scheme.
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\ufeff]/g;

describe("sanitizePostHtml against known XSS payloads", () => {
  it("has a long list of payloads, each different", () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(120);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
  });

  it.each(XSS_PAYLOADS.map((payload, index) => [index, payload] as const))(
    "payload %i: %s",
    (_index, payload) => {
      const output = sanitizePostHtml(payload);
      expect(output).not.toMatch(/<script/i);
      expect(output).not.toMatch(/javascript:|vbscript:/i);
      for (const element of elementsOf(output)) {
        const tag = element.localName;
        expect(ALLOWED.has(tag), `<${tag}> in ${output}`).toBe(true);
        for (const attribute of Array.from(element.attributes)) {
          expect(attribute.name, output).not.toMatch(/^on/i);
          const value = attribute.value.replace(IGNORED_IN_SCHEME, "").toLowerCase();
          expect(value, output).not.toMatch(/^(?:javascript|vbscript|data):/);
          expect(["srcdoc", "srcset", "action", "formaction", "xlink:href"]).not.toContain(attribute.name);
        }
        if (tag === "iframe") expect(element.getAttribute("src") ?? "").toMatch(EMBED);
        if (tag === "img") expect(isAllowedImageSrc(element.getAttribute("src") ?? "")).toBe(true);
        if (tag === "a" && element.hasAttribute("href"))
          expect(isAllowedLinkUrl(element.getAttribute("href") ?? "")).toBe(true);
      }
      // Stable: sanitising the result again changes nothing (no markup that mutates on a second parse).
      expect(sanitizePostHtml(output)).toBe(output);
    },
  );
});

describe("sanitizePostHtml keeps the post's own markup", () => {
  it("keeps every allowed element with its allowed attributes", () => {
    const html = [
      "<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>",
      '<p style="text-align: center">Centred <strong>strong</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s></p>',
      '<p dir="rtl">النص العربي يبقى كما هو</p>',
      "<ul><li>one</li><li>two</li></ul>",
      '<ol start="3"><li>three</li></ol>',
      "<blockquote><p>Quote</p></blockquote>",
      "<pre><code>1. e4 e5</code></pre>",
      '<p><a href="https://example.org/page?a=1" rel="noopener noreferrer">out</a> ',
      '<a href="/blog/other-post" rel="noopener noreferrer">in</a> ',
      '<a href="mailto:coach@example.org" rel="noopener noreferrer">mail</a> ',
      '<a href="#moves" rel="noopener noreferrer">anchor</a></p>',
      '<figure><img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="Uploaded image" title="Board" width="400" height="300">',
      "<figcaption>Caption</figcaption></figure>",
      '<img src="https://images.example.org/a.jpg" alt="Remote">',
      "<hr>",
      '<div class="note"><span class="hint">plain block</span><br></div>',
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560" height="315" frameborder="0" ',
      'allow="accelerometer; autoplay; encrypted-media; picture-in-picture" allowfullscreen="" scrolling="no" ',
      'title="Video"></iframe>',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=30"></iframe>',
    ].join("");
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("keeps chess-diagram and youtube blocks", () => {
    const diagram = '<div data-type="chess-diagram" data-fen="1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"></div>';
    const watch = '<div data-type="youtube" data-src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></div>';
    const short = '<div data-type="youtube" data-src="https://youtu.be/dQw4w9WgXcQ"></div>';
    const embed =
      '<div data-type="youtube" data-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></div>';
    for (const block of [diagram, watch, short, embed]) expect(sanitizePostHtml(block)).toBe(block);
  });

  it("drops a youtube block whose address is not a YouTube video, with its content", () => {
    for (const src of ["https://vimeo.com/123", "https://youtu.be/short", "javascript:alert(1)", ""]) {
      const html = `<p>before</p><div data-type="youtube" data-src="${src}"><p>inside</p></div><p>after</p>`;
      expect(sanitizePostHtml(html)).toBe("<p>before</p><p>after</p>");
    }
    expect(sanitizePostHtml('<div data-type="youtube"></div>')).toBe("");
  });

  it("keeps a diagram block but removes a data-fen that is not FEN text", () => {
    expect(sanitizePostHtml('<div data-type="chess-diagram" data-fen="<b>x</b>"></div>')).toBe(
      '<div data-type="chess-diagram"></div>',
    );
  });

  it("removes data attributes outside their blocks and unknown block types", () => {
    expect(sanitizePostHtml('<div data-type="poll" data-fen="8/8" data-src="x">a</div>')).toBe(
      "<div>a</div>",
    );
    expect(sanitizePostHtml('<p data-type="youtube" data-src="https://youtu.be/dQw4w9WgXcQ">a</p>')).toBe(
      "<p>a</p>",
    );
    expect(
      sanitizePostHtml(
        '<div data-type="chess-diagram" data-fen="8/8/8/8/8/8/8/K6k w - - 0 1" data-src="x"></div>',
      ),
    ).toBe('<div data-type="chess-diagram" data-fen="8/8/8/8/8/8/8/K6k w - - 0 1"></div>');
  });

  it("keeps only harmless style declarations", () => {
    expect(cleanStyle("text-align: right; position: absolute; color: #1a2b3c")).toBe(
      "text-align: right; color: #1a2b3c",
    );
    expect(cleanStyle("width: 50%; max-width: 400px; height: auto")).toBe(
      "width: 50%; max-width: 400px; height: auto",
    );
    expect(cleanStyle("background: url(x); color: red !important; font-weight: bold")).toBe(
      "font-weight: bold",
    );
    expect(cleanStyle("color: rgb(10, 20, 30); background-color: expression(alert(1))")).toBe(
      "color: rgb(10, 20, 30)",
    );
    expect(sanitizePostHtml('<p style="position: fixed; inset: 0">x</p>')).toBe("<p>x</p>");
  });

  it("sets rel on every link and removes targets", () => {
    expect(sanitizePostHtml('<a href="https://example.org" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer">x</a>',
    );
  });

  it("removes images that are not https or uploads, and iframes that are not YouTube embeds", () => {
    expect(sanitizePostHtml('<img src="/etc/passwd"><img src="//evil.example/a.png"><p>x</p>')).toBe(
      "<p>x</p>",
    );
    // Plain http is what the page's CSP (img-src ... https:) would block: the two agree.
    expect(sanitizePostHtml('<img src="http://images.example.org/a.jpg" alt="x"><p>x</p>')).toBe("<p>x</p>");
    expect(
      sanitizePostHtml('<iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe><p>x</p>'),
    ).toBe("<p>x</p>");
  });

  it("treats names of Object.prototype as unknown styles and attributes (no throw)", () => {
    expect(sanitizePostHtml('<p style="constructor: red; color: red" toString="x">a</p>')).toBe(
      '<p style="color: red">a</p>',
    );
    expect(sanitizePostHtml('<p style="__proto__: 1; hasOwnProperty: 2">b</p>')).toBe("<p>b</p>");
  });

  it("leaves the seed posts as they are", () => {
    for (const post of SEED_POSTS) expect(sanitizePostHtml(String(post.content))).toBe(post.content);
  });
});

describe("deeply nested markup", () => {
  it("keeps nesting the editor can produce", () => {
    const lists = `${"<ul><li><p>level</p>".repeat(30)}${"</li></ul>".repeat(30)}`;
    expect(nestingDepth(lists)).toBe(30);
    expect(sanitizePostHtml(lists)).toBe(lists);
    const bold = `<p>${"<b>".repeat(SANITIZE_MAX_NESTING - 1)}x${"</b>".repeat(SANITIZE_MAX_NESTING - 1)}</p>`;
    expect(sanitizePostHtml(bold)).toBe(bold);
  });

  it("reduces markup nested past the limit to its text, quickly", () => {
    const started = Date.now();
    expect(sanitizePostHtml(`${"<div>".repeat(20_000)}deeper`)).toBe("<p>deeper</p>");
    expect(sanitizePostHtml(`<p>${"<b>".repeat(5000)}bold${"</b>".repeat(5000)}</p>`)).toBe("<p>bold</p>");
    expect(sanitizePostHtml(`${"<ul><li>".repeat(3000)}item`)).toBe("<p>item</p>");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("counts nesting as a parser reads it", () => {
    expect(nestingDepth('<div title="</div>">'.repeat(200))).toBe(200);
    expect(nestingDepth("<div><textarea></div></textarea>".repeat(200))).toBe(201);
    expect(nestingDepth("<div><!-- </div> -->".repeat(200))).toBe(200);
    expect(nestingDepth("<p>a<p>b<br><img src=x><hr>".repeat(500))).toBe(0);
    expect(nestingDepth("<a ".repeat(1000))).toBe(1);
  });
});

describe("the policy's URL rules", () => {
  it("accepts links over http(s), mailto and relative paths only", () => {
    for (const ok of [
      "https://a.example",
      "http://a.example/x",
      "mailto:a@b.example",
      "/blog",
      "#top",
      "page?x=1",
    ])
      expect(isAllowedLinkUrl(ok), ok).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT:x",
      "java\tscript:x",
      "data:text/html,x",
      "//evil.example",
      "tel:1",
      "ftp://x",
      "",
    ])
      expect(isAllowedLinkUrl(bad), bad).toBe(false);
  });

  it("accepts YouTube embed addresses over https only", () => {
    expect(isAllowedEmbedUrl("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe(true);
    expect(isAllowedEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(true);
    expect(isAllowedEmbedUrl("http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe(false);
    expect(isAllowedEmbedUrl("https://youtube.com/embed/dQw4w9WgXcQ")).toBe(false);
    expect(isAllowedEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXc")).toBe(false);
    expect(isAllowedEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ/x")).toBe(false);
  });
});

describe("sanitizeWith on another DOMPurify instance", () => {
  it("gives the same answer and leaves no hook behind", () => {
    const purify = createDOMPurify(new JSDOM("").window as unknown as WindowLike);
    const html =
      '<p onclick="x">a</p><a href="javascript:x">b</a><div data-type="youtube" data-src="x"></div>';
    expect(sanitizeWith(purify, html)).toBe(sanitizePostHtml(html));
    // Without the policy's hook, plain DOMPurify keeps what the policy removes.
    expect(
      purify.sanitize('<div data-type="youtube" data-src="x"></div>', {
        ALLOWED_ATTR: ["data-type", "data-src"],
      }),
    ).toBe('<div data-type="youtube" data-src="x"></div>');
  });
});
