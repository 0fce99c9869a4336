import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderedMarkdown } from './rendered-markdown';

const render = (html: string) => renderToStaticMarkup(<RenderedMarkdown html={html} />).slice(5, -6);

// The inputs are what markdown-it answers on the server (docs/decisions/0116).
describe('Markdown rendered by the server, shown as React elements', () => {
  it('keeps the structure Markdown makes: paragraphs, emphasis, lists, code, line breaks', () => {
    const html =
      '<p><strong>Hi</strong> <em>all</em><br>\nsee:</p>\n<ol start="3">\n<li>one</li>\n</ol>\n<pre><code class="language-c">int a;\n</code></pre>\n';
    expect(render(html)).toBe(
      '<p dir="auto"><strong>Hi</strong> <em>all</em><br/>\nsee:</p>\n<ol start="3">\n<li dir="auto">one</li>\n</ol>\n<pre><code>int a;\n</code></pre>\n',
    );
  });

  it('shows escaped markup as text and never as a tag', () => {
    // Only `<` and `&` can open markup in text: preact-render-to-string leaves `>` and `'` as they are.
    expect(render('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>')).toBe(
      `<p dir="auto">&lt;script>alert(&quot;x&quot;)&lt;/script> &amp; 'q'</p>`,
    );
  });

  it('links only to https addresses, the app’s paths and mail addresses, each opened without a handle on the page', () => {
    expect(render('<p><a href="https://club.example.org/rules?a=1&amp;b=2">rules</a></p>')).toBe(
      '<p dir="auto"><a href="https://club.example.org/rules?a=1&amp;b=2" rel="noopener noreferrer">rules</a></p>',
    );
    expect(render('<p><a href="javascript:alert(1)">x</a><a href="data:text/html,hi">y</a></p>')).toBe(
      '<p dir="auto">xy</p>',
    );
    expect(render('<p><a href="/apply">apply</a> <a href="mailto:board@club.example.org">us</a></p>')).toBe(
      '<p dir="auto"><a href="/apply" rel="noopener noreferrer">apply</a> <a href="mailto:board@club.example.org" rel="noopener noreferrer">us</a></p>',
    );
  });

  it('makes no link of a protocol-relative, plain-http or user-named address (issue 35)', () => {
    expect(
      render(
        '<p><a href="//evil.example/x">f</a> <a href="/\\evil.example">g</a> <a href="http://evil.example">h</a> ' +
          '<a href="https://club.example.org@evil.example/">i</a></p>',
      ),
    ).toBe('<p dir="auto">f g h i</p>');
  });

  it('drops tags and attributes Markdown does not make, keeping their text', () => {
    expect(render('<div onclick="steal()"><script>evil()</script><p class="x" style="color:red">ok</p></div>')).toBe(
      'evil()<p dir="auto">ok</p>',
    );
  });

  it('lays each paragraph, item and heading out in the direction of its own first letter', () => {
    expect(render('<p>Hello.</p><ul><li>مرحبا</li></ul><blockquote><p>x</p></blockquote>')).toBe(
      '<p dir="auto">Hello.</p><ul><li dir="auto">مرحبا</li></ul><blockquote dir="auto"><p dir="auto">x</p></blockquote>',
    );
  });

  it('puts headings below the page sections and pictures as their description', () => {
    expect(render('<h1>Title</h1><p><img src="https://x.example/a.png" alt="A robot"></p>')).toBe(
      '<h3 dir="auto">Title</h3><p dir="auto">A robot</p>',
    );
  });
});
