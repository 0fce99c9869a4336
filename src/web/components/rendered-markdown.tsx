import { createElement, Fragment, type ReactNode } from 'react';
import { isAllowedLink } from '../../contract/links';

/*
 * The HTML the server renders from the board's Markdown (docs/decisions/0116: markdown-it, raw
 * HTML off, so every `<` a person typed arrives escaped and every tag is markdown-it's own).
 * Rather than setting it as markup (which app/markup-safety.test.ts forbids everywhere), it is
 * read into React elements here: only the tags Markdown makes, only the attributes listed, links
 * only where the server lets them lead (https with a host, the app's own paths, mail addresses:
 * contract/links.ts). Anything else keeps its text and loses its tag, so a surprise in the HTML
 * can at worst show as text, never run nor lead elsewhere.
 */

type Element = { tag: string; attrs: Record<string, string>; children: Node[] };
type Node = Element | string;

const TAGS = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
const VOID = new Set(['br', 'hr', 'img']);
/** Blocks of text: each takes the direction of its own first letter, whatever the page's (an English paragraph in an Arabic page). */
const OWN_DIRECTION = new Set(['p', 'li', 'blockquote', 'td', 'th']);
const HEADING = /^h([1-6])$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name] ?? whole;
    const code = /^#[xX]/.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const attributesOf = (source: string) =>
  Object.fromEntries(
    [...source.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
      name.toLowerCase(),
      decode(value),
    ]),
  );

/** The tree of the HTML: tags and their text; a closing tag with no open match is ignored. */
export function parseHtml(html: string): Node[] {
  const root: Element = { tag: '', attrs: {}, children: [] };
  const open: Element[] = [root];
  for (const [whole, closing, name, rest = '', text] of html.matchAll(
    /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>|([^<]+)|</g,
  )) {
    const parent = open[open.length - 1] ?? root;
    if (!name) {
      parent.children.push(decode(text ?? whole));
      continue;
    }
    const tag = name.toLowerCase();
    if (closing) {
      const at = open.map((element) => element.tag).lastIndexOf(tag);
      if (at > 0) open.length = at;
      continue;
    }
    const element: Element = { tag, attrs: attributesOf(rest), children: [] };
    parent.children.push(element);
    if (!VOID.has(tag) && !rest.trim().endsWith('/')) open.push(element);
  }
  return root.children;
}

function toReact(nodes: Node[]): ReactNode[] {
  return nodes.map((node, key) => {
    if (typeof node === 'string') return node;
    const children = toReact(node.children);
    const { tag, attrs } = node;
    const heading = HEADING.exec(tag);
    if (heading) {
      // The message sits under the page's h2: its own headings start below that.
      return createElement(`h${Math.min(6, Number(heading[1]) + 2)}`, { key, dir: 'auto' }, ...children);
    }
    if (tag === 'a' && isAllowedLink(attrs.href ?? '', globalThis.location?.origin)) {
      return createElement('a', { key, href: attrs.href, rel: 'noopener noreferrer' }, ...children);
    }
    // Pictures from any address are not fetched on the candidate's page: their description stands in.
    if (tag === 'img') return attrs.alt ?? '';
    if (tag === 'ol' && attrs.start) return createElement('ol', { key, start: Number(attrs.start) }, ...children);
    if (OWN_DIRECTION.has(tag)) return createElement(tag, { key, dir: 'auto' }, ...children);
    if (TAGS.has(tag)) return createElement(tag, { key }, ...children);
    return createElement(Fragment, { key }, ...children);
  });
}

/** The server's HTML of a Markdown text, as React elements (see above). */
export function RenderedMarkdown({ html, className }: { html: string; className?: string }) {
  return <div className={className}>{toReact(parseHtml(html))}</div>;
}
