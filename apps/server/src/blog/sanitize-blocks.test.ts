import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "./sanitize";

/**
 * The editor's blocks (issue 37): paragraphs that pick their own direction, tables, rules, code blocks and images
 * with a caption survive the sanitiser as the editor writes them; anything else on them goes.
 */
describe("sanitizePostHtml keeps the editor's blocks", () => {
  it("keeps dir on paragraphs, headings and list items, only as auto, ltr or rtl", () => {
    const html =
      '<p dir="auto">An English line</p><p dir="auto">سطر عربي</p><h2 dir="auto">عنوان</h2>' +
      '<ul><li dir="auto"><p dir="auto">بند</p></li></ul><blockquote><p dir="ltr">x</p></blockquote>';
    expect(sanitizePostHtml(html)).toBe(html);
    expect(sanitizePostHtml('<p dir="sideways">a</p><h3 dir="auto;x">b</h3><li dir="">c</li>')).toBe(
      "<p>a</p><h3>b</h3><li>c</li>",
    );
  });

  it("keeps a table with its header row, body rows and numeric colspan and rowspan", () => {
    const html =
      "<table><thead><tr><th>Move</th><th>Idea</th></tr></thead><tbody>" +
      '<tr><td><p dir="auto">1. e4</p></td><td>Centre</td></tr>' +
      '<tr><td colspan="2">Both</td></tr><tr><td rowspan="3">Tall</td><th colspan="1" rowspan="1">h</th></tr>' +
      "</tbody></table>";
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("keeps a table as the editor stores it, dropping its column group and width styles", () => {
    const html =
      '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"><col></colgroup><tbody>' +
      '<tr><th colspan="1" rowspan="1"><p dir="auto">A</p></th></tr><tr><td><p dir="auto">1</p></td></tr>' +
      "</tbody></table>";
    expect(sanitizePostHtml(html)).toBe(
      '<table><tbody><tr><th colspan="1" rowspan="1"><p dir="auto">A</p></th></tr>' +
        '<tr><td><p dir="auto">1</p></td></tr></tbody></table>',
    );
  });

  it("drops colspan and rowspan that are not small positive numbers, and other table attributes", () => {
    const html =
      '<table border="1" summary="s" onclick="x()"><tbody><tr bgcolor="red">' +
      '<td colspan="0">a</td><td colspan="-1">b</td><td rowspan="2; x">c</td><td colspan="9999">d</td>' +
      '<td headers="h" scope="col" abbr="a" onmouseover="x()" data-colwidth="100">e</td></tr></tbody></table>';
    expect(sanitizePostHtml(html)).toBe(
      "<table><tbody><tr><td>a</td><td>b</td><td>c</td><td>d</td><td>e</td></tr></tbody></table>",
    );
  });

  it("keeps colspan and rowspan on table cells only", () => {
    expect(sanitizePostHtml('<p colspan="2" rowspan="2">a</p>')).toBe("<p>a</p>");
  });

  it("keeps nothing more of tables: caption, tfoot and col groups go, their text stays", () => {
    expect(
      sanitizePostHtml(
        "<table><caption>Cap</caption><tbody><tr><td>a</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>",
      ),
    ).toBe("<table>Cap<tbody><tr><td>a</td></tr></tbody><tr><td>f</td></tr></table>");
  });

  it("keeps horizontal rules and code blocks with a language class", () => {
    const html = '<p>a</p><hr><pre><code class="language-pgn">1. e4 e5\n2. Nf3</code></pre>';
    expect(sanitizePostHtml(html)).toBe(html);
    expect(sanitizePostHtml('<hr onclick="x()" size="3" noshade=""><pre width="80" wrap="">x</pre>')).toBe(
      "<hr><pre>x</pre>",
    );
  });

  it("keeps an image with its alt text and caption in a figure", () => {
    const html =
      '<figure><img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="The Lucena position">' +
      '<figcaption dir="auto">White builds a bridge</figcaption></figure>';
    expect(sanitizePostHtml(html)).toBe(html);
    expect(
      sanitizePostHtml(
        '<figure onclick="x()"><img src="javascript:alert(1)" alt="x"><figcaption onmouseover="x()">c</figcaption></figure>',
      ),
    ).toBe("<figure><figcaption>c</figcaption></figure>");
  });
});
